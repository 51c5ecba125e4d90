// The queries the page's xterm.js (6.0) leaves unanswered, answered here in the formats the server's emulator uses
// (docs/emulator.md, "Queries and who answers them"), so that a program never waits out its timeout while this page
// answers for its terminal: DECID, DA3, XTVERSION, DECDSR's status reports, XTQMODKEYS, XTSMGRAPHICS, XTREPORTCOLORS,
// XTREPORTSGR, DECTABSR, the page of DECXCPR, DECRQSS of the sizes, margins and status line, the XTWINOPS reports (from
// the page's real size), OSC 5 and OSC 13-19 colour queries (from the page's theme, and what a program set), XTGETTCAP
// (the emulator's capability table, bundled at build time) and DECRQCRA (xterm's checksum over this page's screen); and
// the colours past 12 of an OSC 10-12 chain and from 256 of an OSC 4, which xterm.js skips. Every answer takes the path
// of xterm.js's own answers, sent only while this page answers, in order with them. Handlers that answer return true,
// so xterm.js (which would answer DECXCPR without the page, and those DECRQSS as unknown) stays silent: one answer a
// query.
import CAPABILITY_TABLE from '../../../../vt/src/main/resources/dev/ptyctl/vt/terminal/xterm-256color-capabilities.txt';
import { deviceIndependentToRgb } from './xcms.js';

const ESC = '\x1b';
const ST = '\x1b\\';
/** xterm.js's DA1 answer, which DECID repeats (xterm answers DECID as DA1). */
const PAGE_DA1 = `${ESC}[?1;2c`;
/** DA3's answer, the unit ID; XTVERSION's, the name and version the server's emulator reports. */
const DA3 = `${ESC}P!|00000000${ST}`;
// PTYCTL_VERSION: the build's version, put in by build.mjs (esbuild's define) from the POM, as the emulator's.
const XTVERSION = `${ESC}P>|ptyctl(${PTYCTL_VERSION})${ST}`;
/** The dynamic colours xterm.js has no handler for (OSC 10-12 are its own). */
const DYNAMIC = [13, 14, 15, 16, 17, 18, 19];
/** A cell's size in pixels when the page cannot measure one (not yet drawn): the server's nominal cell. */
const NOMINAL_CELL = { width: 10, height: 20 };
/** The XTWINOPS reports answered here (11, 13, 14, 15, 16, 18, 19), by xterm.js's name for them. */
const REPORTS_ALLOWED = {
  getWinState: true, getWinPosition: true, getWinSizePixels: true, getScreenSizePixels: true,
  getCellSizePixels: true, getWinSizeChars: true, getScreenSizeChars: true, getIconTitle: true, getWinTitle: true,
};
/** DECDSR reports that need no state, by request (docs/emulator.md: printer, UDK, keyboard, locator...). */
const STATUS_REPORTS = {
  5: `${ESC}[?0n`,
  15: `${ESC}[?13n`,
  25: `${ESC}[?20n`,
  26: `${ESC}[?27;1;0;0n`,
  53: `${ESC}[?53n`,
  55: `${ESC}[?53n`,
  56: `${ESC}[?57;0n`,
  62: `${ESC}[0*{`,
  75: `${ESC}[?70n`,
  85: `${ESC}[?83n`,
};

/** terminfo and termcap name to value, from the table the emulator reads. */
function capabilities(text) {
  const table = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [terminfo, termcap, notation] = line.trim().split(' ');
    const value = notation.replaceAll('\\E', ESC).replaceAll('^?', '\x7f');
    table.set(terminfo, value);
    table.set(termcap, value);
  }
  return table;
}

const CAPABILITIES = capabilities(CAPABILITY_TABLE);
const utf8 = new TextEncoder();
const hexOf = (text) => [...utf8.encode(text)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');

function fromHex(hex) {
  if (hex.length % 2 || !/^[0-9a-fA-F]*$/.test(hex)) return '';
  const bytes = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.substr(i * 2, 2), 16));
  return new TextDecoder().decode(bytes);
}

/** XTGETTCAP: every name known gives DCS 1 + r name=value (hex) ST; the first unknown one DCS 0 + r name ST. */
export function termcapAnswer(request) {
  const found = [];
  for (const hexName of request.split(';')) {
    const value = CAPABILITIES.get(fromHex(hexName));
    if (value === undefined) return `${ESC}P0+r${hexName}${ST}`;
    found.push(`${hexName}=${hexOf(value)}`);
  }
  return `${ESC}P1+r${found.join(';')}${ST}`;
}

