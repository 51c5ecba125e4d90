// Links in a terminal: URLs a program prints (the web-links addon) and OSC 8 hyperlinks (`ls --hyperlink`, gcc's and
// systemd's messages, delta, eza), opened with a click in a new browser tab. An OSC 8 link's text need not be its
// address, so the address shows in a tooltip while the pointer is on it, as a browser shows a link's in its corner.
// xterm.js asked "Do you want to navigate to …? WARNING: This link could potentially be dangerous" in a window.confirm
// before every OSC 8 link. Only http and https links are links (xterm.js's default): a file:// of `ls --hyperlink`
// names a file on the server's machine, which the browser could not open.

/**
 * Whether `uri` may be opened: http and https only. xterm.js already drops other OSC 8 links (no linkHandler
 * allowNonHttpProtocols), and the web-links addon matches only these; checked here too, because without xterm.js's
 * confirm a javascript: or data: address a program printed would run, or show a page, with one click.
 */
export function openable(uri) {
  try {
    return ['http:', 'https:'].includes(new URL(uri).protocol);
  } catch {
    return false;
  }
}

/** Opens `uri` in a new browser tab that cannot reach back into this page (no opener); http and https only. */
export function openLink(uri) {
  if (!openable(uri)) {
    console.warn(`ptyctl: not opened, not an http or https address: ${uri}`);
    return;
  }
  const opened = window.open();
  if (!opened) {
    console.warn(`ptyctl: the browser opened no tab for ${uri} (a pop-up blocker?)`);
    return;
  }
  try {
    opened.opener = null;
  } catch {
    // a browser that does not let the opener be cleared: the address is set all the same
  }
  opened.location.href = uri;
}

/** xterm.js's linkHandler (OSC 8): opens on click, shows the address on `host`'s tooltip while hovered. */
export function hyperlinkHandler(host) {
  return {
    activate: (event, uri) => openLink(uri),
    hover: (event, uri) => {
      host.title = uri;
    },
    leave: () => {
      host.removeAttribute('title');
    },
  };
}
