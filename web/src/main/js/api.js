// The REST API and the event stream of ptyctl server, for the page. Knows nothing of the DOM.
//
// The token (when the server needs one) is kept in sessionStorage: it lives as long as the browser tab, is never
// shared with other tabs' storage or written to disk by localStorage, and never appears in the page's URL. It goes
// as "Authorization: Bearer" on every HTTP call, the event stream included (read with fetch, since EventSource
// cannot set headers), and as ?token= only on WebSocket URLs, which browsers cannot give headers.

const TOKEN_KEY = 'ptyctl.token';

/** A request the server refused for want of a (right) token: the page shows its login form. */
export class Unauthorized extends Error {}

/** A request the server answered with an error body ({error, message}). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.error;
  }
}

export function token() {
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

function headers(extra = {}) {
  const value = token();
  return value ? { ...extra, Authorization: `Bearer ${value}` } : extra;
}

async function request(method, path, body) {
  const init = { method, headers: headers(body ? { 'Content-Type': 'application/json' } : {}), cache: 'no-store' };
  if (body) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  if (response.status === 401) throw new Unauthorized('the server needs a token');
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

export const listTerminals = async () => (await request('GET', '/v1/terminals')).terminals;
export const getTerminal = (id) => request('GET', `/v1/terminals/${encodeURIComponent(id)}`);
export const deleteTerminal = (id) => request('DELETE', `/v1/terminals/${encodeURIComponent(id)}`);

/** Creates a terminal: {command?: "htop -d 5", cwd?, cols?, rows?}; an empty command starts the default shell. */
export function createTerminal({ command, cwd, cols, rows }) {
  const body = { sessionId: `web-${crypto.randomUUID()}` };
  const words = (command ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length) {
    body.shell = words[0];
    body.args = words.slice(1);
  }
  if (cwd?.trim()) body.cwd = cwd.trim();
  if (cols) body.cols = cols;
  if (rows) body.rows = rows;
  return request('POST', '/v1/terminals', body);
}

/**
 * The WebSocket URL of a terminal (protocol 2). `lastOutputSeq` is left out before the first connection, which
 * asks for a reset frame (the whole screen and scrollback). `serverAnswers=titleReports`: while this page answers
 * the program's queries, the server still answers the title and icon-label reports (CSI 21 t, CSI 20 t), which
 * xterm.js cannot (the page never answers them; see queries.js).
 */
export function socketUrl(id, { clientId, lastOutputSeq, view }) {
  const url = new URL(`/v1/terminals/${encodeURIComponent(id)}/socket`, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('protocol', '2');
  url.searchParams.set('clientId', clientId);
  url.searchParams.set('serverAnswers', 'titleReports');
  if (lastOutputSeq !== undefined) url.searchParams.set('lastOutputSeq', String(lastOutputSeq));
  if (view) url.searchParams.set('mode', 'view');
  if (token()) url.searchParams.set('token', token());
  return url.toString();
}

/**
 * Follows GET /v1/events (Server-Sent Events), calling onEvent(name, data) for each event and onOpen() each time
 * the stream (re)opens (the caller re-lists then, since events may have been missed). Reconnects after a second
 * when the stream ends. Returns a function that stops it.
 */
export function followEvents({ onEvent, onOpen, onUnauthorized }) {
  let controller = new AbortController();
  let stopped = false;
  const run = async () => {
    while (!stopped) {
      try {
        const response = await fetch('/v1/events', { headers: headers(), signal: controller.signal, cache: 'no-store' });
        if (response.status === 401) {
          onUnauthorized();
          return;
        }
        if (response.ok && response.body) {
          onOpen();
          await readEvents(response.body, onEvent);
        }
      } catch (e) {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  run();
  return () => {
    stopped = true;
    controller.abort();
  };
}

/** Parses an event stream: "event: NAME" and "data: JSON" lines, a blank line ending each event. */
async function readEvents(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let name = 'message';
  let data = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    pending += value;
    let end;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
      if (line === '') {
        if (data.length) dispatch(name, data.join('\n'), onEvent);
        name = 'message';
        data = [];
      } else if (line.startsWith('event:')) {
        name = line.slice(6).trim();
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
      }
    }
  }
}

function dispatch(name, text, onEvent) {
  try {
    onEvent(name, JSON.parse(text));
  } catch (e) {
    console.warn('ptyctl: unreadable event', name, e);
  }
}
