// One terminal shown in the page: an xterm.js Terminal with its addons, attached through a TerminalSocket.
// Output is written in the order it came; a reset frame first waits for earlier writes, then term.reset(), so the
// buffer ends exactly as a page that never disconnected would have it. The PTY's size is shown as it is (a
// larger grid cropped and scrolling, never reflowed to the window), applied at the point of the output where the
// server's emulator took it, so every line wraps as on the server; this tab asks for its own size when shown and
// claims it when focused.
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { SearchAddon } from '@xterm/addon-search';
import { ClipboardAddon } from '@xterm/addon-clipboard';
import { WebglAddon } from '@xterm/addon-webgl';
import { TerminalSocket } from './socket.js';
import { ReplyDetector } from './replies.js';
import { DeviceIndependentColors } from './xcms.js';
import { QueryAnswers } from './queries.js';
import { PromptMarks } from './marks.js';
import { labelOf } from './labels.js';
import { ctrlOnlyBytes, isReport, keyBytes, withModifiers } from './keys.js';
import { scrollBySwipes } from './touch.js';
import { selectByLongPress } from './touchselect.js';
import { copyText } from './copy.js';
import { guardPastes } from './paste.js';
import { hyperlinkHandler, openLink } from './links.js';
import { THEMES, resolveTheme } from './themes.js';
import { Bell } from './bell.js';

/**
 * While output streams with the search box open, its matches are counted again at most this often (ms). The search
 * addon counts again only once the output has paused for 200 ms, which a build's log or `tail -f` never does: the box
 * said "3 of 3" over a screen full of matches. A count searches the whole buffer and highlights every match: over
 * 10,000 lines with 1,000 matches 9–127 ms (median 38, headless Chromium at load 10), so the wait is also at least
 * RECOUNT_SHARE times the last count's cost: the page's thread is never more than a fifth busy counting.
 */
const RECOUNT_MS = 250;
const RECOUNT_SHARE = 4;

/** Matches counted and highlighted at most (the search addon's default): more say "1000+". */
const SEARCH_LIMIT = 1000;

/** A second tap on the bar's Ctrl or Alt this soon (ms) after the first locks it, as a phone keyboard's Shift. */
const DOUBLE_TAP_MS = 400;

export class TerminalTab {
  /**
   * @param info     the terminal as listed by the server ({terminalId, shell, args, ...})
   * @param options  {view: read-only, renderer: "dom" or "webgl", clipboard: allow OSC 52 writes, settings: the
   *                  person's (settings.js, and fontSize in px; see applySettings),
   *                  socketUrl(lastOutputSeq), probe(), onChange(tab), onModifiersChanged() when the bar's Ctrl or
   *                  Alt was armed, released or used by a key, runAgain(tab) and closeTab(tab) for the buttons under
   *                  an ended program}
   */
  constructor(info, options) {
    this.id = info.terminalId;
    this.info = info;
    this.view = options.view;
    this.options = options;
    this.title = info.liveTitle ?? null;
    this.activity = info.terminalActivity ?? null;
    this.state = 'connecting';
    this.exitCode = null;
    this.signal = null; // the name of the signal that killed the program (exit 130 and SIGINT share exit code 130)
    this.serverStopped = false; // the server stopped, and the program with it (not an exit of its own)
    this.ended = false; // showEnded: the program's last screen, read-only, fitted to the window (not its own size)
    this.unseen = false;
    this.bell = false; // the program rang the bell (BEL) while the tab was not in sight: the strip and title say so
    this.shown = false;
    this.modifiers = { ctrl: false, alt: false }; // the key bar's Ctrl and Alt, armed for the next key
    this.locked = { ctrl: false, alt: false }; // armed for every key until tapped again (a double tap locks)
    this.armedAt = { ctrl: -Infinity, alt: -Infinity }; // when each was armed by a tap (performance.now())
    this.writeQueue = null; // output waiting behind a reset
    this.chunks = []; // written, not yet parsed: [{end, live}]
    this.parsedSeq = 0;
    this.resets = 0; // reset frames applied (a reconnect after more output than the server keeps)
    this.answerFrom = Infinity;
    this.element = document.createElement('section');
    this.element.className = 'view terminal-view';
    this.element.dataset.terminal = this.id;
    this.element.hidden = true;
    this.createTerminal();
    this.socket = new TerminalSocket({
      url: options.socketUrl,
      clientId: `page-${crypto.randomUUID()}`,
      probe: options.probe,
      listener: {
        onReady: () => this.onReady(),
        onOutput: (data, { reset, seq }) => this.deliver(data, reset, seq),
        onAck: (clientSeq, outputSeq) => {
          if (this.answerFrom === Infinity) this.answerFrom = outputSeq;
        },
        // In output order: the server sends the size at the point of the output where its emulator took it.
        onSize: (cols, rows) => this.resizeInOrder(cols, rows),
        onReply: (seq, data) => this.queries.titleReply(seq, data),
        onTitle: (title, activity) => {
          this.title = title;
          this.activity = activity;
          this.changed();
        },
        onExit: (code, signal) => {
          this.exitCode = code;
          this.signal = signal;
          this.showEnded();
          this.changed();
        },
        onServerStopped: () => {
          this.serverStopped = true;
          this.showEnded();
        },
        onState: (state) => {
          this.state = state;
          this.element.dataset.state = state;
          this.changed();
        },
        onError: (message) => console.warn(`ptyctl ${this.id}: ${message}`),
      },
    });
  }

