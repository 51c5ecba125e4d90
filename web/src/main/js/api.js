// The REST API of ptyctl server and its WebSocket URLs, for the page. Knows nothing of the DOM.
//
// The token (when the server needs one) is kept in sessionStorage: it lives as long as the browser tab, is never
// shared with other tabs' storage or written to disk by localStorage, and never appears in the page's URL. It goes
// as "Authorization: Bearer" on every HTTP call, and as ?token= only on WebSocket URLs (the terminals' and the event
// socket's), which browsers cannot give headers.

import { splitWords } from './words.js';

const TOKEN_KEY = 'ptyctl.token';

/** A request the server refused for want of a (right) token: the page shows its login form. */
export class Unauthorized extends Error {}

/**
 * A request that reached no server (stopped, restarting, the network down): said in words, where the browser's own
 * message was "Failed to fetch".
 */
export class Unreachable extends Error {}

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

/**
 * How long a GET may wait for its answer before it counts as unreachable. A browser's fetch has no timeout of its own:
 * over a network that takes connections and routes nothing (a phone's Wi-Fi just woken) a tab's or the list's check
 * before reconnecting (probe) hung for good, and the page said "reconnecting…" over a network long back. Only GETs:
 * another request may have reached the server, and given up it would look failed when it was done.
 */
const GET_TIMEOUT_MS = 10000;

async function request(method, path, body) {
  const init = { method, headers: headers(body ? { 'Content-Type': 'application/json' } : {}), cache: 'no-store' };
  if (body) init.body = JSON.stringify(body);
  // AbortSignal.timeout is from 2022 (Safari 16): an older phone browser goes without the timeout, not without the page.
  if (method === 'GET' && AbortSignal.timeout) init.signal = AbortSignal.timeout(GET_TIMEOUT_MS);
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    // fetch rejects (a TypeError, or a TimeoutError for a GET's timeout) only when no answer came: the request may not
    // have reached the server.
    throw new Unreachable(`cannot reach the ptyctl server at ${location.host}: it may have stopped, or be restarting`);
  }
  if (response.status === 401) throw new Unauthorized('the server needs a token');
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

export const listTerminals = async () => (await request('GET', '/v1/terminals')).terminals;
export const getTerminal = (id) => request('GET', `/v1/terminals/${encodeURIComponent(id)}`);
export const deleteTerminal = (id) => request('DELETE', `/v1/terminals/${encodeURIComponent(id)}`);

/**
 * Creates a terminal: {command?: "htop -d 5", cwd?, cols?, rows?}; an empty command starts the default shell. The
 * command is split into words as a shell would (quotes, backslashes: see words.js).
 */
export function createTerminal({ command, cwd, cols, rows }) {
  const [shell, ...args] = splitWords(command ?? '');
  return startTerminal({ shell, args, cwd: cwd?.trim(), cols, rows });
}

/** Creates a terminal running `shell` with `args` (no shell: the default shell) in `cwd` (none: the server's). */
export function startTerminal({ shell, args = [], cwd, cols, rows }) {
  const body = { sessionId: `web-${crypto.randomUUID()}` };
  if (shell) {
    body.shell = shell;
    body.args = args;
  }
  if (cwd) body.cwd = cwd;
  if (cols) body.cols = cols;
  if (rows) body.rows = rows;
  return request('POST', '/v1/terminals', body);
}

/** A WebSocket URL of this server (ws: or wss:, as the page came) with the token, if any, as ?token=. */
function webSocketUrl(path) {
  const url = new URL(path, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token()) url.searchParams.set('token', token());
  return url;
}

/**
 * The WebSocket URL of a terminal (protocol 2). `lastOutputSeq` is left out before the first connection, which
 * asks for a reset frame (the whole screen and scrollback). `relay=titleReports`: the server works out the answers to
 * the title and icon-label reports (CSI 21 t, CSI 20 t), which xterm.js cannot, and sends each in a `reply` frame
 * before the output holding its report; the page sends it as it parses the report, so every answer reaches the
 * program in the order of the queries (see queries.js).
 */
export function socketUrl(id, { clientId, lastOutputSeq, view }) {
  const url = webSocketUrl(`/v1/terminals/${encodeURIComponent(id)}/socket`);
  url.searchParams.set('protocol', '2');
  url.searchParams.set('clientId', clientId);
  url.searchParams.set('relay', 'titleReports');
  if (lastOutputSeq !== undefined) url.searchParams.set('lastOutputSeq', String(lastOutputSeq));
  if (view) url.searchParams.set('mode', 'view');
  return url.toString();
}

/** The URL of the event socket: GET /v1/events upgraded to a WebSocket (see events.js). */
export const eventsSocketUrl = () => webSocketUrl('/v1/events').toString();
