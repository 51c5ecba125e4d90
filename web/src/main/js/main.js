// The page: login when the server needs a token, the terminal list (live from the event socket), tabs of
// terminals, the key bar on touch screens, the document title. Wires api.js, events.js, list.js and tab.js together.
//
// The person's settings (settings.js, the dialog of settingsdialog.js) apply to every tab and to the page's theme.
//
// URL: /?t=ID opens a terminal, &mode=view read-only; ?renderer=dom uses xterm.js's DOM renderer instead of
// WebGL; ?keys=1 shows the key bar on any screen; ?clipboard=1 lets programs copy to the clipboard (OSC 52).
// Test hook: window.ptyctl.terminals maps a terminal id to its tab's xterm.js Terminal; window.ptyctl.tabs to
// the TerminalTab (its socket, parsedSeq, state); eventStreams counts the event socket's subscriptions, eventsOpen
// says whether it is subscribed now, eventLosses counts its connections that ended or failed; keyBytes is keys.js's,
// which a test compares with the server's key table.
import * as api from './api.js';
import { followEvents as followTerminalEvents } from './events.js';
import { distinguishingIds } from './labels.js';
import { TerminalList } from './list.js';
import { TerminalTab } from './tab.js';
import { keyBytes } from './keys.js';
import { DEFAULT_FONT_SIZE, MAX_FONT_SIZE, MIN_FONT_SIZE, keepFontSize, storedFontSize, stepFontSize }
  from './fontsize.js';
import { DEFAULTS, storedSettings, storeSettings } from './settings.js';
import { SettingsDialog } from './settingsdialog.js';
import { THEMES, onSystemThemeChange, resolveTheme } from './themes.js';
import { onLongPress } from './longpress.js';
import { fullScreenAvailable, keyboardLockAvailable, onFullScreenChange, toggleFullScreen } from './fullscreen.js';
import { askBeforeKeyboardClose } from './leaving.js';
import { ignoreStrayDrops } from './paste.js';

const params = new URLSearchParams(location.search);
const settings = {
  renderer: params.get('renderer') === 'dom' ? 'dom' : 'webgl',
  clipboard: params.get('clipboard') === '1',
  keys: params.get('keys') === '1' || matchMedia('(pointer: coarse)').matches,
};
/** The person's settings (settings.js) and text size (fontsize.js), as kept in this browser. */
let preferences = { ...storedSettings(), fontSize: storedFontSize() };
const hook = { terminals: {}, tabs: {}, eventStreams: 0, eventsOpen: false, eventLosses: 0, keyBytes };
window.ptyctl = hook;

const $ = (id) => document.getElementById(id);
const terminals = new Map(); // id -> what the server says about it
const tabs = new Map(); // id -> TerminalTab
let active = null; // the TerminalTab shown, or null for the list
let stopEvents = null; // stops the event stream while it is followed
// Whether a connection of the event stream failed or dropped since it was last subscribed (the list then shows rows
// that may be stale; lost, it is not open). Not "was it ever open": a page opened on a terminal (/?t=ID) whose server
// then stopped showed its list, when asked for, as if live. The test hook's eventsOpen says whether it is open now.
let eventsLost = false;
let left = false; // between pagehide and pageshow

const list = new TerminalList($('terminals'), $('empty'), {
  open: (id, view) => openTab(id, view),
  close: (id) => closeTerminal(id),
});

// ---- login -------------------------------------------------------------------------------------------------

function login(message) {
  const dialog = $('login');
  $('login-error').hidden = !message;
  $('login-error').textContent = message ?? '';
  if (!dialog.open) dialog.showModal();
  $('login-token').focus();
  return new Promise((resolve) => {
    $('login-form').onsubmit = async (event) => {
      event.preventDefault();
      api.setToken($('login-token').value.trim());
      try {
        await api.listTerminals();
        dialog.close();
        resolve();
      } catch (e) {
        if (!(e instanceof api.Unauthorized)) throw e;
        $('login-error').hidden = false;
        $('login-error').textContent = 'The server refused this token.';
        // Cleared, so the token typed next is not appended to the refused one.
        $('login-token').value = '';
        $('login-token').focus();
      }
    };
  });
}