  createTerminal() {
    this.term = new Terminal({
      allowProposedApi: true,
      fontFamily: '"DejaVu Sans Mono", "Cascadia Mono", Menlo, Consolas, monospace',
      fontSize: this.options.settings.fontSize,
      disableStdin: this.view,
      ...this.useSettings(this.options.settings),
    });
    this.host = document.createElement('div');
    this.host.className = 'xterm-host';
    this.term.options.linkHandler = hyperlinkHandler(this.host);
    this.fit = new FitAddon();
    this.search = new SearchAddon({ highlightLimit: SEARCH_LIMIT });
    this.term.loadAddon(this.fit);
    this.term.loadAddon(this.search);
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.term.loadAddon(new WebLinksAddon((event, uri) => openLink(uri)));
    if (this.options.clipboard) this.term.loadAddon(new ClipboardAddon(undefined, this.liveOnlyClipboard()));
    this.colors = new DeviceIndependentColors(this.term); // before ReplyDetector, whose hooks must run first
    this.replies = new ReplyDetector(this.term, () => this.queries.beforeXtermAnswers());
    this.queries = new QueryAnswers(this.term, this.theme.terminal, { // after ReplyDetector: its hooks run first
      live: () => this.answering(),
      send: (reply) => this.socket.input(reply, false),
      parsing: () => this.chunks[0] ?? null,
    });
    this.marks = new PromptMarks(this.term);
    this.keepBlinkSetting();
    this.term.onData((data) => this.typed(data));
    this.term.onBinary((data) => this.clicked(data));
    this.term.attachCustomKeyEventHandler((event) => this.shortcut(event));
    this.term.onResize(({ rows }) => this.keepInputFieldInGrid(rows));
    this.term.onWriteParsed(() => this.recountSoon());
    this.term.onBell(() => this.rang());
    this.searchBox = this.createSearchBox();
    this.endedBar = this.createEndedBar();
    this.bellSignal = new Bell(this.host);
    this.host.addEventListener('mouseup', () => this.copyOnSelect());
    this.term.onSelectionChange(() => {
      this.selectionCopied = false;
    });
    const pasteQuestion = guardPastes(this.term, this.host, {
      takesKeys: () => this.takesKeys,
      confirm: () => this.settings.confirmPaste,
    });
    this.element.append(this.searchBox, pasteQuestion, this.host, this.endedBar);
  }

  /**
   * xterm.js's hidden input field sits on the cursor's row (for the IME) and moves only when the cursor does: after the
   * grid lost rows (a phone turned sideways, an ended program's screen fitted to a smaller window) it stayed below the
   * grid, and the area scrolled down to it, past the grid, with a scrollbar, until the program next moved the cursor.
   * It is brought onto the last row.
   */
  keepInputFieldInGrid(rows) {
    const field = this.term.textarea;
    const cell = parseFloat(field?.style.height);
    if (cell > 0 && parseFloat(field.style.top) > (rows - 1) * cell) field.style.top = `${(rows - 1) * cell}px`;
  }