/**
 * XTQMODKEYS, CSI ? Pp m: CSI > Pp ; Pv m for each resource asked (at most xterm's 30 parameters), as the server's
 * emulator answers: the key modifier resources at xterm's defaults, which xterm.js's keys follow whatever a program
 * sets (modifyCursorKeys and modifyFunctionKeys 2, the rest 0), and xterm's unsigned DEFAULT, 65535, for a resource
 * xterm lacks. xterm.js reads an empty parameter as 0, so CSI ? m is answered as CSI ? 0 m (xterm: 65535).
 */
const KEY_MODIFIER_OPTIONS = [0, 2, 2, 0, 0, 0];
const XTERM_DEFAULT = 65535;
function keyModifierOptions(params) {
  let out = '';
  for (let i = 0; i < Math.min(params.length, 30); i++) {
    const resource = Math.min(first(params, i), XTERM_DEFAULT);
    out += `${ESC}[>${resource};${KEY_MODIFIER_OPTIONS[resource] ?? XTERM_DEFAULT}m`;
  }
  return out;
}

/**
 * XTSMGRAPHICS, CSI ? Pi ; Pa ; Pv S (exactly three parameters), as the server's emulator answers, as a VT520 xterm:
 * no graphics, so 3 (failure) for the colour registers (1) and sixel geometry (2) with actions 1-4, 2 for another
 * action, 1 for another item.
 */
function graphicsAttributes(params) {
  const item = Math.min(first(params, 0), XTERM_DEFAULT);
  const action = first(params, 1);
  const status = item === 1 || item === 2 ? (action >= 1 && action <= 4 ? 3 : 2) : 1;
  return `${ESC}[?${item};${status}S`;
}

const first = (params, i) => {
  const p = params[i];
  return Array.isArray(p) ? p[0] : p ?? 0;
};

export class QueryAnswers {
  /**
   * @param term   the tab's xterm.js Terminal
   * @param theme  the page's xterm.js theme (OSC 5 and 13-19 answer from it)
   * @param out    {live(): whether the output being parsed is to be answered, send(text): sends an answer, the
   *               path of xterm.js's own answers; parsing(): the output being parsed, {start, end} output offsets}
   */
  constructor(term, theme, out) {
    this.term = term;
    this.out = out;
    this.owed = []; // answers to send after xterm.js's to the same sequence
    this.owedBySequence = false;
    this.titleReplies = []; // the server's answers to title reports, {seq, data}, oldest first
    this.colors = new SpecialColors(theme);
    // xterm.js passes a CSI t to public handlers only for the window operations its options allow (all off by
    // default): allow the reports answered here, and nothing that would move, resize or retitle anything.
    term.options.windowOptions = { ...term.options.windowOptions, ...REPORTS_ALLOWED };
    const parser = term.parser;
    this.disposables = [
      parser.registerEscHandler({ final: 'Z' }, () => this.answer(PAGE_DA1)),
      parser.registerEscHandler({ final: 'c' }, () => {
        this.colors.clear(); // RIS; xterm.js's own handler still resets everything else
        return false;
      }),
      parser.registerCsiHandler({ prefix: '=', final: 'c' }, (p) => first(p, 0) === 0 && this.answer(DA3)),
      parser.registerCsiHandler({ prefix: '>', final: 'q' }, (p) => first(p, 0) === 0 && this.answer(XTVERSION)),
      parser.registerCsiHandler({ prefix: '?', final: 'n' }, (p) => this.decDeviceStatus(p)),
      parser.registerCsiHandler({ prefix: '?', final: 'm' }, (p) => this.answer(keyModifierOptions(p))),
      parser.registerCsiHandler({ prefix: '?', final: 'S' }, (p) => {
        return p.length !== 3 || this.answer(graphicsAttributes(p)); // xterm answers exactly three parameters
      }),
      parser.registerCsiHandler({ final: 't' }, (p) => this.windowReport(p)),
      parser.registerCsiHandler({ intermediates: '*', final: 'y' }, (p) => this.checksum(p)),
      parser.registerCsiHandler({ intermediates: '$', final: 'w' }, (p) => {
        return first(p, 0) === 2 && this.answer(this.tabStopReport()); // DECRQPSR's DECTABSR; DECCIR is left
      }),
      // XTREPORTCOLORS: the palette stack (xterm.js has none, nor has the server's emulator) is empty.
      parser.registerCsiHandler({ intermediates: '#', final: 'R' }, () => this.answer(`${ESC}[?0;0#Q`)),
      parser.registerCsiHandler({ intermediates: '#', final: '|' }, (p) => this.renditionReport(p)),
      parser.registerDcsHandler({ intermediates: '+', final: 'q' }, (data) => this.answer(termcapAnswer(data))),
      parser.registerDcsHandler({ intermediates: '$', final: 'q' }, (data) => this.statusString(data)),
      parser.registerOscHandler(4, (data) => this.specialColors(4, data)),
      parser.registerOscHandler(5, (data) => this.specialColors(5, data)),
      ...[10, 11, 12].map((osc) => parser.registerOscHandler(osc, (data) => this.dynamicChain(osc, data))),
      parser.registerOscHandler(104, (data) => {
        this.colors.resetSpecial(data, 256); // xterm.js's own handler still resets the palette
        return false;
      }),
      parser.registerOscHandler(105, (data) => this.colors.resetSpecial(data, 0)),
      ...DYNAMIC.map((osc) => parser.registerOscHandler(osc, (data) => this.dynamicColors(osc, data))),
      ...DYNAMIC.map((osc) => parser.registerOscHandler(osc + 100, () => this.colors.resetDynamic(osc))),
    ];
  }

