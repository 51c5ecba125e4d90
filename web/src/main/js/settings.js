// The person's settings for the terminals of this page (the settings dialog, settingsdialog.js), kept in this browser
// (localStorage) across reloads, for every server it opens this page from at the same address. No DOM here: what each
// setting does is the tab's (tab.js) and the page's (main.js). The text size is fontsize.js's (its own key, older than
// this, and also stepped with Ctrl-= and Ctrl--).

import { DEFAULT_FONT_SIZE, MAX_FONT_SIZE, MIN_FONT_SIZE } from './fontsize.js';

const STORAGE_KEY = 'ptyctl.settings';

/** Scrollback lines a terminal keeps at most: 100,000 lines of 200 columns are some 100 MB in xterm.js. */
export const MAX_SCROLLBACK = 100000;

/** Each setting's choices (its default first) or, for a number, its bounds. */
export const CHOICES = {
  copyOnSelect: [false, true],
  theme: ['dark', 'light', 'system'],
  cursorStyle: ['block', 'underline', 'bar'],
  cursorBlink: [false, true],
  bell: ['visual', 'sound', 'none'],
  confirmPaste: [true, false],
};
/** The numbers among the settings: whole numbers within these bounds. */
export const NUMBERS = {
  scrollback: { default: 10000, min: 0, max: MAX_SCROLLBACK, unit: 'lines' },
  fontSize: { default: DEFAULT_FONT_SIZE, min: MIN_FONT_SIZE, max: MAX_FONT_SIZE, unit: 'px' },
};

/** The settings a page has that never changed them, but for the text size (fontsize.js keeps it). */
export const DEFAULTS = Object.freeze({
  ...Object.fromEntries(Object.entries(CHOICES).map(([name, choices]) => [name, choices[0]])),
  scrollback: NUMBERS.scrollback.default,
});

/**
 * The value of setting `name` that `value` stands for (a form's string, "true" for true, "5000" for 5000), or
 * undefined when it is none of the setting's: a value stored by another version of the page, or edited by hand, is
 * dropped for the default rather than given to xterm.js.
 */
export function valid(name, value) {
  // Not a list or an object, which String() would make a valid choice of: [true] is "true", ["light"] "light".
  if (typeof value === 'object' && value !== null) return undefined;
  const bounds = NUMBERS[name];
  if (bounds) {
    const number = typeof value === 'number' ? value : Number(String(value).trim() || NaN);
    return Number.isInteger(number) && number >= bounds.min && number <= bounds.max ? number : undefined;
  }
  return CHOICES[name]?.find((choice) => String(choice) === String(value));
}

/** The settings kept from the last time, each one that is missing or not valid its default. */
export function storedSettings() {
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    // storage turned off in this browser, or not JSON: the defaults
  }
  return Object.fromEntries(Object.keys(DEFAULTS).map((name) => [name, valid(name, kept[name]) ?? DEFAULTS[name]]));
}

/** Keeps `settings` for the next load: only those that differ from the defaults (a new default then applies). */
export function storeSettings(settings) {
  const changed = Object.fromEntries(Object.entries(settings).filter(([name, value]) => DEFAULTS[name] !== value));
  try {
    if (Object.keys(changed).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(changed));
  } catch {
    // storage turned off: the settings hold until the page is reloaded
  }
}