/** Runs an API call; on a refused token asks for one and tries again. */
async function authorized(call) {
  for (;;) {
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof api.Unauthorized)) throw e;
      await login(api.token() ? 'The server refused the token.' : null);
    }
  }
}

// ---- the list ----------------------------------------------------------------------------------------------

let refreshTimer = null;
async function refresh() {
  const listed = await authorized(api.listTerminals);
  terminals.clear();
  listed.forEach((t) => terminals.set(t.terminalId, t));
  renderList();
}

/** Refreshes soon, once for a burst of events (clients and commands have no event of their own). */
function refreshSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => refresh().catch(showError), 300);
}

function renderList() {
  list.render([...terminals.values()]);
  updateTitle();
}

function onEvent(name, data) {
  const known = terminals.get(data.terminalId);
  if (name === 'terminal.created') {
    terminals.set(data.terminalId, { ...data, running: true });
  } else if (known && name === 'terminal.exited') {
    Object.assign(known, { running: false, exitCode: data.exitCode ?? null, signal: data.signal ?? null });
  } else if (known && name === 'terminal.title') {
    known.liveTitle = data.liveTitle;
    known.terminalActivity = data.terminalActivity;
  } else if (known && name === 'terminal.size') {
    Object.assign(known, { cols: data.cols, rows: data.rows });
  }
  renderList();
  refreshSoon();
}

function followEvents() {
  stopEvents?.();
  eventsLost = false; // a new start: not "reconnecting…" before its first attempt has failed
  stopEvents = followTerminalEvents({
    onEvent,
    onOpen: () => {
      hook.eventStreams++;
      hook.eventsOpen = true;
      eventsLost = false;
      // The server answers again: a "cannot reach the server" said meanwhile is no longer so.
      if ($('list-message').dataset.unreachable === 'true') $('list-message').hidden = true;
      renderTabs();
      refresh().catch(showError);
    },
    onLost: () => {
      hook.eventsOpen = false;
      hook.eventLosses++;
      eventsLost = true;
      renderTabs(); // the list's status line says it is reconnecting: its rows are as last heard
    },
    onUnauthorized: () => authorized(api.listTerminals).then(() => {
      if (stopEvents) followEvents(); // still wanted
    }),
    probe: async () => {
      try {
        await api.listTerminals();
        return 'retry';
      } catch (e) {
        return e instanceof api.Unauthorized ? 'refused' : 'retry';
      }
    },
  });
}

/**
 * Follows the events while the list is on screen, and only then: a page showing a terminal hears of that terminal
 * over its WebSocket, and a page in a background tab or left for another address (see pagehide) shows nothing. The
 * list, shown again, is fetched again. (The events come over a WebSocket, so any number of windows may show the
 * list: see events.js.)
 */
function updateEvents() {
  const wanted = active === null && !document.hidden && !left;
  if (wanted && !stopEvents) {
    followEvents();
  } else if (!wanted && stopEvents) {
    stopEvents();
    stopEvents = null;
    hook.eventsOpen = false;
  }
}

function showError(e) {
  const message = $('list-message');
  message.hidden = false;
  message.textContent = e.message ?? String(e);
  message.dataset.unreachable = String(e instanceof api.Unreachable);
}

async function closeTerminal(id) {
  const button = document.querySelector(`button[data-action="close"][data-terminal="${CSS.escape(id)}"]`);
  if (button && !button.classList.contains('armed')) {
    // A second click confirms: closing hangs up the program for everyone.
    button.classList.add('armed');
    button.textContent = 'really close';
    setTimeout(() => {
      button.classList.remove('armed');
      button.textContent = 'close';
    }, 4000);
    return;
  }
  await authorized(() => api.deleteTerminal(id)).catch(showError);
  closeTab(id);
  refreshSoon();
}

$('new-terminal').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.target;
  try {
    const created = await authorized(() => api.createTerminal({ command: form.command.value, cwd: form.cwd.value }));
    $('list-message').hidden = true;
    form.reset();
    await openTab(created.terminalId, false);
  } catch (e) {
    showError(e);
  }
});

// ---- tabs --------------------------------------------------------------------------------------------------