  /**
   * The server's answer to the title or icon-label report that ends at output offset `seq` (a `reply` frame, sent
   * before the output that holds the report): kept until the report is parsed.
   */
  titleReply(seq, data) {
    this.titleReplies.push({ seq, data });
  }

  /**
   * XTWINOPS 20 or 21, the icon-label or title report: answered with the server's answer to this very report, in
   * order with every other answer, since the page sends it as it parses the report. The server's emulator works it
   * out (it has the title, the title stack, the title modes and the titleReports setting, which xterm.js lacks)
   * and sends it with the report's offset; answers to reports before this output (history, or one the page did not
   * parse as a report) are dropped. None for this output: title reports are off, and nobody answers, as in xterm.
   */
  titleReport() {
    const chunk = this.out.parsing();
    if (!chunk) return true;
    while (this.titleReplies.length && this.titleReplies[0].seq <= chunk.start) this.titleReplies.shift();
    const next = this.titleReplies[0];
    if (next && next.seq <= chunk.end) {
      this.titleReplies.shift();
      return this.answer(next.data);
    }
    return true;
  }

  /** The terminal was reset under the page (a reset frame): colours a program set are gone, as in xterm.js. */
  clear() {
    this.colors.clear();
  }

  /** The page's theme changed (the settings): OSC 5 and 13-19 answer from `theme`, where a program set no colour. */
  useTheme(theme) {
    this.colors.useTheme(theme);
  }

  answer(text) {
    this.send(text);
    return true;
  }

  /** Sends an answer now, after any still owed to an earlier query. */
  send(text) {
    this.flush();
    if (this.out.live()) this.out.send(text);
  }

  /**
   * An answer to a query that xterm.js answers in part, after this hook: owed until xterm.js has answered, then sent
   * before the next query is answered (see beforeXtermAnswers) or when this parse ends.
   */
  later(text) {
    if (!this.out.live()) return;
    if (!this.owed.length) queueMicrotask(() => this.flush());
    this.owed.push(text);
    this.owedBySequence = true;
  }

  flush() {
    const owed = this.owed;
    this.owed = [];
    this.owedBySequence = false;
    owed.forEach((text) => this.out.send(text));
  }

  /**
   * Called as xterm.js is about to answer a query (ReplyDetector's hook): answers owed to an earlier sequence go
   * first; those owed to this one (its hook ran just before) wait for xterm.js's.
   */
  beforeXtermAnswers() {
    if (this.owedBySequence) this.owedBySequence = false;
    else this.flush();
  }

