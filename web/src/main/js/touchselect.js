// Selecting and copying with a finger. xterm.js 6 selects only with a mouse, and on a phone no text of a terminal could
// be copied at all. A finger held still on a word selects it (as a phone does in any text); moved without lifting, it
// takes the selection on, word by word, to where it is; lifted, a Copy button shows over the terminal, which copies the
// selection and clears it, and a handle hangs under each end of the selection, which a finger moves cell by cell, as a
// phone's text handles: a selection lifted too early had to be made again from its first word. A finger held above or
// below the terminal while it selects scrolls it, so a selection may take in more lines than the screen holds. A tap
// elsewhere in the terminal drops the selection, as a click does.
import { onLongPress } from './longpress.js';
import { copyText } from './copy.js';

/** How often (ms) a finger held above or below the terminal while it selects scrolls it a line. */
const EDGE_SCROLL_MS = 60;

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

  let anchor = null; // the word first selected: {start, end} as cell offsets in the buffer (row * cols + column)
  let extend = null; // while a finger selects: extend(offset) takes the selection to the cell at that offset
  let finger = null; // where that finger is, less its grip: the point whose cell it selects
  let edgeTimer = null;
  const screenBox = () => term.element.querySelector('.xterm-screen').getBoundingClientRect();
  const cellSize = (screen) => ({ width: screen.width / term.cols, height: screen.height / term.rows });
  const rowOf = (offset) => Math.floor(offset / term.cols) - term.buffer.active.viewportY;
  const offsetAt = (point) => {
    const screen = screenBox();
    const cell = cellSize(screen);
    const column = clamp(Math.floor((point.x - screen.left) / cell.width), 0, term.cols - 1);
    const row = clamp(Math.floor((point.y - screen.top) / cell.height), 0, term.rows - 1);
    return (term.buffer.active.viewportY + row) * term.cols + column;
  };
  /** The centre of the cell at `offset`, in the window's pixels. */
  const centreOf = (offset) => {
    const screen = screenBox();
    const cell = cellSize(screen);
    return {
      x: screen.left + (offset % term.cols + 0.5) * cell.width,
      y: screen.top + (rowOf(offset) + 0.5) * cell.height,
    };
  };
  /** How many cells the character at `offset` takes: 2 for a wide one, 0 for its second cell. */
  const widthAt = (offset) => term.buffer.active.getLine(Math.floor(offset / term.cols))?.getCell(offset % term.cols)
    ?.getWidth() ?? 1;
  /**
   * The cells selected, as anchor, read from the terminal each time: when the scrollback is full, lines dropped off its
   * top move the selection up with its text, and offsets kept here did not follow (the handles hung under other lines,
   * and one moved took the selection to them).
   */
  const selected = () => {
    const position = term.getSelectionPosition(); // its end is the cell after the last
    return position && {
      start: position.start.y * term.cols + position.start.x,
      end: position.end.y * term.cols + position.end.x - 1,
    };
  };
  const select = (start, end) => {
    // A wide character (CJK, most emoji) is selected whole. A handle moved cell by cell lands on either of its cells, and
    // a selection starting on its second cell copied a space for it; one ending on its first was drawn over half of it.
    if (widthAt(start) === 0 && start % term.cols > 0) start--;
    if (widthAt(end) === 2) end++;
    term.select(start % term.cols, Math.floor(start / term.cols), end - start + 1);
  };

  /**
   * A finger starts taking an end of the selection along (extendTo(offset)); `grip` is how far it is from the cell it
   * moves (a handle hangs under its cell). Copy and the handles make way until it lifts.
   */
  const startSelecting = (point, extendTo, grip = { x: 0, y: 0 }) => {
    extend = (at) => extendTo(offsetAt(at));
    finger = { x: point.x - grip.x, y: point.y - grip.y, grip };
    button.hidden = true;
    for (const handle of handles) handle.hidden = true;
  };
  const moveTo = (point) => {
    finger = { ...finger, x: point.x - finger.grip.x, y: point.y - finger.grip.y };
    extend(finger);
    // Held above or below the terminal, it scrolls a line at a time, taking the selection along, until it comes back.
    if (edgeTimer || !beyondScreen()) return;
    edgeTimer = setInterval(() => {
      const beyond = beyondScreen();
      if (!beyond || !extend) {
        clearInterval(edgeTimer);
        edgeTimer = null;
        return;
      }
      term.scrollLines(beyond);
      extend(finger);
    }, EDGE_SCROLL_MS);
  };
  /** -1 while the finger is above the terminal's screen, 1 below it, else 0. */
  const beyondScreen = () => {
    const screen = screenBox();
    return finger.y < screen.top ? -1 : finger.y > screen.bottom ? 1 : 0;
  };
  const stopSelecting = () => {
    clearInterval(edgeTimer);
    edgeTimer = null;
    extend = null;
    if (!term.hasSelection()) return;
    button.hidden = false;
    place();
  };

  /** A handle at each end of the selection, hanging under it, for a finger to move that end. */
  const handles = ['start', 'end'].map((end) => {
    const handle = document.createElement('div');
    handle.className = 'selection-handle';
    handle.dataset.end = end;
    handle.hidden = true;
    view.append(handle);
    handle.addEventListener('touchstart', (event) => {
      event.preventDefault(); // no mouse events, no scrolling, no long press of the terminal's
      const touch = { x: event.touches[0].clientX, y: event.touches[0].clientY };
      const { start, end: last } = selected();
      const [moved, fixed] = end === 'start' ? [start, last] : [last, start];
      const cell = centreOf(moved);
      startSelecting(touch, (offset) => select(Math.min(fixed, offset), Math.max(fixed, offset)),
        { x: touch.x - cell.x, y: touch.y - cell.y });
    }, { passive: false });
    // A touch's events go to the element it began on, wherever the finger goes.
    handle.addEventListener('touchmove', (event) => {
      event.preventDefault();
      moveTo({ x: event.touches[0].clientX, y: event.touches[0].clientY });
    }, { passive: false });
    const lift = (event) => {
      if (event.cancelable) event.preventDefault();
      stopSelecting();
    };
    handle.addEventListener('touchend', lift);
    handle.addEventListener('touchcancel', lift);
    return handle;
  });

  /**
   * The handles under the selection's first and last cells, or hidden while scrolled out of sight (they would hang over
   * the tab strip or the key bar); Copy under the selection's last row and its handle, or over its first row where
   * there is no room below: never over the selection.
   */
  const place = () => {
    const selection = selected();
    if (!selection || button.hidden) return;
    const screen = screenBox();
    const cell = cellSize(screen);
    const origin = view.getBoundingClientRect();
    const rowTop = (offset) => screen.top + rowOf(offset) * cell.height - origin.top;
    for (const handle of handles) {
      const start = handle.dataset.end === 'start';
      const offset = start ? selection.start : selection.end;
      const row = rowOf(offset);
      handle.hidden = row < 0 || row >= term.rows;
      // The start's handle hangs from the left edge of its cell (to its left: within the view at the first column), the
      // end's from the right edge of its own.
      const edge = screen.left + (offset % term.cols + (start ? 0 : 1)) * cell.width - origin.left;
      handle.style.left = `${start ? Math.max(handle.offsetWidth, edge) : edge}px`;
      handle.style.top = `${rowTop(offset) + cell.height}px`;
    }
    const below = rowTop(selection.end) + cell.height + handles[1].offsetHeight + 6;
    const above = rowTop(selection.start) - button.offsetHeight - 6;
    button.style.top = `${below + button.offsetHeight <= view.clientHeight ? below : Math.max(0, above)}px`;
  };

  term.onSelectionChange(() => {
    if (term.hasSelection()) return;
    button.hidden = true;
    for (const handle of handles) handle.hidden = true;
  });
  term.onScroll(() => place());
  term.onWriteParsed(() => place()); // a full scrollback's text moves up under a selection without a scroll

  onLongPress(host, {
    onPress: (point) => {
      anchor = wordAt(term, offsetAt(point));
      select(anchor.start, anchor.end);
      // Word by word, as a double click's drag does: a fingertip covers several cells.
      startSelecting(point, (offset) => {
        const word = wordAt(term, offset);
        select(Math.min(word.start, anchor.start), Math.max(word.end, anchor.end));
      });
    },
    onMove: (point) => moveTo(point),
    onEnd: () => stopSelecting(),
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