async function openTab(id, view) {
  let tab = tabs.get(id);
  if (!tab) {
    const info = terminals.get(id) ?? await authorized(() => api.getTerminal(id));
    tab = new TerminalTab(info, {
      view,
      renderer: settings.renderer,
      clipboard: settings.clipboard,
      settings: preferences,
      socketUrl: (lastOutputSeq, clientId) => api.socketUrl(id, { clientId, lastOutputSeq, view }),
      probe: () => probe(id),
      onChange: (changed) => tabChanged(changed),
      onModifiersChanged: () => updateKeyBar(),
      runAgain: (ended) => runAgain(ended),
      closeTab: (closed) => closeTab(closed.id),
    });
    tabs.set(id, tab);
    hook.terminals[id] = tab.term;
    hook.tabs[id] = tab;
    $('views').append(tab.element);
    tab.start();
  }
  activate(tab);
  return tab;
}

/**
 * After a failed connection: does the terminal still exist, is the token still good? A terminal whose program has
 * ended is connected to all the same: the server sends its last screen (or the output this tab missed), then the exit.
 */
async function probe(id) {
  try {
    await api.getTerminal(id);
    return 'retry';
  } catch (e) {
    if (e instanceof api.Unauthorized) return 'refused';
    if (e instanceof api.ApiError && e.status === 404) return 'gone';
    return 'retry';
  }
}

function activate(tab) {
  if (active === tab && (tab === null || !tab.element.hidden)) return;
  active?.hide();
  active = tab;
  $('list-view').hidden = tab !== null;
  updateKeyBar(); // before show(): the tab then fits the room the key bar leaves at once, not in a second resize
  if (tab) tab.show();
  updateEvents();
  history.replaceState(null, '', addressOf(tab));
  renderTabs();
  // The shown tab in sight: on a phone the strip holds two or three tabs, and one opened after them was off screen.
  // Here, when the tab shown changes, not in renderTabs: that runs on every title and state change, and pulled a strip
  // a person had swiped to another tab back to the shown one each time.
  $('tabs').querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * An ended program's "run again": the same command in the same directory, in a new tab, started at the size of this
 * tab's window (a program that prints and ends at once would otherwise print at the server's default width).
 */
async function runAgain(ended) {
  const { shell, args, cwd } = ended.info;
  const { cols, rows } = ended.proposeGrid() ?? {};
  try {
    const created = await authorized(() => api.startTerminal({ shell, args, cwd, cols, rows }));
    await openTab(created.terminalId, false);
  } catch (e) {
    ended.endedNote.textContent = `could not run it again: ${e.message ?? e}`;
  }
}

/**
 * Closes a tab (the terminal goes on). The tab shown closed, the one after it is shown (the one before it when it was
 * the last; the list when it was the only one), as a browser does; another closed, the shown terminal keeps the
 * keyboard. The page showed the list, and a × clicked took the keyboard from the terminal: keys typed next went
 * nowhere.
 */
function closeTab(id) {
  const tab = tabs.get(id);
  if (!tab) return;
  const open = [...tabs.values()];
  const at = open.indexOf(tab);
  const next = tab === active ? open[at + 1] ?? open[at - 1] ?? null : active;
  tab.dispose();
  tabs.delete(id);
  delete hook.terminals[id];
  delete hook.tabs[id];
  if (next !== active) activate(next);
  renderTabs();
  next?.term.focus();
}

function tabChanged(tab) {
  if (tab.state === 'refused') {
    login('The server refused the token.').then(() => tab.socket.resume());
  }
  renderTabs();
}

/** The parameters of the page's address that hold for the whole page (see the top), not for one tab. */
const PAGE_PARAMS = ['renderer', 'keys', 'clipboard'];

/**
 * The page's address while `tab` is shown (null: the list): its terminal, and the page's own parameters as it was
 * opened with them. A reload (or the address copied) kept the terminal but lost them: ?clipboard=1, the person's
 * consent to programs' copies, was gone after a reload.
 */
function addressOf(tab) {
  const address = new URLSearchParams();
  if (tab) address.set('t', tab.id);
  if (tab?.view) address.set('mode', 'view');
  for (const name of PAGE_PARAMS) if (params.has(name)) address.set(name, params.get(name));
  return address.size ? `/?${address}` : '/';
}

