// xterm.js headless on the same workload files as the JMH benchmark, with the same settings (120x40, 1000 lines of
// scrollback, unicode11 widths, 64 KiB writes). Prints one line per workload: NAME then MiB/s per measured iteration.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';

const { Terminal } = headless;
const { Unicode11Addon } = unicode11;
const dir = process.argv[2];
const WARMUP = 3, MEASURE = 5, CHUNK = 64 * 1024;

function feed(term, bytes) {
  return new Promise((resolve) => {
    for (let off = 0; off < bytes.length; off += CHUNK) {
      const end = Math.min(off + CHUNK, bytes.length);
      term.write(bytes.subarray(off, end), end === bytes.length ? resolve : undefined);
    }
  });
}

for (const name of ['ASCII', 'SGR_LOG', 'TUI', 'UNICODE']) {
  const bytes = new Uint8Array(readFileSync(join(dir, name + '.bin')));
  const term = new Terminal({ cols: 120, rows: 40, scrollback: 1000, allowProposedApi: true });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const rates = [];
  for (let i = 0; i < WARMUP + MEASURE; i++) {
    const start = process.hrtime.bigint();
    await feed(term, bytes);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (i >= WARMUP) rates.push((bytes.length / 1048576 / seconds).toFixed(2));
  }
  term.dispose();
  console.log(name + ' ' + rates.join(' '));
}
