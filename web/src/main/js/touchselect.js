// Selecting and copying with a finger. xterm.js 6 selects only with a mouse, and on a phone no text of a terminal could
// be copied at all. A finger held still on a word selects it (as a phone does in any text); moved without lifting,
// it takes the selection on, word by word, to where it is; lifted, a Copy button shows over the terminal, which copies the selection
// and clears it. A tap elsewhere in the terminal drops the selection, as a click does.
import { onLongPress } from './longpress.js';
import { copyText } from './copy.js';

/** Lets a finger select in the terminal `term` shown in `host`, with a Copy button added to `view` (the tab's element). */
export function selectByLongPress(term, host, view) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-selection';
  button.textContent = 'Copy';
  button.hidden = true;
  view.append(button);
  // pointerdown: the terminal keeps the focus, and the phone its keyboard.
  button.addEventListener('pointerdown', (event) => event.preventDefault());
  button.addEventListener('click', async () => {
    // Cleared only once copied: where nothing could copy it, the selection and its Copy stay to say so.
    if (await copyText(term.getSelection())) term.clearSelection();
  });
  term.onSelectionChange(() => {
    if (!term.hasSelection()) button.hidden = true;
  });

  let anchor = null; // the word first selected: {start, end} as cell offsets in the buffer (row * cols + column)
  let selected = null; // the cells selected, as anchor
  const screenBox = () => term.element.querySelector('.xterm-screen').getBoundingClientRect();
  const offsetAt = (point) => {
    const screen = screenBox();
    const column = clamp(Math.floor((point.x - screen.left) / (screen.width / term.cols)), 0, term.cols - 1);
    const row = clamp(Math.floor((point.y - screen.top) / (screen.height / term.rows)), 0, term.rows - 1);
    return (term.buffer.active.viewportY + row) * term.cols + column;
  };
  const select = (start, end) => {
    selected = { start, end };
    term.select(start % term.cols, Math.floor(start / term.cols), end - start + 1);
  };
  /** Copy under the selection's last row, or over its first where there is no room below: never over the selection. */
  const placeButton = () => {
    const screen = screenBox();
    const cell = screen.height / term.rows;
    const top = view.getBoundingClientRect().top;
    const rowOf = (offset) => Math.floor(offset / term.cols) - term.buffer.active.viewportY;
    const below = screen.top + (rowOf(selected.end) + 1) * cell - top + 6;
    const above = screen.top + rowOf(selected.start) * cell - top - button.offsetHeight - 6;
    button.style.top = `${below + button.offsetHeight <= view.clientHeight ? below : Math.max(0, above)}px`;
  };
  onLongPress(host, {
    onPress: (point) => {
      button.hidden = true;
      anchor = wordAt(term, offsetAt(point));
      select(anchor.start, anchor.end);
    },
    onMove: (point) => {
      // Word by word, as a double click's drag does: a fingertip covers several cells.
      const word = wordAt(term, offsetAt(point));
      select(Math.min(word.start, anchor.start), Math.max(word.end, anchor.end));
    },
    onEnd: () => {
      if (!term.hasSelection()) return;
      button.hidden = false;
      placeButton();
    },
  });
}

/** The word around the cell at `offset`: the run of cells that are not blank, or that one cell when it is blank. */
function wordAt(term, offset) {
  const row = Math.floor(offset / term.cols);
  const line = term.buffer.active.getLine(row);
  const filled = (column) => {
    const cell = line?.getCell(column);
    // A wide character's second cell has no characters and no width: it belongs to the character before it.
    return !!cell && (cell.getWidth() === 0 || (cell.getChars() !== '' && cell.getChars() !== ' '));
  };
  let start = offset % term.cols;
  let end = start;
  if (filled(start)) {
    while (start > 0 && filled(start - 1)) start--;
    while (end < term.cols - 1 && filled(end + 1)) end++;
  }
  return { start: row * term.cols + start, end: row * term.cols + end };
}

function clamp(value, low, high) {
  return Math.max(low, Math.min(high, value));
}