/** Said in every tab's tooltip: the keys that switch tabs (see the keydown listener below). */
const SWITCH_KEYS = 'Ctrl-Shift-PageUp / Ctrl-Shift-PageDown: previous / next tab';

function renderTabs() {
  const strip = $('tabs');
  const ids = distinguishingIds([...tabs.values()]);
  strip.replaceChildren(...[...tabs.values()].map((tab) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tab';
    b.dataset.terminal = tab.id;
    b.dataset.state = tab.state;
    if (tab === active) b.setAttribute('aria-current', 'page');
    if (tab.unseen) b.classList.add('unseen');
    if (tab.activity) b.classList.add(tab.activity);
    // The whole label first: a long one (a command line the shell reported as the title) is cut short in the tab.
    b.title = `${tab.label}\n${tab.id}${tab.view ? ' (read-only)' : ''}\n${SWITCH_KEYS}`;
    // The label alone is cut short with an ellipsis: a long title (vim's file path, an agent's task) must not
    // push the close button out of the tab, where it could be neither seen nor clicked.
    const label = document.createElement('span');
    label.className = 'tab-label';
    // Words, not an emoji: a machine without an emoji font showed an empty box.
    label.textContent = `${tab.view ? 'view: ' : ''}${tab.label}`;
    b.append(label);
    if (tab.bell) {
      const bell = document.createElement('span');
      bell.className = 'tab-bell';
      bell.textContent = 'bell'; // a word: see the label's
      bell.title = 'The program rang the bell while this tab was not in sight';
      b.append(bell);
    }
    // Outside the label, so that a long label cut short does not cut it off.
    if (ids.get(tab)) {
      const id = document.createElement('span');
      id.className = 'tab-id';
      id.textContent = ids.get(tab);
      b.append(id);
    }
    const x = document.createElement('span');
    x.className = 'close-tab';
    x.textContent = '×';
    x.title = 'Close this tab (the terminal goes on)';
    x.dataset.close = tab.id;
    b.append(x);
    return b;
  }));
  $('home').toggleAttribute('aria-current', active === null);
  $('font-size').hidden = active === null;
  $('find').setAttribute('aria-expanded', String(!!active && !active.searchBox.hidden));
  const state = shownState();
  const status = $('status');
  status.textContent = stateWords(state) || (active?.view ? 'read-only' : '');
  status.dataset.state = state ?? '';
  updateKeyBar();
  updateTitle();
}

$('tabs').addEventListener('click', (event) => {
  const close = event.target.closest('[data-close]');
  if (close) {
    closeTab(close.dataset.close);
    return;
  }
  const tab = tabs.get(event.target.closest('[data-terminal]')?.dataset.terminal);
  if (tab) activate(tab);
});
$('home').addEventListener('click', () => activate(null));

/**
 * A finger held on a tab shows its whole title under the strip (a phone has no hover for the tooltip), until the next
 * touch anywhere: the label in the tab is cut short.
 */
onLongPress($('tabs'), {
  onPress: ({ target }) => {
    const tab = tabs.get(target.closest?.('[data-terminal]')?.dataset.terminal);
    if (!tab) return;
    const tip = $('tab-tip');
    tip.textContent = `${tab.view ? 'view: ' : ''}${tab.label}`;
    tip.hidden = false;
  },
});
document.addEventListener('touchstart', () => {
  $('tab-tip').hidden = true;
}, { passive: true, capture: true });

/**
 * Ctrl-Shift-PageUp and Ctrl-Shift-PageDown show the previous and the next tab (round the end; from the list, the last
 * and the first), wherever the focus is. These keys because a terminal program does not count on them: GNOME Terminal
 * and xfce4-terminal keep them for moving tabs, so they never reach its programs there. And because the browser lets
 * the page have them: Ctrl-PageUp/PageDown (VS Code's and GNOME Terminal's keys for the next tab) are among Chromium's
 * reserved keys, which switch its own tabs and never reach a page; its Ctrl-Shift-PageUp/PageDown (moving a browser
 * tab) are not, and go to the page first. Not Alt-1..9: bash's readline and emacs read Alt with a digit as an argument
 * to the next command (Alt-3 Alt-b: three words back). Caught before xterm.js, which takes any Shift-PageUp/PageDown
 * as its own and would scroll the tab left a page back.
 */