  /** DECDSR, CSI ? Ps n: the fixed reports, DECXCPR with its page; anything else is left to xterm.js. */
  decDeviceStatus(params) {
    const request = first(params, 0);
    if (STATUS_REPORTS[request]) return this.answer(STATUS_REPORTS[request]);
    if (request === 63) return this.answer(`${ESC}P${first(params, 1)}!~0000${ST}`);
    if (request !== 6) return false;
    // xterm.js's own DECXCPR lacks the page; the position is the one it reports for CPR.
    const buffer = this.term.buffer.active;
    return this.answer(`${ESC}[?${buffer.cursorY + 1};${buffer.cursorX + 1};1R`);
  }

  /**
   * DECTABSR, as the server's emulator answers: DCS 2 $ u and the columns (1-based) of the tab stops on the screen, at
   * most 26 (xterm's limit). xterm.js keeps its stops internal (the active buffer's tabs); without them, its defaults,
   * every 8 columns from the first.
   */
  tabStopReport() {
    const tabs = this.term._core?.buffer?.tabs;
    const stops = [];
    for (let col = 0; col < this.term.cols && stops.length < 26; col++) {
      if (tabs ? tabs[col] : col % 8 === 0) stops.push(col + 1);
    }
    return `${ESC}P2$u${stops.join('/')}${ST}`;
  }

  /**
   * DECRQSS of what xterm.js answers as unknown (DCS 0 $ r ST) but the page knows: the page and screen sizes DECSLPP,
   * DECSNLS (rows) and DECSCPP (columns), the margins DECSLRM (xterm.js has no left and right margins: the whole
   * width), the status line DECSASD and DECSSDT (none: 0). The rest (SGR, DECSCUSR, DECSTBM...) is xterm.js's.
   */
  statusString(request) {
    if (request === 'm') return this.graphicRendition();
    const { rows, cols } = this.term;
    const value = { t: rows, '*|': rows, '$|': cols, s: `1;${cols}`, '$}': 0, '$~': 0 }[request];
    if (value === undefined) return false;
    return this.answer(`${ESC}P1$r${value}${request}${ST}`);
  }

  /**
   * DECRQSS SGR as the emulator reports it, from xterm.js's current attributes (internal in xterm.js 6.0: without
   * them xterm.js answers, always "0m").
   */
  graphicRendition() {
    const attributes = this.term._core?._inputHandler?._curAttrData;
    if (typeof attributes?.getFgColorMode !== 'function') return false;
    return this.answer(`${ESC}P1$r${sgrReport(attributes)}m${ST}`);
  }

  /**
   * XTWINOPS reports, from what the page shows: 11 iconified (the page hidden), 13 the window's position (13;2 the
   * text area's in it), 14 the text area in pixels (14;2 the window), 15 the screen, 16 a cell, 18 and 19 the
   * grid; 20 and 21 (the icon-label and title reports) with the server's answers (titleReport). Everything else (22
   * and 23, the title stack) is xterm.js's.
   */
  windowReport(params) {
    const cell = this.cellSize();
    const { rows, cols } = this.term;
    switch (first(params, 0)) {
      case 11:
        return this.answer(`${ESC}[${document.visibilityState === 'hidden' ? 2 : 1}t`);
      case 13: {
        if (first(params, 1) !== 2) return this.answer(`${ESC}[3;${window.screenX};${window.screenY}t`);
        const area = this.textArea()?.getBoundingClientRect();
        return this.answer(`${ESC}[3;${Math.round(area?.left ?? 0)};${Math.round(area?.top ?? 0)}t`);
      }
      case 14:
        if (first(params, 1) === 2) return this.answer(`${ESC}[4;${window.innerHeight};${window.innerWidth}t`);
        return this.answer(`${ESC}[4;${Math.round(rows * cell.height)};${Math.round(cols * cell.width)}t`);
      case 15:
        return this.answer(`${ESC}[5;${window.screen.height};${window.screen.width}t`);
      case 16:
        return this.answer(`${ESC}[6;${Math.round(cell.height)};${Math.round(cell.width)}t`);
      case 18:
        return this.answer(`${ESC}[8;${rows};${cols}t`);
      case 19:
        return this.answer(`${ESC}[9;${rows};${cols}t`);
      case 20:
      case 21:
        return this.titleReport();
      default:
        return false;
    }
  }

  textArea() {
    return this.term.element?.querySelector('.xterm-screen') ?? null;
  }

