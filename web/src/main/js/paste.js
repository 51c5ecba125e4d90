// Pastes into a terminal (Ctrl-Shift-V, the browser's menu, a middle click), made safe before xterm.js sends them.
// - Both questions are asked only while the settings' paste confirmation is on (the default).
// - Text dropped on the terminal (a selection dragged from another window, a link) is a paste, with the same questions,
//   as GNOME Terminal and iTerm2 take it. A file dropped is not typed: the browser gives the page the file's name, not
//   where it is, and the program runs on the server, where a name typed would be another file or none; the bar says
//   so. A file dropped anywhere else on the page does nothing: the browser opened it in place of the page.
// - Several lines into a program that did not ask for a bracketed paste (a shell without it, `cat > file`, a REPL, a
//   password prompt) arrive as lines typed, each Enter running one before the person has read them: the page asks
//   first, as VS Code's terminal does (its multi-line paste warning). Into bash or vim, which take the paste as one,
//   they go at once.
// - A paste larger than LARGE_PASTE asks too, whatever the program (Windows Terminal's large-paste warning): the wrong
//   clipboard (a log, a whole file) typed into a program takes a while and is not undone.
// - Pasted text cannot end a bracketed paste early: the end mark (ESC [ 201 ~) within it is taken out. Text copied from
//   a web page may hold one, and what follows it ran as typed ("paste injection"); xterm.js sends it as it is.

/** A paste over this many characters asks first: far more than a command, a snippet or a config file. */
export const LARGE_PASTE = 16 * 1024;

const BRACKET_MARKS = /\x1b\[20[01]~/g;

let questions = 0; // numbers each tab's question, for its id

/**
 * Takes the pastes into `term` (whose element is inside `host`) from xterm.js: each goes through
 * term.paste (which brackets it when the program asked), at once or after the person said yes in `bar`, the element
 * this returns (shown over the terminal while it asks). `takesKeys()` says whether the tab sends keys at all (a
 * read-only tab's pastes are left to xterm.js, which drops them); `confirm()` whether to ask at all (the settings').
 */
export function guardPastes(term, host, { takesKeys, confirm }) {
  const bar = document.createElement('div');
  bar.className = 'paste-question';
  bar.hidden = true;
  bar.setAttribute('role', 'alertdialog');
  const question = document.createElement('span');
  // The question names the dialog: a screen reader said only "alert dialog" as it took the keyboard.
  question.id = `paste-question-${++questions}`;
  bar.setAttribute('aria-labelledby', question.id);
  const yes = button('Paste', 'paste');
  const no = button('Cancel', 'cancel');
  bar.append(question, yes, no);
  let waiting = null; // the text asked about
  /** Shows the bar saying `words`: a question (Paste, Cancel) or, `telling`, a note (OK). */
  const show = (words, telling) => {
    question.textContent = words;
    yes.hidden = telling;
    no.textContent = telling ? 'OK' : 'Cancel';
    bar.hidden = false;
    (telling ? no : yes).focus(); // Enter pastes (or closes the note), Escape does not paste
  };
  // term.paste brackets it when the program asked; the end mark taken out first, so that the text cannot end it early.
  const send = (text) => term.paste(text.replace(BRACKET_MARKS, ''));
  const answer = (paste) => {
    if (paste && waiting !== null) send(waiting);
    waiting = null;
    bar.hidden = true;
    term.focus();
  };
  yes.addEventListener('click', () => answer(true));
  no.addEventListener('click', () => answer(false));
  bar.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') answer(false);
  });
  /** A paste or a drop of `text`: sent at once, or asked about first. */
  const offer = (text) => {
    const why = confirm() ? reasonToAsk(text, term.modes.bracketedPasteMode) : null;
    if (!why) {
      send(text);
      return;
    }
    waiting = text;
    show(why, false);
  };
  // Capture, on the terminal's host: before xterm.js's own listeners on its element and its input field.
  host.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain');
    if (!text || !takesKeys()) return;
    event.preventDefault();
    event.stopPropagation();
    offer(text);
  }, true);
  host.addEventListener('dragover', (event) => {
    if (!takesKeys()) return;
    event.preventDefault(); // a drop target
    event.dataTransfer.dropEffect = 'copy';
  });
  host.addEventListener('drop', (event) => {
    if (!takesKeys()) return;
    event.preventDefault();
    event.stopPropagation();
    const files = [...(event.dataTransfer?.files ?? [])].map((file) => file.name);
    const text = files.length ? '' : event.dataTransfer?.getData('text/plain');
    if (text) {
      term.focus(); // dragged from another window: the keys typed next go here too
      offer(text);
    } else if (files.length) {
      waiting = null;
      show(`${files.length === 1 ? files[0] : `${files.length} files`} not typed: a browser gives a page the name of`
        + ' a file dropped, not its path, and the program runs on the server. Text dropped is pasted.', true);
    }
  });
  return bar;
}

/**
 * A file dropped on the page outside a terminal that takes it is ignored: the browser showed the file in place of the
 * page (the list, or every open terminal, gone from the browser tab).
 */
export function ignoreStrayDrops() {
  for (const type of ['dragover', 'drop']) {
    window.addEventListener(type, (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
  }
}

/** What the person is asked before `text` is pasted, or null to paste it at once. */
export function reasonToAsk(text, bracketed) {
  const lines = text.replace(/(\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/).length;
  const size = text.length > LARGE_PASTE ? `${Math.round(text.length / 1024)} KiB, ` : '';
  const count = `${size}${lines} line${lines === 1 ? '' : 's'}`;
  if (lines > 1 && !bracketed) {
    return `Paste ${count}? The program did not ask for a bracketed paste: each line runs as it arrives.`;
  }
  if (size) return `Paste ${count}?`;
  return null;
}

function button(label, action) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.action = action;
  return b;
}