window.addEventListener('keydown', (event) => {
  if (event.key === ',' && event.ctrlKey && !event.shiftKey && !event.altKey && !event.metaKey && !$('login').open) {
    // The settings, as in VS Code and Windows Terminal. No program's key: xterm.js has neither the kitty keyboard
    // protocol nor modifyOtherKeys, without which no terminal tells Ctrl-, from ",". Not over the token's dialog,
    // which must be answered first.
    event.preventDefault();
    event.stopPropagation();
    settingsDialog.toggle();
    return;
  }
  const fontStep = { '=': 1, '+': 1, '-': -1, 0: 0 }[event.key];
  if (fontStep !== undefined && event.ctrlKey && !event.altKey && !event.metaKey && active) {
    // The terminal's text, not the browser's zoom, while a terminal is shown: xterm sends these keys as = - 0, which no
    // program reads as Ctrl keys. On the list they are the browser's again.
    event.preventDefault();
    event.stopPropagation();
    changeFontSize(fontStep);
    return;
  }
  const step = { PageUp: -1, PageDown: 1 }[event.key];
  if (!step || !event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey || tabs.size === 0) return;
  event.preventDefault();
  event.stopPropagation();
  const open = [...tabs.values()];
  const at = open.indexOf(active); // -1: the list is shown
  activate(open[at < 0 ? (step > 0 ? 0 : open.length - 1) : (at + step + open.length) % open.length]);
}, true);

/**
 * The state of what is shown: the shown tab's connection, or for the list "reconnecting" while it is cut off from the
 * server (restarting, network down), its rows then being as last heard; undefined for a list that is live.
 */
function shownState() {
  return active ? active.state : (stopEvents && eventsLost ? 'reconnecting' : undefined);
}

/** What the status line says of a state (see shownState), '' for one that needs no words (open). */
function stateWords(state) {
  return { connecting: 'connecting…', reconnecting: 'reconnecting…', exited: active?.ending,
    gone: active?.serverStopped ? 'server stopped' : 'terminal closed', refused: 'token refused' }[state] ?? '';
}

/**
 * "◐ vim — ptyctl": the shown terminal's title and activity, or the list's count, and in brackets what the status line
 * says (reconnecting…, exited 3, server stopped), which is all a browser tab in the background shows of the page: it
 * said only "reconnecting…", and a program that had ended, or a server that had stopped, looked live from there.
 */
function updateTitle() {
  const unseen = [...tabs.values()].some((tab) => tab !== active && tab.unseen) ? '• ' : '';
  const bell = [...tabs.values()].some((tab) => tab.bell) ? '(bell) ' : '';
  const state = shownState();
  const words = state === 'connecting' ? '' : stateWords(state); // a moment's state, not worth a flicker
  const said = words ? ` (${words})` : '';
  if (active) {
    const glyph = { working: '◐ ', idle: '✳ ' }[active.activity] ?? '';
    const id = distinguishingIds([...tabs.values()]).get(active);
    document.title = `${bell}${unseen}${glyph}${active.label}${id ? ` ${id}` : ''}${said} — ptyctl`;
  } else {
    document.title = `${bell}${unseen}ptyctl — ${terminals.size} terminal${terminals.size === 1 ? '' : 's'}${said}`;
  }
}

// A page in a background browser tab shows nothing: its terminal goes to the clients still showing it. Shown again,
// a tab waiting to reconnect tries at once: a person is looking at it, and in the background its wait had grown to
// 8 s (more where the browser throttles a hidden page's timers: Chromium runs them once a minute after five minutes),
// so a phone brought back to the page said "reconnecting…" over a server that had long been back. An open connection
// is checked at once, as it may have died meanwhile (see TerminalSocket.shownAgain).
document.addEventListener('visibilitychange', () => {
  updateEvents();
  if (!document.hidden) for (const tab of tabs.values()) tab.socket.shownAgain();
  if (!active) return;
  if (document.hidden) active.hide();
  else active.show();
});