  /** A cell's size in CSS pixels: the text area's size over the grid; the nominal cell before it is drawn. */
  cellSize() {
    const area = this.textArea();
    if (!area || !area.clientWidth || !area.clientHeight) return NOMINAL_CELL;
    return { width: area.clientWidth / this.term.cols, height: area.clientHeight / this.term.rows };
  }

  /**
   * DECRQCRA, CSI Pid ; Pp ; Pt ; Pl ; Pb ; Pr * y: DCS Pid ! ~ XXXX ST, the emulator's checksum (xterm's with
   * checksumExtension 23) over this page's screen: the sum of every code point in the rectangle, combining marks
   * included, a blank cell counting as a space and the right half of a wide character as nothing, low 16 bits.
   */
  checksum(params) {
    const from = params.length > 2 ? 2 : 0;
    const rect = this.rectangle(params.slice(from));
    const sum = rect ? this.sumOf(rect) : 0;
    const hex = (sum & 0xffff).toString(16).toUpperCase().padStart(4, '0');
    return this.answer(`${ESC}P${first(params, 0)}!~${hex}${ST}`);
  }

  sumOf(rect) {
    let sum = 0;
    this.eachCell(rect, (cell) => {
      if (cell.getWidth() === 0) return; // the right half of a wide character
      const chars = cell.getChars();
      if (!chars) sum += 32;
      for (const ch of chars) sum += ch.codePointAt(0);
    });
    return sum;
  }

  /**
   * XTREPORTSGR, CSI Pt ; Pl ; Pb ; Pr # |: CSI Ps m, as the server's emulator answers: the SGR codes (DECRQSS's
   * form) every cell of the rectangle shares, the underline colour only with a shared underline; CSI 0 m for an
   * invalid rectangle.
   */
  renditionReport(params) {
    const rect = this.rectangle(params);
    let shared = null;
    if (rect) {
      this.eachCell(rect, (cell) => {
        const codes = sgrReport(cellAttributes(cell)).split(';');
        shared = shared ? shared.filter((code) => codes.includes(code)) : codes;
      });
    }
    if (!shared) shared = ['0'];
    else if (!shared.includes('4') && !shared.includes('21')) shared = shared.filter((code) => !code.startsWith('58:'));
    return this.answer(`${ESC}[${shared.join(';')}m`);
  }

  /** Calls visit(cell) for each cell of the 0-based rectangle of the page's screen (one cell object, reloaded). */
  eachCell(rect, visit) {
    const buffer = this.term.buffer.active;
    const cell = buffer.getNullCell();
    for (let row = rect.top; row <= rect.bottom; row++) {
      const line = buffer.getLine(buffer.baseY + row);
      for (let col = rect.left; line && col <= rect.right; col++) visit(line.getCell(col, cell));
    }
  }

  /**
   * The 0-based rectangle of Pt ; Pl ; Pb ; Pr as xterm reads it (0 or missing: the area's edge; in origin mode
   * relative to and clamped to the scrolling region), or null when it is empty. xterm.js has no left and right
   * margins; its scrolling region is not public API, so without it the whole screen is the region.
   */
  rectangle(values) {
    const { rows, cols } = this.term;
    const origin = this.term.modes.originMode;
    const buffer = this.term._core?.buffer;
    const top0 = origin && Number.isInteger(buffer?.scrollTop) ? buffer.scrollTop : 0;
    const bottom0 = origin && Number.isInteger(buffer?.scrollBottom) ? buffer.scrollBottom : rows - 1;
    const [minRow, maxRow, minCol, maxCol] = [top0 + 1, origin ? bottom0 + 1 : rows, 1, cols];
    const shift = origin ? top0 : 0;
    const value = (i, fallback) => (first(values, i) > 0 && i < values.length ? first(values, i) : fallback);
    const clamp = (v, min, max) => Math.max(min, Math.min(max, v));
    const top = clamp(value(0, minRow) + shift, minRow, maxRow);
    const left = clamp(value(1, minCol), minCol, maxCol);
    const bottom = clamp(value(2, maxRow) + shift, minRow, maxRow);
    const right = clamp(value(3, maxCol), minCol, maxCol);
    if (top > bottom || left > right) return null;
    return { top: top - 1, left: left - 1, bottom: bottom - 1, right: right - 1 };
  }

