// xterm.js headless side of the emulator benchmark (docs/benchmarks.md). Measures one workload file with the
// settings of the JMH side: 120x40, 1000 lines of scrollback, unicode11 widths, 64 KiB writes, time-based warm-up
// and measurement iterations (each iteration feeds the whole workload as often as fits in its time, like JMH's
// AverageTime mode).
//
// usage: node bench.mjs FILE MODE WARMUP_ITERATIONS MEASURE_ITERATIONS ITERATION_SECONDS
//   MODE write: Terminal.write with the completion callback awaited, so the time includes all parsing and the
//               write buffer's own scheduling (it yields to the event loop every 12 ms) -- what a program sees.
//   MODE sync:  the internal writeSync: parsing only, no event-loop turns.
// Prints one line to stdout: "MODE wall" and MiB/s of wall-clock time per measurement iteration, then "cpu" and MiB
// per second of process CPU time (process.cpuUsage: every thread, user + system) for the same iterations. CPU time
// leaves out the event-loop waits of write mode, and depends far less than wall time on other processes' load.
import { readFileSync } from 'node:fs';
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';

const { Terminal } = headless;
const { Unicode11Addon } = unicode11;
const [file, mode, warmupIterations, measureIterations, iterationSeconds] = process.argv.slice(2);
const CHUNK = 64 * 1024;
const MIB = 1024 * 1024;

if (!['write', 'sync'].includes(mode)) {
  console.error('usage: node bench.mjs FILE write|sync WARMUP MEASURE SECONDS');
  process.exit(2);
}

function feedAwaited(term, bytes) {
  return new Promise((resolve) => {
    for (let off = 0; off < bytes.length; off += CHUNK) {
      const end = Math.min(off + CHUNK, bytes.length);
      // Writes are processed in order, so the last chunk's callback fires after every byte is parsed.
      term.write(bytes.subarray(off, end), end === bytes.length ? resolve : undefined);
    }
  });
}

function feedSync(term, bytes) {
  for (let off = 0; off < bytes.length; off += CHUNK) {
    term._core.writeSync(bytes.subarray(off, Math.min(off + CHUNK, bytes.length)));
  }
}

/** Feeds the workload until `seconds` have passed; returns MiB/s of wall-clock time and of CPU time. */
async function iteration(term, bytes, seconds) {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let fed = 0;
  let elapsed;
  do {
    if (mode === 'write') {
      await feedAwaited(term, bytes);
    } else {
      feedSync(term, bytes);
    }
    fed += bytes.length;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < limit);
  const cpu = process.cpuUsage(cpuStart);
  return { wall: fed / MIB / (Number(elapsed) / 1e9), cpu: fed / MIB / ((cpu.user + cpu.system) / 1e6) };
}

const bytes = new Uint8Array(readFileSync(file));
const term = new Terminal({ cols: 120, rows: 40, scrollback: 1000, allowProposedApi: true });
term.loadAddon(new Unicode11Addon());
term.unicode.activeVersion = '11';
const seconds = Number(iterationSeconds);
for (let i = 0; i < Number(warmupIterations); i++) {
  await iteration(term, bytes, seconds);
}
const wall = [];
const cpu = [];
for (let i = 0; i < Number(measureIterations); i++) {
  const rate = await iteration(term, bytes, seconds);
  wall.push(rate.wall.toFixed(2));
  cpu.push(rate.cpu.toFixed(2));
}
term.dispose();
console.log(mode + ' wall ' + wall.join(' ') + ' cpu ' + cpu.join(' '));