// Leaving the page closes every connection it holds, and coming back opens them again. A browser keeps a page it
// left in its back/forward cache, frozen, to show it again at once on Back; Chromium lets a cached page's HTTP
// requests run on for 60 s (when the list's events were an HTTP stream, five cached pages made the next one wait a
// minute for its list). Back from the cache, each terminal carries on from the
// last byte it had (the output that came meanwhile is replayed, nothing is lost or shown twice) and the list, if
// shown, is fetched again.
window.addEventListener('pagehide', () => {
  left = true;
  updateEvents();
  for (const tab of tabs.values()) tab.socket.suspend();
});
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return; // a fresh load: start() connects
  left = false;
  for (const tab of tabs.values()) tab.socket.wake();
  updateEvents();
});

// The browser has a network again (Wi-Fi back, a laptop woken): every tab waiting to reconnect tries now, not when its
// wait, grown to 8 s over a long outage, runs out.
window.addEventListener('online', () => {
  for (const tab of tabs.values()) tab.socket.retryNow();
});

// Back to this window from another one: the terminal shown here is in use again.
window.addEventListener('focus', () => {
  if (active && document.activeElement === active.term.textarea) active.claim();
});

// ---- text size ------------------------------------------------------------------------------------------------

/** A step of the text size (see fontsize.js) for every tab: the one shown refits, and its program gets the new size. */
function changeFontSize(step) {
  changeSettings({ fontSize: stepFontSize(preferences.fontSize, step) });
}

function updateFontSizeButtons() {
  $('font-smaller').disabled = preferences.fontSize <= MIN_FONT_SIZE;
  $('font-bigger').disabled = preferences.fontSize >= MAX_FONT_SIZE;
  $('font-size').title = `Text size ${preferences.fontSize} px (Ctrl-- smaller, Ctrl-= larger, Ctrl-0 back to 14 px)`;
}

function setUpTerminalButtons() {
  // pointerdown, not click: the terminal keeps the focus (and the phone its keyboard).
  $('font-size').addEventListener('pointerdown', (event) => event.preventDefault());
  // Search without Ctrl-Shift-F, which a phone's keyboard cannot type: its scrollback could not be searched at all.
  $('find').addEventListener('click', () => active?.toggleSearch());
  $('font-smaller').addEventListener('click', () => changeFontSize(-1));
  $('font-bigger').addEventListener('click', () => changeFontSize(1));
  updateFontSizeButtons();
  const fullScreen = $('full-screen');
  fullScreen.hidden = !fullScreenAvailable();
  fullScreen.title = keyboardLockAvailable()
    ? 'Full screen: Ctrl-W, Ctrl-T and Ctrl-N reach the program, not the browser (hold Esc to leave)'
    : 'Full screen (this browser keeps Ctrl-W, Ctrl-T and Ctrl-N for itself even so)';
  fullScreen.addEventListener('click', () => goFullScreen());
  onFullScreenChange((on) => fullScreen.setAttribute('aria-pressed', String(on)));
}

/** The header's full-screen button, and the note's: in or out of full screen; the terminal keeps the keyboard. */
function goFullScreen() {
  toggleFullScreen().catch((e) => console.warn('ptyctl: no full screen', e)).finally(() => active?.term.focus());
}

// ---- settings ------------------------------------------------------------------------------------------------

/** Some settings changed (the dialog, the text size buttons and keys): kept for the next load, and applied. */
function changeSettings(changed) {
  preferences = { ...preferences, ...changed };
  if ('fontSize' in changed) preferences.fontSize = keepFontSize(changed.fontSize);
  const { fontSize, ...kept } = preferences;
  storeSettings(kept);
  applySettings();
}

/** Every tab, the page's theme and the text size buttons as the settings are now. */
function applySettings() {
  const theme = resolveTheme(preferences.theme);
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]').content = THEMES[theme].chrome;
  for (const tab of tabs.values()) tab.applySettings(preferences);
  updateFontSizeButtons();
}

