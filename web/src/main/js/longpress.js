// A finger held still on an element, as phones use it for what a mouse does with hover or a drag: a tab's whole title
// (a tooltip needs a hovering pointer), a terminal's selection (xterm.js 6 selects only with a mouse). Touch only: a
// mouse has its own ways.

/** How long a finger rests before it is a long press, as Android's and iOS's long press. */
const LONG_PRESS_MS = 500;
/** How far (CSS px) a finger may drift and still be resting: further, it is a swipe or a tap that moved. */
const SLOP_PX = 10;

/**
 * Calls onPress({x, y, target}) when one finger has rested on `element` for half a second; from then until it lifts,
 * onMove({x, y}) for each move, which is then the long press's alone (no scrolling, no swipe of the page's), and onEnd()
 * when it lifts. The browser's own long-press menu stays closed over `element` while it does.
 */
export function onLongPress(element, { onPress, onMove = () => {}, onEnd = () => {} }) {
  let timer = null;
  let start = null;
  let pressed = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  element.addEventListener('touchstart', (event) => {
    cancel();
    if (event.touches.length !== 1) return;
    const touch = event.touches[0];
    start = { x: touch.clientX, y: touch.clientY, target: event.target };
    timer = setTimeout(() => {
      timer = null;
      pressed = true;
      onPress(start);
    }, LONG_PRESS_MS);
  }, { passive: true });
  // In the capture phase, so that a move of a long press reaches no swipe handler of the element (touch.js's scrolling).
  element.addEventListener('touchmove', (event) => {
    const touch = event.touches[0];
    if (pressed) {
      event.preventDefault();
      event.stopPropagation();
      onMove({ x: touch.clientX, y: touch.clientY });
    } else if (timer && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > SLOP_PX) {
      cancel();
    }
  }, { passive: false, capture: true });
  const end = (event) => {
    cancel();
    if (!pressed) return;
    pressed = false;
    // No click, nor the mouse events a browser makes of a touch that did not move: in a terminal xterm.js took them
    // for a click, which dropped the selection just made; on a tab, a click switched to it or closed it.
    if (event.cancelable) event.preventDefault();
    onEnd();
  };
  element.addEventListener('touchend', end);
  element.addEventListener('touchcancel', end);
  // Chromium on Android opens its menu (or starts its own text selection) on a finger held still, maybe before the
  // timer: not while a finger rests here. A mouse's right click keeps the browser's menu.
  element.addEventListener('contextmenu', (event) => {
    if (pressed || timer) event.preventDefault();
  });
}
