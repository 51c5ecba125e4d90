// Bundles the page (src/main) with esbuild into OUT (the web module's jar resources):
//   index.html            the page, no-cache; names the bundles below
//   assets/app-HASH.js    every ES module of the page and xterm.js with its addons
//   assets/app-HASH.css   the page's style and xterm.css
//   assets/icon-HASH.svg  the page's icon (tab, installed app)
//   assets/manifest-HASH.webmanifest  the web app manifest: the page can be installed as an app, whose window passes
//                         Ctrl-W, Ctrl-T and Ctrl-N to the page (a browser tab keeps them for itself)
//   files.txt             what the server serves, one path a line
//   *.gz                  the bundles gzipped once here, served to browsers that accept gzip
// The hash in a name changes whenever the content does, so the server lets browsers cache assets for a year.
// VERSION is the build's version (the POM's project.version, passed by web/pom.xml): the page reports it to programs
// (XTVERSION) as the server's emulator does, from the same source.
// Usage: node build.mjs OUT VERSION
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [out, version] = process.argv.slice(2);
if (!out || !version) {
  console.error('usage: node build.mjs OUTPUT_DIR VERSION');
  process.exit(2);
}
rmSync(join(out, 'assets'), { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });

const result = await esbuild.build({
  entryPoints: { app: join(here, 'src/main/js/main.js'), style: join(here, 'src/main/css/page.css') },
  bundle: true,
  format: 'esm',
  target: ['chrome110', 'firefox115', 'safari16'],
  minify: true,
  sourcemap: false,
  legalComments: 'linked',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  outdir: join(out, 'assets'),
  metafile: true,
  loader: { '.txt': 'text' }, // the colour characterization the emulator also reads (src/main/js/xcms.js)
  define: { PTYCTL_VERSION: JSON.stringify(version) }, // see src/main/js/queries.js
  logLevel: 'warning',
});

/** Writes `bytes` as assets/NAME-HASH.EXT (the hash as esbuild's names have one: the name changes with the content). */
const hashed = (name, ext, bytes) => {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8).toUpperCase();
  const file = `assets/${name}-${hash}.${ext}`;
  writeFileSync(join(out, file), bytes);
  return file;
};
const icon = hashed('icon', 'svg', readFileSync(join(here, 'src/main/icons/icon.svg')));
// An installed app opens the list; "standalone": a window of its own, without the browser's tabs, address bar or keys.
const manifest = hashed('manifest', 'webmanifest', JSON.stringify({
  id: '/',
  name: 'ptyctl',
  short_name: 'ptyctl',
  description: 'Terminals of a ptyctl server',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#16181d',
  theme_color: '#1f2229',
  icons: [{ src: '/' + icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
}, null, 2) + '\n');

const produced = [...Object.keys(result.metafile.outputs).map((file) => relative(out, file)), icon, manifest];
const named = (ext) => {
  const hit = produced.find((file) => file.endsWith(ext) && !file.endsWith('.LEGAL.txt'));
  if (!hit) throw new Error(`esbuild produced no ${ext} bundle`);
  return '/' + hit.split('\\').join('/');
};
const html = readFileSync(join(here, 'src/main/html/index.html'), 'utf8')
  .replace('@APP_JS@', named('.js'))
  .replace('@APP_CSS@', named('.css'))
  .replace('@ICON@', '/' + icon)
  .replace('@MANIFEST@', '/' + manifest);
writeFileSync(join(out, 'index.html'), html);
for (const file of produced.filter((f) => f.endsWith('.js') || f.endsWith('.css'))) {
  writeFileSync(join(out, file + '.gz'), gzipSync(readFileSync(join(out, file)), { level: 9 }));
}
writeFileSync(join(out, 'files.txt'), ['index.html', ...produced].join('\n') + '\n');
console.log(`web: ${produced.map((file) => basename(file)).join(', ')}`);