const settingsDialog = new SettingsDialog($('settings'), {
  current: () => preferences,
  change: changeSettings,
  defaults: () => changeSettings({ ...DEFAULTS, fontSize: DEFAULT_FONT_SIZE }),
  closed: () => active?.term.focus(), // the terminal has the keyboard again, not the gear button
});

function setUpSettings() {
  $('settings-open').addEventListener('click', () => settingsDialog.toggle());
  onSystemThemeChange(() => applySettings()); // "system": the browser's scheme changed
  applySettings();
}

// ---- keys the browser keeps ----------------------------------------------------------------------------------

/**
 * A person who stayed when the browser asked (see leaving.js) typed a key the browser keeps, most likely Ctrl-W for
 * the program: the note under the header says why the page was about to close and what reaches the program instead.
 */
function showKeysHint() {
  const lockable = fullScreenAvailable() && keyboardLockAvailable();
  $('keys-hint-full-screen').hidden = !lockable;
  $('keys-hint-go').hidden = !lockable || !!document.fullscreenElement;
  $('keys-hint').hidden = false;
}

function setUpKeysHint() {
  const close = () => {
    $('keys-hint').hidden = true;
    active?.term.focus();
  };
  $('keys-hint-close').addEventListener('click', close);
  $('keys-hint-go').addEventListener('click', () => {
    close();
    goFullScreen();
  });
  askBeforeKeyboardClose({
    wanted: () => [...tabs.values()].some((tab) => tab.takesKeys),
    onStayed: showKeysHint,
  });
}

// ---- key bar (touch screens) -------------------------------------------------------------------------------

/**
 * The key bar is shown under a terminal that takes keys, and only there: on the list, under a read-only tab or a
 * program that has ended its keys did nothing, and took a phone's screen from the list's last card. Its Ctrl and Alt
 * show whether the shown tab has them armed.
 */
function updateKeyBar() {
  const bar = $('keybar');
  bar.hidden = !(settings.keys && active?.takesKeys);
  for (const modifier of ['Ctrl', 'Alt']) {
    const armed = !!active?.modifiers[modifier.toLowerCase()];
    const button = bar.querySelector(`[data-key="${modifier}"]`);
    button.setAttribute('aria-pressed', String(armed));
    button.dataset.locked = String(armed && !!active?.locked[modifier.toLowerCase()]);
  }
}

/**
 * The bar's first row is what a phone's keyboard lacks most (Esc, Tab, Ctrl, Alt, the arrows); "more" shows a
 * second row above it, which scrolls sideways: Home, End, PgUp, PgDn, the symbols a phone's keyboard hides behind
 * its own "more" (| ~ / - `) and F1–F12 (htop, mc). Above, so that the first row stays under the thumb.
 */
function setUpKeyBar() {
  const bar = $('keybar');
  const more = bar.querySelector('[data-action="more"]');
  // pointerdown, not click: the terminal keeps the focus (and the phone its keyboard).
  bar.addEventListener('pointerdown', (event) => event.preventDefault());
  bar.addEventListener('click', (event) => {
    if (event.target.closest('[data-action="more"]')) {
      const open = more.getAttribute('aria-expanded') !== 'true';
      more.setAttribute('aria-expanded', String(open));
      $('keybar-more').hidden = !open;
      active?.term.focus();
      return;
    }
    const key = event.target.closest('[data-key]')?.dataset.key;
    if (!key || !active) return;
    if (key === 'Ctrl' || key === 'Alt') active.toggleModifier(key.toLowerCase(), event.timeStamp);
    else active.pressKey(key);
    active.term.focus();
  });
}

// ---- start ---------------------------------------------------------------------------------------------------

async function start() {
  setUpKeyBar();
  setUpTerminalButtons();
  setUpKeysHint();
  setUpSettings();
  ignoreStrayDrops();
  updateKeyBar();
  await refresh();
  const id = params.get('t');
  if (id) {
    await openTab(id, params.get('mode') === 'view').catch((e) => {
      showError(e);
      // The list's address, shown with the list: a reload (or the link copied from here) said the error again.
      history.replaceState(null, '', addressOf(null));
    });
  }
  updateEvents(); // follows the events when the list is shown (no terminal asked for, or it could not be opened)
}

start().catch(showError);