  /**
   * OSC 5 ; c ; spec|? [; c ; spec|? ...]: the special colours (bold, underline, blink, reverse, italic), which are
   * also OSC 4's colours 256 to 260; xterm.js reads neither. An OSC 4 that also names palette colours is also
   * xterm.js's (this returns false), which answers after this hook: the special colours' answers then follow its.
   */
  specialColors(command, data) {
    const base = command === 4 ? 256 : 0;
    const slots = data.split(';');
    const pairs = [];
    for (let i = 0; i + 1 < slots.length; i += 2) {
      pairs.push([/^\d{1,3}$/.test(slots[i]) ? Number(slots[i]) : -1, slots[i + 1]]);
    }
    const palette = command === 4 && pairs.some(([number]) => number >= 0 && number < 256);
    for (const [number, spec] of pairs) {
      const index = number - base;
      if (number < 0 || index < 0 || index >= SPECIAL_COUNT) continue;
      const answer = `${ESC}]${command};${number};${report(this.colors.special(index))}${ST}`;
      if (spec !== '?') this.colors.setSpecial(index, spec);
      else if (palette) this.later(answer);
      else this.send(answer);
    }
    return !palette;
  }

  /** OSC 13-19 ; spec|? [; spec|? ...]: each further spec goes to the next dynamic colour, as in xterm. */
  dynamicColors(osc, data) {
    data.split(';').forEach((spec, i) => {
      if (osc + i > 19) return;
      if (spec === '?') this.send(this.dynamicReport(osc + i));
      else this.colors.setDynamic(osc + i, spec);
    });
    return true;
  }

  /**
   * OSC 10-12 with more specs than reach 12: xterm.js does 10-12 and stops there, the page does the rest (from 13,
   * as in xterm), answering after xterm.js.
   */
  dynamicChain(osc, data) {
    data.split(';').forEach((spec, i) => {
      if (osc + i < 13 || osc + i > 19) return;
      if (spec === '?') this.later(this.dynamicReport(osc + i));
      else this.colors.setDynamic(osc + i, spec);
    });
    return false;
  }

  dynamicReport(osc) {
    return `${ESC}]${osc};${report(this.colors.dynamic(osc))}${ST}`;
  }

  dispose() {
    this.disposables.forEach((d) => d.dispose());
  }
}

const SPECIAL_COUNT = 5;
const COLOR_MODE = 0x3000000; // xterm.js's colour mode bits: 0 default, P16, P256, RGB
const [P16, P256, RGB] = [0x1000000, 0x2000000, 0x3000000];
const DOUBLE_UNDERLINE = 2;

/**
 * A cell of xterm.js's buffer as sgrReport reads it: the cell itself, an xterm.js internal (AttributeData) with the
 * underline style and colour; should it lack them, the public cell with a single underline of the text's colour.
 */
function cellAttributes(cell) {
  if (typeof cell.getUnderlineStyle === 'function') return cell;
  return Object.assign(Object.create(cell), {
    getUnderlineStyle: () => (cell.isUnderline() ? 1 : 0),
    hasExtendedAttrs: () => false,
  });
}

/**
 * The emulator's SGR report (its SgrReport.java) of xterm.js attributes: 0, then 1 bold, 4 underline, 5 blink,
 * 7 inverse, 8 invisible, 2 faint, 3 italic, 9 crossed out, 21 double underline, 53 overline (xterm's order), then
 * the colours: 30-37 / 90-97 (40-47 / 100-107) for the 16, 38:5:n for the others of the 256, 38:2::r:g:b for direct
 * colour, and an underlined text's own underline colour as 58:5:n or 58:2::r:g:b.
 */
function sgrReport(a) {
  const out = ['0'];
  const underline = a.getUnderlineStyle();
  const flags = [[a.isBold(), 1], [underline && underline !== DOUBLE_UNDERLINE, 4], [a.isBlink(), 5],
    [a.isInverse(), 7], [a.isInvisible(), 8], [a.isDim(), 2], [a.isItalic(), 3], [a.isStrikethrough(), 9],
    [underline === DOUBLE_UNDERLINE, 21], [a.isOverline(), 53]];
  flags.forEach(([on, code]) => on && out.push(code));
  colour(out, a.getFgColorMode(), a.getFgColor(), 30, 90, 38);
  colour(out, a.getBgColorMode(), a.getBgColor(), 40, 100, 48);
  const own = a.hasExtendedAttrs() ? a.extended.underlineColor : -1; // -1: the text's colour
  if (underline && own !== -1) {
    const mode = own & COLOR_MODE;
    colour(out, mode, own & (mode === RGB ? 0xffffff : 0xff), -1, -1, 58);
  }
  return out.join(';');
}

