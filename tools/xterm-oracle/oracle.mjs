// The xterm.js oracle: the reference terminal that ptyctl's emulator (vt/) is compared with.
//
// A long-lived process. It reads one JSON request per line on stdin:
//   {"id": any, "cols": 80, "rows": 24, "scrollback": 1000, "chunks": ["<base64>", ...]}
// feeds the chunks in order to a fresh xterm.js headless terminal (unicode11 widths active),
// each chunk its own terminal.write so the caller controls where the stream is split, waits
// until the last one is parsed, and answers with one JSON line per request. A chunk may instead be
// {"resize": [cols, rows]}: the terminal is resized (reflowing as xterm.js does) once every chunk
// before it has been parsed. The answer:
//   {"id", "cols", "rows", "cursor": {"x", "y", "visible"}, "altScreen", "title", "replies",
//    "lines": [...], "scrollback": [...], "cells": [[cell, ...], ...], "modes": {...}}
// "lines" are the active screen's rows and "scrollback" the normal buffer's history rows, both as
// translateToString(true). "replies" is every byte the terminal sent back (onData), concatenated.
// A cell is [chars, width, fgMode, fg, bgMode, bg, flags, underlineStyle] with colour modes
// 0 default, 1 palette, 2 RGB (0xRRGGBB) and the flag bits below; when the cell has an underline
// colour or a hyperlink, [ulMode, ul, uri] follow. Each row's trailing default blank cells
// ("" chars, width 1, no colour, no attribute) are left out: a missing cell is a default blank.
// A request that cannot be served gets {"id", "error": "<message>"}, also when xterm.js throws
// while parsing (that happens on a timer, outside the request's call stack); the process stays up
// and answers the next request with a fresh terminal. For testing that path, a request may carry
// "throwOnCsi": "<final byte>": a CSI handler for that final byte that throws is registered.
//
// `node oracle.mjs --self-test` runs one built-in request and prints its answer.

import { createInterface } from 'node:readline';
import xtermHeadless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';

const { Terminal } = xtermHeadless;
const { Unicode11Addon } = unicode11;

// stdout carries the protocol: anything a library logs goes to stderr instead.
console.log = console.error;
console.info = console.error;
console.debug = console.error;
console.warn = console.error;

/** Bits of a cell's flags word; the Java side (ScreenState) reads the same values. */
const FLAG = {
  bold: 1,
  dim: 2,
  italic: 4,
  blink: 8,
  inverse: 16,
  invisible: 32,
  strikethrough: 64,
  overline: 128,
};

function colorMode(isDefault, isPalette) {
  if (isDefault) return 0;
  return isPalette ? 1 : 2;
}

function cellFlags(cell) {
  let flags = 0;
  if (cell.isBold()) flags |= FLAG.bold;
  if (cell.isDim()) flags |= FLAG.dim;
  if (cell.isItalic()) flags |= FLAG.italic;
  if (cell.isBlink()) flags |= FLAG.blink;
  if (cell.isInverse()) flags |= FLAG.inverse;
  if (cell.isInvisible()) flags |= FLAG.invisible;
  if (cell.isStrikethrough()) flags |= FLAG.strikethrough;
  if (cell.isOverline()) flags |= FLAG.overline;
  return flags;
}

/**
 * getCell returns xterm's internal CellData, which also knows the underline style, the
 * underline colour and the hyperlink id; the public typings only promise isUnderline().
 * The style is read from the raw bits because xterm's getter answers "dashed" for every
 * underlined cell inside an OSC 8 hyperlink (a rendering hint, not what SGR 4 set).
 */
function underlineStyle(cell) {
  if (!cell.isUnderline()) return 0;
  const hasExtended = (cell.bg & 0x10000000) !== 0;
  const raw = cell.extended?._ext;
  if (!hasExtended || typeof raw !== 'number') return 1;
  return (raw & 0x1c000000) >> 26;
}

/**
 * The colour set by SGR 58, read from the cell's extended attributes: xterm's own
 * getUnderlineColor() falls back to the foreground colour, which would hide "no colour set".
 */
function underlineColor(cell) {
  const hasExtended = (cell.bg & 0x10000000) !== 0;
  const ul = hasExtended ? cell.extended?.underlineColor : undefined;
  if (ul === undefined || ul === -1) return [0, 0];
  switch (ul & 0x3000000) {
    case 0x1000000:
    case 0x2000000:
      return [1, ul & 0xff];
    case 0x3000000:
      return [2, ul & 0xffffff];
    default:
      return [0, 0];
  }
}

/**
 * The URI of the cell's OSC 8 link. Like the underline colour it is only meaningful when the cell
 * has extended attributes: otherwise `extended` still holds whatever the scratch cell last loaded.
 */
function hyperlinkUri(term, cell) {
  const hasExtended = (cell.bg & 0x10000000) !== 0;
  const urlId = hasExtended ? cell.extended?.urlId ?? 0 : 0;
  if (!urlId) return '';
  const data = term._core?._oscLinkService?.getLinkData(urlId);
  return data?.uri ?? '';
}

function encodeCell(term, cell) {
  const encoded = [
    cell.getChars(),
    cell.getWidth(),
    colorMode(cell.isFgDefault(), cell.isFgPalette()),
    cell.isFgDefault() ? 0 : cell.getFgColor(),
    colorMode(cell.isBgDefault(), cell.isBgPalette()),
    cell.isBgDefault() ? 0 : cell.getBgColor(),
    cellFlags(cell),
    underlineStyle(cell),
  ];
  const [ulMode, ul] = underlineColor(cell);
  const uri = hyperlinkUri(term, cell);
  if (ulMode !== 0 || uri !== '') encoded.push(ulMode, ul, uri);
  return encoded;
}

