// The terminal events the list follows: GET /v1/events upgraded to a WebSocket (docs/protocol-websocket.md, "The
// event socket"). Not the Server-Sent Events of the same path: a browser opens at most six HTTP/1.1 connections to
// one server, and an event stream holds one for as long as it runs, so six windows showing the list left a seventh
// window none to load its page with; WebSockets do not count against the six. Knows nothing of the DOM.
import { eventsSocketUrl } from './api.js';
import { backoff } from './socket.js';
import { Heartbeat } from './heartbeat.js';

/**
 * The longest wait between the list's attempts, shorter than a terminal's 8 s: the list is what a person watches while
 * a server restarts (a few seconds), and with 8 s it said "reconnecting…" over rows of the old server for up to 8 s
 * after the new one was up, where a terminal's tab says the server stopped at once, and a key typed there tries at once.
 * An attempt every 2 s is one WebSocket handshake refused: nothing for the server, or a phone.
 */
const MAX_WAIT_MS = 2000;

/**
 * Follows the events: onEvent(name, data) for each, onOpen() each time a connection is subscribed (the caller lists
 * the terminals then: what happened before is in the list, everything after comes as events, so nothing is missed
 * across a reconnect). Reconnects by itself, after 0.1 s and then twice as long each time up to 2 s, after a drop, a
 * server restart, or a link that answers no ping for 10 s. After a connection that failed before it was
 * subscribed, `probe()` (async) says whether to go on: "retry", or "refused" (the token was refused: then
 * onUnauthorized() and no more attempts). onLost() (optional) each time a connection ends. One connection at a time.
 * Returns a function that stops it.
 */
export function followEvents({ onEvent, onOpen, onLost = () => {}, onUnauthorized, probe }) {
  let ws = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer;
  let heartbeat = null; // the connection's (see Heartbeat)

  const stopTimers = () => {
    clearTimeout(retryTimer);
    heartbeat?.stop();
  };

  const connect = () => {
    if (stopped || ws) return;
    const socket = new WebSocket(eventsSocketUrl());
    let subscribed = false;
    ws = socket;
    socket.onmessage = (message) => {
      if (ws !== socket) return;
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (frame.type === 'event') {
        onEvent(frame.event, frame.data);
      } else if (frame.type === 'subscribed') {
        subscribed = true;
        attempt = 0;
        onOpen();
        heartbeat.ping();
      } else if (frame.type === 'pong') {
        heartbeat.pong();
      }
    };
    socket.onclose = () => lost(socket, subscribed);
    // An attempt that the network takes and never answers is given up, as a terminal's is: the list said
    // "reconnecting…" for minutes over a server long back. So is a link that answers no ping (a sleeping laptop, a
    // cut without a reset), which may never report its close.
    heartbeat = new Heartbeat({
      sendPing: () => socket.send(JSON.stringify({ type: 'ping', t: performance.now() })),
      onDead: () => lost(socket, subscribed),
    });
  };

  /** The connection ended (or is given up as dead): try again, unless stopped or the token was refused. */
  const lost = async (socket, subscribed) => {
    if (ws !== socket) return;
    ws = null;
    stopTimers();
    socket.onclose = null;
    socket.close();
    onLost();
    if (stopped) return;
    if (!subscribed && await probe().catch(() => 'retry') === 'refused') {
      if (!stopped) onUnauthorized();
      return;
    }
    if (stopped || ws) return;
    retryTimer = setTimeout(connect, backoff(attempt++, MAX_WAIT_MS));
  };

  connect();
  return () => {
    stopped = true;
    stopTimers();
    const socket = ws;
    ws = null;
    socket?.close(1000, 'the list is no longer shown');
  };
}
