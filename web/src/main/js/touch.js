// A finger swiped over a terminal scrolls it as a mouse wheel does. xterm.js 6 has no touch scrolling of its own (its
// viewport became VS Code's scrollable element, which listens to the wheel only: xterm.js issue 5489), and on a phone
// the scrollback was out of reach: a phone has no wheel, and its keyboard no Shift-PageUp.
//
// Each line's worth of finger movement scrolls a shell's scrollback by a line; where there is none to scroll, or the
// program asked for the mouse, it becomes a wheel event of one line on the terminal, so that xterm.js does what a
// wheel does there: it sends arrow keys to a full-screen program (less, vim: the alternate screen has no scrollback)
// and reports the wheel to a program that asked for the mouse (htop). A grid larger than its area (another client's
// size, cropped) is left to the browser, which pans the area: a swipe sideways over a grid wider than a phone, but not
// taller, was taken for scrolling and the grid's right part could not be reached.

/** Scrolls the terminal `term`, shown in `host`, by one-finger swipes over it. */
export function scrollBySwipes(term, host) {
  let screen = null; // xterm.js's screen while a swipe of ours is under way; null: none, or the browser's pan
  let lastY = 0;
  let pixels = 0; // moved since the last line sent
  // Whose swipe it is is decided once, when the finger touches: the browser pans only a gesture whose first move the
  // page let through, and this way the layout is not read again on every move.
  host.addEventListener('touchstart', (event) => {
    screen = event.touches.length === 1 && !overflows(host) ? term.element?.querySelector('.xterm-screen') : null;
    lastY = event.touches[0].clientY;
    pixels = 0;
  }, { passive: true });
  host.addEventListener('touchmove', (event) => {
    if (!screen || event.touches.length !== 1) return;
    const y = event.touches[0].clientY;
    pixels += lastY - y; // the finger up: later lines, as a wheel turned towards you
    lastY = y;
    const cell = screen.clientHeight / term.rows;
    const lines = Math.trunc(pixels / cell);
    event.preventDefault(); // the page neither scrolls nor reloads (a phone's pull to refresh)
    if (!lines) return;
    pixels -= lines * cell;
    if (term.buffer.active.type === 'normal' && term.modes.mouseTrackingMode === 'none') {
      // The scrollback: xterm.js's scrollable element does not take a wheel event made by the page.
      term.scrollLines(lines);
      return;
    }
    screen.dispatchEvent(new WheelEvent('wheel', {
      deltaY: lines, deltaMode: WheelEvent.DOM_DELTA_LINE, bubbles: true, cancelable: true,
      clientX: event.touches[0].clientX, clientY: y,
    }));
  }, { passive: false });
}

/** Whether the area is smaller than the grid, which the browser then pans (up and down, and sideways). */
function overflows(host) {
  return host.scrollHeight > host.clientHeight || host.scrollWidth > host.clientWidth;
}