function isDefaultBlank(encoded) {
  return encoded.length === 8 && encoded[0] === '' && encoded[1] === 1 && encoded[2] === 0
    && encoded[4] === 0 && encoded[6] === 0 && encoded[7] === 0;
}

function encodeRow(term, line, cols, scratch) {
  const row = [];
  for (let x = 0; x < cols; x++) {
    row.push(encodeCell(term, line.getCell(x, scratch)));
  }
  while (row.length > 0 && isDefaultBlank(row[row.length - 1])) row.pop();
  return row;
}

function readModes(term) {
  const m = term.modes;
  return {
    applicationCursorKeys: m.applicationCursorKeysMode,
    applicationKeypad: m.applicationKeypadMode,
    bracketedPaste: m.bracketedPasteMode,
    insert: m.insertMode,
    mouseTracking: m.mouseTrackingMode,
    origin: m.originMode,
    reverseWraparound: m.reverseWraparoundMode,
    sendFocus: m.sendFocusMode,
    wraparound: m.wraparoundMode,
    synchronizedOutput: m.synchronizedOutputMode ?? false,
  };
}

function snapshot(term, id, title, replies) {
  const active = term.buffer.active;
  const normal = term.buffer.normal;
  const scratch = normal.getNullCell();
  const lines = [];
  const cells = [];
  for (let y = 0; y < term.rows; y++) {
    const line = active.getLine(active.baseY + y);
    lines.push(line ? line.translateToString(true) : '');
    cells.push(line ? encodeRow(term, line, term.cols, scratch) : []);
  }
  const scrollback = [];
  for (let y = 0; y < normal.baseY; y++) {
    scrollback.push(normal.getLine(y).translateToString(true));
  }
  return {
    id,
    cols: term.cols,
    rows: term.rows,
    cursor: { x: active.cursorX, y: active.cursorY, visible: !term._core?.coreService?.isCursorHidden },
    altScreen: active.type === 'alternate',
    title,
    replies,
    lines,
    scrollback,
    cells,
    modes: readModes(term),
  };
}

/**
 * The request being served: an exception xterm.js throws on one of its timers fails it instead of
 * killing the process.
 */
let current = null;

process.on('uncaughtException', (e) => {
  if (current) {
    const failed = current;
    current = null;
    failed.reject(e);
  } else {
    console.error('xterm.js threw outside any request:', e);
  }
});

/**
 * Queues every chunk at once and waits for the last one. xterm's write buffer still hands each
 * chunk to the parser separately and in order, so the split points are kept; awaiting each
 * write instead would cost one timer tick per chunk (minutes for a byte-by-byte recording).
 */
function writeAll(term, chunks) {
  return new Promise((resolve, reject) => {
    if (chunks.length === 0) {
      resolve();
      return;
    }
    current = { reject };
    chunks.forEach((chunk, i) => {
      term.write(Buffer.from(chunk, 'base64'), i === chunks.length - 1 ? resolve : undefined);
    });
  });
}

/** Feeds the chunks; a {"resize": [cols, rows]} step waits for the writes before it. */
async function feed(term, chunks) {
  let pending = [];
  for (const chunk of chunks) {
    if (typeof chunk === 'string') {
      pending.push(chunk);
      continue;
    }
    const size = chunk?.resize;
    if (!Array.isArray(size) || size.length !== 2) {
      throw new Error('a chunk is a base64 string or {"resize": [cols, rows]}');
    }
    checkSize('resize cols', size[0]);
    checkSize('resize rows', size[1]);
    await writeAll(term, pending);
    pending = [];
    term.resize(size[0], size[1]);
  }
  await writeAll(term, pending);
}

function checkSize(name, value) {
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new Error(`${name} must be an integer from 1 to 1000, got ${value}`);
  }
}

async function run(request) {
  const cols = request.cols ?? 80;
  const rows = request.rows ?? 24;
  checkSize('cols', cols);
  checkSize('rows', rows);
  if (!Array.isArray(request.chunks)) throw new Error('chunks must be an array');
  const term = new Terminal({
    cols,
    rows,
    scrollback: request.scrollback ?? 1000,
    allowProposedApi: true,
    logLevel: 'off',
  });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  if (typeof request.throwOnCsi === 'string') {
    term.parser.registerCsiHandler({ final: request.throwOnCsi }, () => {
      throw new Error('injected failure on CSI ' + request.throwOnCsi);
    });
  }
  let title = '';
  let replies = '';
  term.onTitleChange((t) => { title = t; });
  term.onData((d) => { replies += d; });
  term.onBinary((d) => { replies += d; });
  try {
    await feed(term, request.chunks);
    return snapshot(term, request.id ?? null, title, replies);
  } finally {
    current = null;
    term.dispose();
  }
}

async function answer(line) {
  let id = null;
  try {
    const request = JSON.parse(line);
    id = request.id ?? null;
    return await run(request);
  } catch (e) {
    // let a failed terminal's remaining write timers run out before the next request starts
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { id, error: String(e?.message ?? e) };
  }
}

async function serve() {
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of input) {
    if (line.trim() === '') continue;
    const response = await answer(line);
    process.stdout.write(JSON.stringify(response) + '\n');
  }
}

async function selfTest() {
  const bytes = Buffer.from('\x1b[1;31mhello\x1b[0m \u4e16\u754c\r\n\x1b]0;oracle\x07\x1b[6n');
  const response = await answer(JSON.stringify({ id: 'self-test', cols: 20, rows: 3, chunks: [bytes.toString('base64')] }));
  process.stdout.write(JSON.stringify(response) + '\n');
  if (response.error || response.lines[0] !== 'hello 世界' || response.title !== 'oracle') process.exitCode = 1;
}

if (process.argv.includes('--self-test')) {
  await selfTest();
} else {
  await serve();
}
