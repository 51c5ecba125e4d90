/**
 * The web page at {@code GET /} (SPEC §9): the files the {@code web} module bundled with esbuild (xterm.js, its
 * addons and the page's own modules), read from the class path once at start and served from memory: the page
 * itself never cached, the content-hashed assets cached for a year, with a Content-Security-Policy that allows no
 * inline script. The page talks to the same REST, event and WebSocket API as every other client.
 */
package dev.ptyctl.service.web;