  /**
   * The blinking of the cursor is the settings', not the blinking cursor mode's (DECSET/DECRST 12), which xterm.js
   * takes as its option, the setting, for good: xterm's terminfo (TERM=xterm-256color) restores the cursor with cnorm,
   * CSI ?12l CSI ?25h, which less, vim and htop send as they end, and a blinking cursor stopped blinking after any of
   * them; a reset frame (the server's copy of the screen, after a reload) states the mode too, off where no program set
   * it. xterm itself XORs the mode with its own setting (its cursorBlinkXOR) for the same reason. The sequence's other
   * modes (cvvis, CSI ?12;25h) apply: the option is put back once the output is parsed. The cursor a program sets with
   * DECSCUSR (vim's steady bar in insert mode) is xterm.js's apart from the option, and still applies.
   */
  keepBlinkSetting() {
    let stated = false;
    for (const final of ['h', 'l']) {
      this.term.parser.registerCsiHandler({ prefix: '?', final }, (params) => {
        if (params.includes(12)) stated = true;
        return false; // xterm.js's own handler: the other modes of the sequence
      });
    }
    this.term.onWriteParsed(() => {
      if (!stated) return;
      stated = false;
      this.term.options.cursorBlink = this.settings.cursorBlink;
    });
  }

  /** How the program ended: "killed by SIGKILL" when a signal ended it, else "exited 130". */
  get ending() {
    return this.signal ? `killed by ${this.signal}` : `exited ${this.exitCode ?? ''}`;
  }

  /**
   * The program has ended: the tab keeps its last screen (and scrollback) to read, takes no more keys, and says how
   * it ended under it. Also for a tab opened after the end: the server sends the last screen, then the exit.
   */
  showEnded() {
    this.ended = true;
    this.term.options.disableStdin = true;
    // No cursor: it said the program waits for keys. After the last output, which may be behind a reset still.
    this.inOrder(() => this.term.write('\x1b[?25l'));
    // A server that stops ends its programs and forgets their terminals. The tab said "reconnecting…" for as long as
    // the server was down, and "terminal closed" once it was back.
    this.endedNote.textContent = this.serverStopped
      ? 'the server stopped, and its programs with it: this is the last screen, read-only'
      : `${this.ending} — the program has ended: this is its last screen, read-only`;
    this.endedBar.hidden = false;
    this.fitToWindow();
  }

