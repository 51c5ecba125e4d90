// Whether a WebSocket is alive, for a terminal's socket (socket.js) and the list's event socket (events.js) alike: each
// had its own handshake, ping and pong timers, written twice. Knows nothing of either protocol or of the DOM.

/** How often a ping measures the round trip (the server batches output for slow links) and checks the link. */
export const PING_EVERY_MS = 15000;
/** A link that answers no ping for this long is dead (a sleeping laptop, a cut without a reset): reconnect. */
export const PONG_TIMEOUT_MS = 10000;
/**
 * An attempt not through its handshake in this long is given up and another made: a network that takes connections and
 * routes nothing (a phone's Wi-Fi just woken, a captive portal) leaves it hanging until the browser's own timeout,
 * Chromium's 240 s. The handshake is one round trip, well within this even over a slow phone link.
 */
export const HANDSHAKE_TIMEOUT_MS = 10000;

/**
 * The liveness of one connection, from the moment it is opened: given up (onDead(), once) when it is not through its
 * handshake within HANDSHAKE_TIMEOUT_MS, or, once through it (ping()), when a ping goes unanswered for PONG_TIMEOUT_MS;
 * pinged again PING_EVERY_MS after each pong. sendPing() sends the owner's ping frame. One timer at a time (the
 * handshake's, the pong's or the next ping's), cleared by stop() when the connection ends.
 */
export class Heartbeat {
  constructor({ sendPing, onDead }) {
    this.sendPing = sendPing;
    this.onDead = onDead;
    this.awaitingPong = false;
    this.timer = setTimeout(onDead, HANDSHAKE_TIMEOUT_MS);
  }

  /** Pings now: through the handshake, or due, or (checkNow) wanted sooner. */
  ping() {
    this.stop();
    this.sendPing();
    this.awaitingPong = true;
    this.timer = setTimeout(this.onDead, PONG_TIMEOUT_MS);
  }

  /** The pong came: the next ping is due in PING_EVERY_MS. */
  pong() {
    this.stop();
    this.timer = setTimeout(() => this.ping(), PING_EVERY_MS);
  }

  /** For a connection through its handshake: pings now, not when the next ping is due, unless one is on its way. */
  checkNow() {
    if (!this.awaitingPong) this.ping();
  }

  stop() {
    clearTimeout(this.timer);
    this.awaitingPong = false;
  }
}