function colour(out, mode, value, base, brightBase, extended) {
  if ((mode === P16 || mode === P256) && value < 16 && base >= 0) {
    out.push(value < 8 ? base + value : brightBase + value - 8);
  } else if (mode === P16 || mode === P256) {
    out.push(`${extended}:5:${value}`);
  } else if (mode === RGB) {
    out.push(`${extended}:2::${(value >> 16) & 0xff}:${(value >> 8) & 0xff}:${value & 0xff}`);
  }
}

/** xterm's report form of #rrggbb: rgb:rrrr/gggg/bbbb. */
function report(hex) {
  const channel = (i) => hex.substr(1 + 2 * i, 2).repeat(2);
  return `rgb:${channel(0)}/${channel(1)}/${channel(2)}`;
}

/**
 * OSC 5 and 13-19 colours, which xterm.js neither draws nor keeps: what a program set (rgb: and # forms read as the
 * emulator reads them), else the page's theme: the special colours and the pointer and Tektronix foregrounds are
 * the theme's foreground, the backgrounds its background, highlight background the selection's.
 */
class SpecialColors {
  constructor(theme) {
    this.useTheme(theme);
    this.clear();
  }

  /** The theme's colours for those a program has not set (the settings' theme changed): a set one stays. */
  useTheme(theme) {
    this.defaults = {
      special: theme.foreground,
      13: theme.foreground, 14: theme.background, 15: theme.foreground, 16: theme.background,
      17: theme.selectionBackground ?? theme.foreground, 18: theme.foreground, 19: theme.background,
    };
  }

  clear() {
    this.set = new Map();
  }

  special(index) {
    return this.set.get(`5;${index}`) ?? this.defaults.special;
  }

  dynamic(osc) {
    return this.set.get(String(osc)) ?? this.defaults[osc];
  }

  setSpecial(index, spec) {
    const hex = parseColor(spec);
    if (hex) this.set.set(`5;${index}`, hex);
  }

  setDynamic(osc, spec) {
    const hex = parseColor(spec);
    if (hex) this.set.set(String(osc), hex);
  }

  /** OSC 105 [; c ...] (base 0) and OSC 104 [; c ...] (base 256): back to the theme's, all without a parameter. */
  resetSpecial(data, base) {
    if (!data) [...Array(SPECIAL_COUNT).keys()].forEach((i) => this.set.delete(`5;${i}`));
    else data.split(';').forEach((c) => this.set.delete(`5;${Number(c) - base}`));
    return true;
  }

  resetDynamic(osc) {
    this.set.delete(String(osc));
    return true;
  }
}

/**
 * #rrggbb of an X11 colour spec as the emulator reads it (its Colors.parse): rgb:r/g/b with 1 to 4 hex digits a
 * channel (scaled), #rgb shifted, #rrggbb, #rrrgggbbb, #rrrrggggbbbb truncated, the device-independent forms as
 * xcms.js reads them; null for anything else.
 */
function parseColor(spec) {
  const s = spec.toLowerCase();
  const hex2 = (v) => v.toString(16).padStart(2, '0');
  if (s.startsWith('rgb:')) {
    const parts = s.slice(4).split('/');
    const digits = parts[0].length;
    if (parts.length !== 3 || digits < 1 || digits > 4) return null;
    if (parts.some((p) => p.length !== digits || !/^[0-9a-f]+$/.test(p))) return null;
    const max = 16 ** digits - 1;
    return '#' + parts.map((p) => hex2(Math.round((parseInt(p, 16) * 255) / max))).join('');
  }
  if (!s.startsWith('#')) {
    const rgb = deviceIndependentToRgb(spec);
    return rgb ? parseColor(rgb) : null;
  }
  const digits = (s.length - 1) / 3;
  if (!/^[0-9a-f]+$/.test(s.slice(1)) || !Number.isInteger(digits) || digits < 1 || digits > 4) {
    return null;
  }
  return '#' + [0, 1, 2].map((i) => {
    const value = parseInt(s.substr(1 + i * digits, digits), 16);
    return hex2(digits === 1 ? value << 4 : value >> (4 * (digits - 2)));
  }).join('');
}