  /**
   * Under the terminal, not over it: the last lines a program printed (its error, its summary) stay in sight. Its
   * buttons run the program again in a new tab (a shell left with `exit`, a build to run after a fix) or close this
   * tab: the tab was a dead end, where a person went back to the list and retyped the command.
   */
  createEndedBar() {
    const bar = document.createElement('div');
    bar.className = 'ended-bar';
    bar.hidden = true;
    this.endedNote = document.createElement('span');
    this.endedNote.className = 'ended-note';
    const button = (label, action, title) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.title = title;
      b.dataset.action = action;
      b.addEventListener('click', () => this.options[action]?.(this));
      return b;
    };
    bar.append(this.endedNote,
      button('run again', 'runAgain', 'Start the same command in the same directory, in a new tab'),
      button('close tab', 'closeTab', 'Close this tab'));
    return bar;
  }

  /** Whether keys typed here reach the program: not in a read-only tab, nor once the program has ended. */
  get takesKeys() {
    return !this.view && this.state !== 'exited' && this.state !== 'gone';
  }

  /** Starts the connection. */
  start() {
    this.socket.start();
    return this;
  }

  /** Shows the tab: opens xterm.js on first show, asks for this tab's size (first to show sets it). */
  show() {
    this.element.hidden = false;
    this.shown = true;
    this.unseen = false;
    this.bell = false;
    if (!this.term.element) this.open();
    this.fitToWindow();
    this.term.focus();
    this.changed();
  }

  /**
   * The program rang the bell (a build done with `; printf '\a'`, a shell's completion that found nothing, irssi's
   * highlight), as the settings' bell says: in sight the terminal flashes (visual) or the page beeps (sound); while the
   * tab is not in sight, in another tab of the page or in a browser tab in the background, the tab strip and the
   * browser's title say so until it is shown (and a sound beeps). With bell "none", nothing. xterm.js rings no bell of
   * its own.
   */
  rang() {
    const kind = this.settings.bell;
    if (kind === 'none') return;
    const inSight = this.shown && !document.hidden;
    // A beep is heard from a tab out of sight too, as a terminal window's behind others is; a flash there is not seen.
    if (inSight || kind === 'sound') this.bellSignal.ring(kind);
    if (inSight || this.bell) return;
    this.bell = true;
    this.changed();
  }

  /** The tab went off screen: another client showing the terminal may take over the size. */
  hide() {
    if (!this.shown) return;
    this.shown = false;
    this.sentSize = null; // shown again, it asks for its size again
    this.element.hidden = true;
    if (!this.view) this.socket.hide();
  }

  open() {
    this.term.open(this.host);
    if (this.options.renderer !== 'dom') {
      try {
        const webgl = new WebglAddon();
        webgl.onContextLoss(() => webgl.dispose()); // back to the DOM renderer
        this.term.loadAddon(webgl);
        this.renderer = 'webgl';
      } catch (e) {
        console.warn('ptyctl: WebGL unavailable, using the DOM renderer', e);
        this.renderer = 'dom';
      }
    } else {
      this.renderer = 'dom';
    }
    // Clicked, tapped or focused: this tab is in use and claims the size (also when its window comes back to the
    // front with the terminal still focused, which fires no new focus event in every browser).
    this.term.textarea?.addEventListener('focus', () => this.claim());
    this.host.addEventListener('pointerdown', () => this.claim());
    scrollBySwipes(this.term, this.host);
    selectByLongPress(this.term, this.host, this.element);
    new ResizeObserver(() => this.fitToWindow()).observe(this.host);
    // For the bench: when the first screen of output was drawn, in ms since the page's navigation started.
    const firstDraw = this.term.onRender(() => {
      if (this.parsedSeq > 0) {
        this.firstDrawnAt = performance.now();
        firstDraw.dispose();
      }
    });
  }

  /** Tells the server this tab is in use, so its size is the terminal's. */
  claim() {
    if (!this.view && this.shown) this.socket.focus();
  }

  /**
   * Sends the grid that fits this tab's area; the server's size frame then resizes xterm.js. An ended program's last
   * screen is fitted here instead, after its last output: no program and no other client shares its size any more, and
   * left at the size it ended at it lay in a window smaller than it with the window's own scrollbars, its last lines
   * (the build's failure) below them and out of sight, or in a corner of a larger one.
   */
  fitToWindow() {
    if (!this.shown || !this.term.element) return;
    if (this.ended) {
      this.fitEnded();
      return;
    }
    if (this.view) return;
    const size = this.fittingGrid();
    if (!size) return;
    const { cols, rows } = size;
    if (this.sentSize?.cols === cols && this.sentSize?.rows === rows && this.socket.state === 'open') return;
    this.sentSize = { cols, rows };
    this.socket.resize(cols, rows);
  }

  /** The text size changed (the header's A− and A+): the grid that fits the area changes, and the program is told. */
  setFontSize(size) {
    if (this.term.options.fontSize === size) return;
    this.term.options.fontSize = size;
    this.fitToWindow();
  }

  /**
   * The person's settings (settings.js) changed in the settings dialog: the theme, the cursor and the scrollback apply
   * at once (a smaller scrollback drops the oldest lines); the bell, copy on select and the paste question are read
   * as they happen.
   */
  applySettings(settings) {
    const theme = this.theme;
    Object.assign(this.term.options, this.useSettings(settings));
    // Only for a new theme: the search found again brings its match back into sight, and a text size step (A+, Ctrl-=)
    // with the box open took the person back from the lines they had scrolled to.
    if (this.theme !== theme) this.useTheme();
    this.setFontSize(settings.fontSize);
  }

  /** The theme changed: the colours a program asks for (OSC 10, 11) and the search's highlights are the new ones. */
  useTheme() {
    this.queries.useTheme(this.theme.terminal);
    if (!this.searchBox.hidden && this.searchBox.firstElementChild.value) {
      this.search.clearDecorations(); // highlighted again in the theme's colours
      this.findAsTyped();
    }
  }

  /**
   * Takes `settings` as the tab's, with the theme they stand for now, and returns the xterm.js options they give (the
   * text size apart: setFontSize refits the terminal): one list, for the terminal made and for a change of settings.
   */
  useSettings(settings) {
    this.settings = settings;
    this.theme = THEMES[resolveTheme(settings.theme)];
    return {
      theme: this.theme.terminal,
      cursorStyle: settings.cursorStyle,
      cursorBlink: settings.cursorBlink,
      scrollback: settings.scrollback,
    };
  }

  /**
   * With copy on select, text selected with the mouse (a drag, a double or triple click) goes to the clipboard as the
   * button is released, as in PuTTY and xterm: no Ctrl-Shift-C. After xterm.js's own mouseup (on the document, after
   * this), which ends the selection. Once a selection: a double click's first mouseup, seen late, copied the word the
   * second click selected, and the second copied it again.
   */
  copyOnSelect() {
    if (!this.settings.copyOnSelect) return;
    setTimeout(() => {
      if (!this.term.hasSelection() || this.selectionCopied) return;
      this.selectionCopied = true;
      copyText(this.term.getSelection());
    });
  }

  fitEnded() {
    const size = this.fittingGrid();
    if (size) this.inOrder(() => this.term.resize(size.cols, size.rows));
  }

  /** The grid that fits this tab's area (proposeGrid), within the sizes a terminal may have; null when hidden. */
  fittingGrid() {
    const size = this.proposeGrid();
    if (!size || !size.cols || !size.rows) return null;
    return { cols: Math.max(2, Math.min(1000, size.cols)), rows: Math.max(1, Math.min(1000, size.rows)) };
  }

  /**
   * The grid that fits this tab's area, measured without its scrollbars: a grid larger than the area (another
   * client's size) gives it scrollbars, and they must not make this tab ask for a smaller grid than when it sets the
   * size itself (it would then flip between two sizes as the scrollbars come and go).
   */
  proposeGrid() {
    const overflow = this.host.style.overflow;
    this.host.style.overflow = 'hidden';
    try {
      return this.fit.proposeDimensions();
    } finally {
      this.host.style.overflow = overflow;
    }
  }

  onReady() {
    this.answerFrom = Infinity; // until this connection's first ack: everything before is history
    this.sentSize = null;
    if (this.shown) {
      this.fitToWindow();
      if (!this.view && document.activeElement === this.term.textarea) this.socket.focus();
    } else if (!this.view) {
      this.socket.hide();
    }
  }

  /**
   * The terminal's size, applied between the output before it and the output after it, as the server's emulator
   * did: every line then wraps at the width the server drew it at. Behind a reset, it waits in the same queue.
   */
  resizeInOrder(cols, rows) {
    this.inOrder(() => this.term.resize(cols, rows));
  }

  /** Runs `step` once the output delivered so far is parsed (behind a reset, in the same queue). */
  inOrder(step) {
    if (this.writeQueue) this.writeQueue.push({ step });
    else this.term.write('', step);
  }

  /** Output in arrival order; a reset waits for the writes before it, then starts from a clean terminal. */
  deliver(data, reset, seq) {
    if (!this.shown && !this.unseen) {
      this.unseen = true; // the tab strip marks it
      this.changed();
    }
    if (this.writeQueue) {
      this.writeQueue.push({ data, reset, seq });
      return;
    }
    if (!reset) {
      this.write(data, seq, true);
      return;
    }
    this.writeQueue = [{ data, reset, seq }];
    this.term.write('', () => {
      const queued = this.writeQueue;
      this.writeQueue = null;
      for (const item of queued) {
        if (item.step) {
          this.inOrder(item.step); // the queue is gone: after the writes before it, as ever
          continue;
        }
        if (item.reset) {
          this.resets++;
          this.term.reset();
          this.marks.clear();
          this.queries.clear();
        }
        this.write(item.data, item.seq, !item.reset);
      }
    });
  }

  write(data, seq, live) {
    const chunk = { end: seq, start: seq - data.length, live };
    this.chunks.push(chunk);
    this.term.write(data, () => {
      this.chunks.shift();
      this.parsedSeq = chunk.end;
    });
  }

  /**
   * What xterm.js emits: a person's keys (with the bar's armed Ctrl and Alt), a report of its own (focus, mouse, a
   * bracketed paste), or its reply to a query (sent only when this page should answer).
   */
  typed(data) {
    if (this.view) return;
    if (this.replies.replying) {
      this.answer(data);
      return;
    }
    this.socket.input(isReport(data) ? data : withModifiers(data, this.takeModifiers()));
  }

  /** A mouse report xterm.js gives as bytes (X10 encoding, past column or row 95): sent as those bytes. */
  clicked(binary) {
    if (!this.view) this.socket.inputBytes(binary);
  }

  /** A reply to a query in the output being parsed: sent unless it is history (the server decides who answers). */
  answer(reply) {
    if (this.answering()) this.socket.input(reply, false);
  }

  answering() {
    return !this.view && this.parsingLiveOutput();
  }

  /**
   * Whether the output xterm.js is parsing now is live: it came after this connection's first ack. Output before
   * it (a replay after a reconnect, a reset frame) was printed while this page was not there to see it: the queries in
   * it were answered by someone else, and its clipboard writes are not this page's to make.
   */
  parsingLiveOutput() {
    const chunk = this.chunks[0];
    return !!chunk && chunk.live && chunk.start >= this.answerFrom;
  }

  /**
   * OSC 52 with the user's consent (?clipboard=1): live output may copy to the clipboard, never read it; output
   * replayed on connecting (an OSC 52 printed long ago, or while the page was away) copies nothing.
   */
  liveOnlyClipboard() {
    return {
      readText: () => '',
      writeText: (selection, text) => (selection === 'c' && this.parsingLiveOutput()
        ? navigator.clipboard.writeText(text) : undefined),
    };
  }

  /** A key of the touch key bar, with the modifiers armed on the bar. */
  pressKey(key) {
    if (this.view) return;
    const modifiers = this.takeModifiers();
    this.socket.input(keyBytes(key, { ...modifiers, applicationCursor: this.term.modes.applicationCursorKeysMode }));
  }

  /**
   * The bar's Ctrl or Alt (`name` ctrl or alt) tapped at `now` (an event's timeStamp: when the tap came, however late
   * the page gets to it): armed for the next key, or released when it was. Tapped again
   * within DOUBLE_TAP_MS of arming it, it locks instead, for every key until it is tapped once more, as a phone
   * keyboard's Shift does: a run of Ctrl keys (tmux's prefix and its key, Ctrl-X Ctrl-S in emacs) took a tap before
   * each.
   */
  toggleModifier(name, now = performance.now()) {
    if (this.locked[name]) {
      this.locked = { ...this.locked, [name]: false };
      this.modifiers = { ...this.modifiers, [name]: false };
    } else if (this.modifiers[name] && now - this.armedAt[name] < DOUBLE_TAP_MS) {
      this.locked = { ...this.locked, [name]: true };
    } else {
      this.modifiers = { ...this.modifiers, [name]: !this.modifiers[name] };
      this.armedAt = { ...this.armedAt, [name]: now };
    }
    this.options.onModifiersChanged?.();
  }

  /** The modifiers armed for this key; the one-shot ones are disarmed for the next (the bar then shows them released). */
  takeModifiers() {
    const armed = this.modifiers;
    const next = { ctrl: armed.ctrl && this.locked.ctrl, alt: armed.alt && this.locked.alt };
    if (next.ctrl === armed.ctrl && next.alt === armed.alt) return armed;
    this.modifiers = next;
    this.options.onModifiersChanged?.();
    return armed;
  }

  /**
   * Page shortcuts, handled before xterm.js: Ctrl-Shift-F search, Ctrl-Shift-Up/Down jump between prompts,
   * Ctrl-Shift-C copies the selection (Ctrl-C is the program's: it interrupts it), as in VS Code's and GNOME's
   * terminals. Ctrl-Shift-V pastes by itself: the browser's paste, which xterm.js sends as a paste.
   */
  shortcut(event) {
    if (event.type !== 'keydown' || !event.ctrlKey) return true;
    if (!event.shiftKey) return this.ctrlKey(event);
    if (event.key === 'F' || event.key === 'f') {
      this.openSearch();
    } else if ((event.key === 'C' || event.key === 'c') && this.term.hasSelection() && navigator.clipboard) {
      // Copied here, not left to the browser: Chrome's Ctrl-Shift-C is its element inspector. Without the
      // clipboard API (plain http to another host) the browser's own handling stays.
      copyText(this.term.getSelection());
    } else if (event.key === 'ArrowUp') {
      this.marks.jump(-1);
    } else if (event.key === 'ArrowDown') {
      this.marks.jump(1);
    } else {
      return this.ctrlKey(event); // Ctrl-Shift-6 is Ctrl-^, Ctrl-Shift-/ Ctrl-?
    }
    event.preventDefault();
    return false;
  }

  /**
   * Ctrl with a digit or a symbol sends what xterm sends (keys.js's ctrlOnlyBytes), where xterm.js sends nothing (Ctrl-2,
   * Ctrl-/, Ctrl-^, Ctrl-`, Ctrl-?) or the same; as typed, so an armed Alt of the key bar still applies. Any other key is
   * xterm.js's. Not with Alt (AltGr on some systems) nor Meta.
   */
  ctrlKey(event) {
    const bytes = event.altKey || event.metaKey || event.isComposing ? null : ctrlOnlyBytes(event.key);
    if (bytes === null) return true;
    event.preventDefault();
    this.term.input(bytes, true);
    return false;
  }

  /**
   * The search box (Ctrl-Shift-F): finds as you type, highlights every match and says which one is selected of how
   * many, or that there is none. It found only on Enter and said nothing when the text was not there.
   */
  createSearchBox() {
    const box = document.createElement('form');
    box.className = 'search';
    box.hidden = true;
    box.innerHTML = '<input type="search" aria-label="Find in terminal"'
      + ' placeholder="find in terminal (Enter: next, Shift-Enter: previous)"><span class="search-count"></span>';
    const [input, count] = box.children;
    const options = () => ({ decorations: this.theme.search }); // the theme's colours (it may change meanwhile)
    const found = (any) => {
      if (any) this.keepMatchInSight();
    };
    // Also for the counts taken as output comes (recount): the field turns red when the scrollback has dropped the
    // last match, and back when one is printed.
    this.search.onDidChangeResults(({ resultIndex, resultCount }) => {
      if (!input.value) {
        count.textContent = '';
        return;
      }
      input.setAttribute('aria-invalid', String(resultCount === 0));
      if (resultCount === 0) count.textContent = 'no match';
      else if (resultIndex < 0) count.textContent = `${resultCount}+ matches`;
      else count.textContent = `${resultIndex + 1} of ${resultCount}${resultCount >= SEARCH_LIMIT ? '+' : ''}`;
    });
    box.addEventListener('submit', (e) => e.preventDefault());
    input.addEventListener('input', () => {
      if (input.value) {
        this.findAsTyped();
        return;
      }
      this.search.clearDecorations();
      this.term.clearSelection();
      input.removeAttribute('aria-invalid');
      count.textContent = '';
    });
    /** Finds the box's text from the match selected (or the top), and counts the matches. */
    this.findAsTyped = () => found(this.search.findNext(input.value, { ...options(), incremental: true }));
    /**
     * Counts the matches again in the buffer as it is now, the match selected staying selected (the search goes on
     * from the selection) and the view where the person left it (the addon's own noScroll, as its recount passes).
     */
    this.recount = () => {
      if (this.searchBox.hidden || !input.value) return;
      const own = this.ownSelection(input.value);
      this.search.clearDecorations(); // forgets the text searched last: the next find highlights every match again
      this.search.findPrevious(input.value, { ...options(), incremental: true }, { noScroll: true });
      // The search selects its match: a selection the person made (to copy it) while the box was open was replaced
      // by the match next to it, four times a second while output streamed. It is put back.
      if (!own) return;
      const cells = (own.end.y - own.start.y) * this.term.cols + own.end.x - own.start.x;
      this.term.select(own.start.x, own.start.y, cells);
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault(); // a search field's Escape also empties it (Chromium): the text is kept for next time
        this.closeSearch();
      } else if (event.key === 'Enter' && input.value) {
        event.preventDefault();
        const search = event.shiftKey ? this.search.findPrevious : this.search.findNext;
        found(search.call(this.search, input.value, options()));
      }
    });
    return box;
  }

  /**
   * The search box goes to the other end of the terminal (top or bottom) when it lies over the match selected: on a
   * phone it is as wide as the terminal, and a match in its first rows (a terminal not yet full, whose lines are all at
   * the top) was found under the box, out of sight.
   */
  keepMatchInSight() {
    const match = this.term.getSelectionPosition();
    const screen = this.term.element?.querySelector('.xterm-screen')?.getBoundingClientRect();
    if (!match || !screen) return;
    const cell = { width: screen.width / this.term.cols, height: screen.height / this.term.rows };
    const top = this.term.buffer.active.viewportY;
    const oneRow = match.start.y === match.end.y;
    const area = {
      top: screen.top + (match.start.y - top) * cell.height,
      bottom: screen.top + (match.end.y - top + 1) * cell.height,
      left: oneRow ? screen.left + match.start.x * cell.width : screen.left, // more rows: the whole width
      right: oneRow ? screen.left + match.end.x * cell.width : screen.right,
    };
    const box = this.searchBox.getBoundingClientRect();
    const covered = area.top < box.bottom && area.bottom > box.top && area.left < box.right && area.right > box.left;
    if (covered) this.searchBox.classList.toggle('below');
  }

  /** Where the selection is when it is the person's own, not a match of `text` the search selected; else null. */
  ownSelection(text) {
    if (!this.term.hasSelection() || this.term.getSelection().toLowerCase() === text.toLowerCase()) return null;
    return this.term.getSelectionPosition() ?? null;
  }

  /** Output was parsed: an open search box counts its matches again, at most every RECOUNT_MS while it streams. */
  recountSoon() {
    if (this.searchBox.hidden) return;
    // The addon's own count, 200 ms after the output stops, selected the match next to the selection, a selection the
    // person made included: this one, which keeps it, counts instead. The addon's timer is cancelled as it is set (its
    // listener runs first); a private member of the addon as package-lock.json pins it, and were it renamed both would
    // count again, as before. The addon also counts 200 ms after a resize: this tab resizes xterm.js only in a
    // write's callback (inOrder), and the onWriteParsed that follows the callback brings it here, after the addon's
    // onResize: a selection xterm.js keeps over a change of width stays too.
    this.search._highlightTimeout?.clear();
    if (this.recountTimer) return;
    const pause = Math.max(RECOUNT_MS, RECOUNT_SHARE * (this.recountCost ?? 0));
    const wait = Math.max(0, (this.recountedAt ?? -Infinity) + pause - performance.now());
    this.recountTimer = setTimeout(() => {
      this.recountTimer = null;
      this.recountedAt = performance.now();
      this.recount();
      this.recountCost = performance.now() - this.recountedAt;
    }, wait);
  }

  /** Closes the search box, its text kept for next time; the terminal has the keyboard again. */
  closeSearch() {
    this.searchBox.hidden = true;
    this.search.clearDecorations();
    this.term.focus();
    this.changed();
  }

  /** The header's Find: opens the search box, or closes it when open (a phone's keyboard has no Escape). */
  toggleSearch() {
    if (this.searchBox.hidden) this.openSearch();
    else this.closeSearch();
  }

  openSearch() {
    const input = this.searchBox.firstElementChild;
    this.searchBox.hidden = false;
    this.changed();
    input.focus();
    input.select();
    // The text kept from the last time is found again: Escape cleared its highlights, and the count beside it still
    // said what the screen had then ("2 of 3" over no highlight, and over output that came since; in Chromium over an
    // empty field, which Escape had emptied).
    if (input.value) this.findAsTyped();
  }

  /** The label of the tab (see labelOf). */
  get label() {
    return labelOf(this.title, this.info);
  }

  changed() {
    this.options.onChange?.(this);
  }

  dispose() {
    clearTimeout(this.recountTimer);
    this.socket.dispose();
    this.replies.dispose();
    this.queries.dispose();
    this.marks.dispose();
    this.term.dispose();
    this.element.remove();
  }
}

