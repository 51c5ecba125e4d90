// The bytes a key sends, as xterm sends them: for the key bar's keys (a phone's keyboard has no Home, F5 or Alt) and
// for the bar's one-shot Ctrl and Alt, which apply to the next key tapped on the bar or typed on the keyboard.
//
// Keys are named as KeyboardEvent.key names them (ArrowUp, PageDown, F5, |), the names the bar's data-key attributes
// carry. A modified cursor, navigation or function key sends xterm's CSI form with the modifier as a parameter
// (Ctrl-Up is ESC [1;5A, Alt-PageUp ESC [5;3~), which vim, less, tmux and readline read; application cursor mode
// (DECCKM, set by vim and less) changes only the unmodified arrows, Home and End (ESC O A instead of ESC [ A).

/** The final byte of the cursor keys and of Home and End, sent after CSI, or SS3 in application cursor mode. */
const CURSOR = { ArrowUp: 'A', ArrowDown: 'B', ArrowRight: 'C', ArrowLeft: 'D', Home: 'H', End: 'F' };
/** F1–F4: SS3 P to S unmodified, CSI 1;m P to S modified. */
const PF = { F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };
/** Keys sent as CSI number ~ (CSI number;m ~ modified). */
const TILDE = { PageUp: 5, PageDown: 6, F5: 15, F6: 17, F7: 18, F8: 19, F9: 20, F10: 21, F11: 23, F12: 24 };
/** What a key of text sends. */
const TEXT = { Escape: '\x1b', Tab: '\t' };
/**
 * Ctrl with a character outside @ to ~, as xterm sends it (measured: xterm 379, Xlib's control translation): Ctrl-Space
 * is NUL, Ctrl-/ is ^_ like Ctrl-_, Ctrl-? DEL, the digits 2 to 8 the control characters on their keys on a VT220. Any
 * other character is sent as it is. The server's KeyEncoder (vt) sends the same for Ctrl+2, Ctrl+/, …: a test compares
 * the two tables (WebKeyTablesE2eTest).
 */
const CONTROL = { ' ': '\x00', '/': '\x1f', '?': '\x7f', 2: '\x00', 3: '\x1b', 4: '\x1c', 5: '\x1d', 6: '\x1e',
  7: '\x1f', 8: '\x7f' };
/** What xterm.js sends of its own (isReport): focus out and in, X10, SGR and URXVT mouse reports, a bracketed paste. */
const REPORT = /^\x1b\[(?:[IO]$|M|<|\d+;\d+;\d+M|200~)/;

/**
 * The bytes of the key named `key` with the modifiers {ctrl, alt}, in the terminal's application cursor mode or not.
 * A single character (a bar's `|`) is sent as typed text is (see withModifiers). An unknown name sends nothing.
 */
export function keyBytes(key, { applicationCursor = false, ctrl = false, alt = false } = {}) {
  // xterm's modifier parameter: 1, plus 2 for Alt, plus 4 for Ctrl (Shift, 1, is not on the bar).
  const modifier = 1 + (alt ? 2 : 0) + (ctrl ? 4 : 0);
  if (CURSOR[key]) {
    if (modifier > 1) return `\x1b[1;${modifier}${CURSOR[key]}`;
    return (applicationCursor ? '\x1bO' : '\x1b[') + CURSOR[key];
  }
  if (PF[key]) return modifier > 1 ? `\x1b[1;${modifier}${PF[key]}` : `\x1bO${PF[key]}`;
  if (TILDE[key]) return `\x1b[${TILDE[key]}${modifier > 1 ? `;${modifier}` : ''}~`;
  const text = TEXT[key] ?? ([...key].length === 1 ? key : '');
  return text && withModifiers(text, { ctrl, alt });
}

/**
 * Typed text with the one-shot modifiers: Ctrl turns one character into its control character (c into ^C, [ into
 * ESC; one it has none for stays as it is), Alt puts ESC before the text, as a terminal whose Alt sends an escape
 * prefix does (emacs's and readline's Meta: Alt-b, Alt-f, Alt-.).
 */
export function withModifiers(data, { ctrl = false, alt = false } = {}) {
  const text = ctrl && data.length === 1 ? controlOf(data) : data;
  return alt ? `\x1b${text}` : text;
}

/**
 * Whether data from xterm.js is a report it made on its own rather than a key: focus out and in (CSI O, CSI I; a
 * program that set DECSET 1004, as vim does), a mouse report (X10 CSI M Cb Cx Cy, SGR CSI < b;x;y M, URXVT
 * CSI b;x;y M) or a bracketed paste (CSI 200~). The bar's one-shot Ctrl and Alt are for the next key and wait for it:
 * taken by a report, Alt put an ESC before it (in vim, out of insert mode) and was gone before the key came.
 */
export function isReport(data) {
  return REPORT.test(data);
}

/**
 * What Ctrl with the character `key` (a KeyboardEvent's key: '2', '/', '^', '`') sends when Ctrl makes it a control
 * character, else null (Ctrl-1, Ctrl-=: nothing to send of its own; the browser keeps its zoom keys). For the keyboard:
 * xterm.js sends nothing for Ctrl-2, Ctrl-/, Ctrl-^, Ctrl-` or Ctrl-? (its table stops at Ctrl-3 to Ctrl-8 and
 * Ctrl-[ \ ]), where xterm sends NUL, ^_, ^^, NUL and DEL: emacs's set-mark and undo, readline's undo did nothing.
 */
export function ctrlOnlyBytes(key) {
  if (typeof key !== 'string' || key.length !== 1 || /[A-Za-z]/.test(key)) return null;
  const control = controlOf(key);
  return control === key ? null : control;
}

function controlOf(char) {
  const code = char.charCodeAt(0);
  if (code >= 0x40 && code <= 0x7e) return String.fromCharCode(code & 0x1f); // @, A–Z, [\]^_, `, a–z, {|}~
  return CONTROL[char] ?? char;
}
