// Full screen, for the keys the browser keeps. Outside it Ctrl-W, Ctrl-T and Ctrl-N (and Ctrl-PageUp/PageDown) close
// or open the browser's tabs and never reach the page: bash's and vim's Ctrl-W closed the tab. A page in full screen
// may lock the keyboard (the Keyboard Lock API, Chromium only, and only in a full screen the page asked for, not
// F11's): those keys then come to the page, and xterm.js sends them to the program as ever. Escape is locked too, so
// that vim gets it: the browser then leaves full screen when Escape is held down, and says so.

/** The keys locked: with Ctrl, the browser's tab and window keys; Escape for vim (held, it leaves full screen). */
const LOCKED_KEYS = ['KeyW', 'KeyT', 'KeyN', 'PageUp', 'PageDown', 'Escape'];

/** Whether this browser lets the page go full screen (an iPhone's does not). */
export function fullScreenAvailable() {
  return document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === 'function';
}

/** Whether full screen also passes the browser's keys to the page here (Chromium). */
export function keyboardLockAvailable() {
  return typeof navigator.keyboard?.lock === 'function';
}

/** Leaves full screen, or goes full screen and locks the keyboard where the browser can. Call from a click or key. */
export async function toggleFullScreen() {
  if (document.fullscreenElement) {
    await document.exitFullscreen();
    return;
  }
  await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
  if (!keyboardLockAvailable()) return;
  try {
    await navigator.keyboard.lock(LOCKED_KEYS);
  } catch (e) {
    console.warn('ptyctl: the browser would not lock the keyboard in full screen', e);
  }
}

/** Calls onChange(inFullScreen) whenever the page enters or leaves full screen (the button, Escape held, F11). */
export function onFullScreenChange(onChange) {
  document.addEventListener('fullscreenchange', () => {
    // The browser unlocks the keyboard itself when full screen ends; said here for a browser that would not.
    if (!document.fullscreenElement && keyboardLockAvailable()) navigator.keyboard.unlock();
    onChange(!!document.fullscreenElement);
  });
}
