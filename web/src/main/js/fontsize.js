// The terminals' text size, the person's choice (A− and A+ in the header; Ctrl-=, Ctrl-- and Ctrl-0 in a terminal, as
// GNOME Terminal and Windows Terminal have them), kept in this browser across reloads. A phone held at arm's length
// and a big screen across the room want other sizes than the 14 px the page had, and the browser's zoom grows the
// header and the key bar with the text (on a phone, pinch zoom does not refit the terminal at all).

const STORAGE_KEY = 'ptyctl.fontSize';
export const DEFAULT_FONT_SIZE = 14;
export const MIN_FONT_SIZE = 8;
export const MAX_FONT_SIZE = 32;

/** The size kept from the last time, or the default (none kept, storage off, or a value out of range). */
export function storedFontSize() {
  try {
    const size = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(size) && size >= MIN_FONT_SIZE && size <= MAX_FONT_SIZE ? size : DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE; // storage turned off in this browser
  }
}

/** The size after a step: +1 or -1 px, 0 back to the default (keepFontSize bounds and keeps it). */
export function stepFontSize(size, step) {
  return step === 0 ? DEFAULT_FONT_SIZE : size + step;
}

/** `size` within the bounds (a step's, or the settings' text size, typed), kept for the next load. */
export function keepFontSize(size) {
  const kept = Math.max(MIN_FONT_SIZE, Math.min(MAX_FONT_SIZE, size));
  try {
    if (kept === DEFAULT_FONT_SIZE) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(kept));
  } catch {
    // storage turned off: the size holds until the page is reloaded
  }
  return kept;
}
