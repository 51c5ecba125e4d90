// xterm.js headless as a whole process, the counterpart of `ptyctl render FILE` in bench/render-run
// (docs/benchmarks.md): reads FILE in 64 KiB chunks, writes each into a headless Terminal with unicode11 widths
// (120x40, 10,000 lines of scrollback, render's default), awaits the last write's callback, then prints the screen's
// text as render does. Start-up (node, loading xterm.js) is part of the process; the bench cancels it out by
// comparing two file sizes.
//
// usage: node render.mjs FILE
import { openSync, readSync, closeSync } from 'node:fs';
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';

const { Terminal } = headless;
const { Unicode11Addon } = unicode11;
const CHUNK = 64 * 1024;
const COLS = 120;
const ROWS = 40;

const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: 10000, allowProposedApi: true });
term.loadAddon(new Unicode11Addon());
term.unicode.activeVersion = '11';

const fd = openSync(process.argv[2], 'r');
// Flow control as xterm.js asks for it: at most 1 MiB queued (it drops data past 50 MB), each chunk in a buffer of
// its own (a queued chunk is kept until parsed).
const AWAIT_EVERY = 16;
for (let chunks = 1; ; chunks++) {
  const chunk = Buffer.allocUnsafe(CHUNK);
  const n = readSync(fd, chunk, 0, CHUNK, null);
  if (n <= 0) {
    break;
  }
  if (chunks % AWAIT_EVERY === 0) {
    await new Promise((resolve) => term.write(chunk.subarray(0, n), resolve));
  } else {
    term.write(chunk.subarray(0, n));
  }
}
await new Promise((resolve) => term.write('', resolve)); // completes after every earlier write
closeSync(fd);
const buffer = term.buffer.active;
const lines = [];
for (let y = 0; y < ROWS; y++) {
  lines.push(buffer.getLine(buffer.viewportY + y).translateToString(true));
}
process.stdout.write(lines.join('\n') + '\n');
term.dispose();
