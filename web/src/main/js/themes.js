// The page's two themes, dark and light, each for xterm.js (the terminal's colours), for its search highlights and
// for the page around it (page.css's variables, switched by the root's data-theme). "system" follows the
// browser's prefers-color-scheme, and changes with it (a laptop that goes dark at sunset).

const DARK = {
  terminal: {
    background: '#16181d', foreground: '#d8dee9', cursor: '#e5e9f0', selectionBackground: '#3b4252',
    black: '#2e3440', red: '#e06c75', green: '#98c379', yellow: '#e5c07b', blue: '#61afef', magenta: '#c678dd',
    cyan: '#56b6c2', white: '#d8dee9', brightBlack: '#5c6370', brightRed: '#ff7a85', brightGreen: '#b5e890',
    brightYellow: '#ffd68a', brightBlue: '#7cc4ff', brightMagenta: '#dc98ef', brightCyan: '#7fd3dc',
    brightWhite: '#ffffff',
  },
  /**
   * How search matches are drawn: every match highlighted, the current one brighter. With decorations the search addon
   * also counts the matches (onDidChangeResults), which the search box shows.
   */
  search: {
    matchBackground: '#3b4252', matchBorder: '#5c6370', matchOverviewRuler: '#5c6370',
    activeMatchBackground: '#8a6d1f', activeMatchBorder: '#e5c07b', activeMatchColorOverviewRuler: '#e5c07b',
  },
  chrome: '#1f2229', // the browser's own bar on a phone, an installed app's title bar (meta theme-color)
};

/**
 * Dark text on a light background, and ANSI colours that read on it: "white" (7) is a grey, and bright white the
 * background's near neighbour, as light terminal themes have it (programs print white on their own colour).
 */
const LIGHT = {
  terminal: {
    background: '#fafafa', foreground: '#2b2f36', cursor: '#3b4048', cursorAccent: '#fafafa',
    selectionBackground: '#c8d6ef',
    black: '#2b2f36', red: '#c8303d', green: '#3c7d2b', yellow: '#976b00', blue: '#2f6fd6', magenta: '#9b32a6',
    cyan: '#0a7f91', white: '#8b9099', brightBlack: '#5d636e', brightRed: '#e0424f', brightGreen: '#4d9a3a',
    brightYellow: '#b98a10', brightBlue: '#4a87ec', brightMagenta: '#b24fbf', brightCyan: '#1497ab',
    brightWhite: '#e6e8eb',
  },
  search: {
    matchBackground: '#e3e7ee', matchBorder: '#9aa3b2', matchOverviewRuler: '#9aa3b2',
    activeMatchBackground: '#ffd97a', activeMatchBorder: '#b98a10', activeMatchColorOverviewRuler: '#b98a10',
  },
  chrome: '#eef0f3',
};

export const THEMES = { dark: DARK, light: LIGHT };

const systemLight = matchMedia('(prefers-color-scheme: light)');

/** The theme a choice (dark, light, system) stands for now: dark or light. */
export function resolveTheme(choice) {
  if (choice === 'system') return systemLight.matches ? 'light' : 'dark';
  return choice === 'light' ? 'light' : 'dark';
}

/** Calls `callback` when the browser's colour scheme changes (it matters to "system" only). */
export function onSystemThemeChange(callback) {
  systemLight.addEventListener('change', callback);
}
