// The terminal WebSocket protocol (protocol 2) for one attachment: output with byte offsets (seq), replay from
// the last processed offset after a reconnect, client frames numbered and kept until acknowledged and resent
// unchanged after a reconnect (the server applies each exactly once), exponential backoff, ping/srtt.
// The page's twin of the Java SDK's TerminalAttachment. Knows nothing of the DOM or of xterm.js.
import { Heartbeat } from './heartbeat.js';

const OUTPUT = 1;
const RESET_OUTPUT = 2;
/**
 * The reason of the close (1001) a ptyctl server sends every socket when it stops: it then ends the programs and
 * forgets their terminals, so there is nothing to reconnect to. A proxy going away says 1001 too, with a reason of its
 * own, and the terminal is still there: the page reconnects then.
 */
const SERVER_STOPPING = 'the server is stopping';
/** First retry soon: most drops are a blip, and a person is waiting for the screen. */
const BACKOFF_FIRST_MS = 100;
/** Never wait longer than this between attempts: the server may be back any moment. */
const BACKOFF_MAX_MS = 8000;

/**
 * How long to wait before connection attempt `attempt` + 1 (0 after a connection that worked): 0.1 s, then twice as
 * long each time up to `max` ms (8 s), each ±25 % so that pages cut off together do not all come back in the same
 * instant.
 */
export function backoff(attempt, max = BACKOFF_MAX_MS) {
  return Math.min(max, BACKOFF_FIRST_MS * 2 ** attempt) * (0.75 + Math.random() / 2);
}

/**
 * One attachment to a terminal. `url(lastOutputSeq, clientId)` gives the URL of a connection (lastOutputSeq undefined the
 * first time). Listeners (all optional): onOutput(bytes, {reset, seq}), onSize(cols, rows), onTitle(title,
 * activity), onExit(code, signal), onServerStopped() (the server stopped, and the terminal with it: the state then
 * goes to "gone"), onState(state), onError(message), onAck(clientSeq, outputSeq), onReady(). States:
 * "connecting", "open", "reconnecting", "exited", "gone" (the terminal no longer exists), "refused" (the token
 * was refused), "suspended" (the page left: see suspend()), "closed" (disposed).
 * `probe()` (optional, async) is asked after a failed connection whether to go on: "retry", "gone" or "refused".
 * A terminal whose program has ended still takes connections: the server sends the output (the last screen, or what
 * this attachment missed), then the exit frame, and closes.
 */
export class TerminalSocket {
  constructor({ url, clientId, listener = {}, probe = async () => 'retry' }) {
    this.url = url;
    this.clientId = clientId;
    this.listener = listener;
    this.probe = probe;
    this.seq = undefined;
    this.nextClientSeq = 1;
    this.unacked = [];
    this.state = 'connecting';
    this.attempt = 0;
    this.connections = 0; // how many connections got as far as "ready"
    this.srtt = undefined;
    this.ws = null;
    this.ready = false;
    this.timers = new Set();
    this.heartbeat = null; // the connection's (see Heartbeat)
    this.round = 0; // counts retryNow(): a retry waiting on its probe from before one does not schedule another
    this.retriedNowAt = -Infinity;
  }

  /** Connects; reconnects by itself until exit or dispose(). */
  start() {
    this.connect();
    return this;
  }

  /**
   * Keys typed, pasted or sent by the page; claim=false for a terminal's automatic reply to a query. A person typing
   * while the tab waits to reconnect wants it now: it tries at once (retryNow).
   */
  input(data, claim = true) {
    this.send(claim ? { type: 'input', data } : { type: 'input', data, claim: false });
    if (claim) this.retryNow();
  }

  /**
   * Exact bytes, for what is not text: xterm.js's mouse reports in the default X10 encoding past column or row 95 are
   * single bytes 0x80-0xFF (a string of one character per byte), which sent as `data` would reach the program
   * UTF-8-encoded, two bytes each, and the click would land elsewhere.
   */
  inputBytes(binary) {
    this.send({ type: 'input', bytes: btoa(binary) });
    this.retryNow();
  }

  resize(cols, rows) {
    this.send({ type: 'resize', cols, rows });
  }

  focus() {
    this.send({ type: 'focus' });
  }

  hide() {
    this.send({ type: 'hide' });
  }

  clear() {
    this.send({ type: 'clear' });
  }

  /** Ends the terminal for everyone. */
  close() {
    this.send({ type: 'close' });
  }

  /** Tries again after "refused" (a new token) or "gone". */
  resume() {
    if (this.state === 'closed' || this.state === 'exited' || this.ws) return;
    this.attempt = 0;
    this.setState('reconnecting');
    this.connect();
  }

  /**
   * Closes the connection while the page is away (in the browser's back/forward cache) and makes no attempt to
   * reconnect until wake(). What the attachment knows stays: the last offset it had and the frames not yet
   * acknowledged, so wake() carries on from there.
   */
  suspend() {
    if (this.state === 'closed' || this.state === 'exited' || this.state === 'gone') return;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null; // its close event is then no failure to recover from
    this.ready = false;
    ws?.close(1000, 'the page left');
    this.setState('suspended');
  }

  /** The page is back: reconnects at once, asking for the output after the last byte it had. */
  wake() {
    if (this.state !== 'suspended') return;
    this.attempt = 0;
    this.setState('reconnecting');
    this.connect();
  }

  /**
   * While waiting to reconnect: tries now, and backs off from the start again. For when the network is likely back (the
   * browser says it is online) or a person waits for it (a key typed): after a long outage the wait between attempts
   * has grown to 8 s, and a person who came back and typed watched "reconnecting…" for up to that long. At most once a
   * second, so that keys typed into a network that is still down do not become a flood of attempts.
   */
  retryNow() {
    if (this.state !== 'reconnecting' || this.ws) return;
    const now = performance.now();
    if (now - this.retriedNowAt < 1000) return;
    this.retriedNowAt = now;
    this.stopTimers(); // the attempt that was scheduled
    this.round++;
    this.attempt = 0;
    this.connect();
  }

  /**
   * The page is shown again after a while away: a tab waiting to reconnect tries now (retryNow), and an open connection
   * is checked now, with a ping, not when its next one is due. A phone that slept, or a network that changed meanwhile,
   * may have left a connection that died without a word: it looked open, and keys typed went nowhere until the next
   * ping (every 15 s) went unanswered for 10 s.
   */
  shownAgain() {
    this.retryNow();
    if (this.ready) this.heartbeat.checkNow();
  }

  /** Drops the connection as a network failure would (for tests and diagnostics); it reconnects. */
  drop() {
    this.ws?.close(4000, 'dropped by the page');
  }

  /** How many frames wait for their ack. */
  get pending() {
    return this.unacked.length;
  }

  /** Closes for good. */
  dispose() {
    this.setState('closed');
    this.stopTimers();
    this.ws?.close(1000, 'closed by the page');
    this.ws = null;
  }

  send(frame) {
    if (this.state === 'exited' || this.state === 'closed' || this.state === 'gone') return false;
    const numbered = { ...frame, clientId: this.clientId, clientSeq: this.nextClientSeq++ };
    const text = JSON.stringify(numbered);
    this.unacked.push({ clientSeq: numbered.clientSeq, text });
    if (this.ready) this.ws.send(text);
    return true;
  }

  connect() {
    // One connection at a time: a retry that was waiting for its probe when the page left and came back finds the
    // connection wake() opened.
    if (this.state === 'closed' || this.state === 'suspended' || this.ws) return;
    const ws = new WebSocket(this.url(this.seq, this.clientId));
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.ready = false;
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      if (typeof event.data === 'string') this.onText(event.data);
      else this.onBinary(new Uint8Array(event.data));
    };
    ws.onclose = (event) => this.closed(ws, event);
    // An attempt without an answer is given up too: meanwhile this.ws is set, so neither a key typed nor the page shown
    // again (retryNow) could start another, and the tab said "reconnecting…" for minutes over a network long back.
    this.heartbeat = new Heartbeat({ sendPing: () => this.ping(), onDead: () => this.abandon() });
  }

  /** The connection `ws` ended (its close code and reason, when it said them): reconnect, unless it is all over. */
  closed(ws, { code, reason } = {}) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.ready = false;
    this.stopTimers();
    if (this.state === 'exited' || this.state === 'closed' || this.state === 'gone') return;
    if (code === 1001 && reason === SERVER_STOPPING) {
      this.listener.onServerStopped?.(); // first: the state's listeners then know why it is gone
      this.setState('gone');
      return;
    }
    this.setState('reconnecting');
    this.retry();
  }

  /**
   * A connection that answered no ping, or an attempt that got no answer to its handshake, is dead: given up now.
   * Closed and left to its close event, it stayed (looking open, keys typed into it going nowhere) until the browser
   * gave up its closing handshake over the dead link.
   */
  abandon() {
    const ws = this.ws;
    if (!ws) return;
    ws.close(4000, 'no answer to a ping');
    this.closed(ws);
  }

  async retry() {
    const round = this.round;
    const delay = backoff(this.attempt);
    this.attempt++;
    const verdict = this.attempt > 1 ? await this.probe().catch(() => 'retry') : 'retry';
    if (this.state !== 'reconnecting' || round !== this.round) return;
    if (verdict !== 'retry') {
      this.setState(verdict);
      return;
    }
    this.later(() => this.connect(), delay);
  }

  onText(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.type) {
      case 'ready':
        this.ready = true;
        this.attempt = 0;
        this.connections++;
        this.setState('open');
        for (const { text: resend } of this.unacked) this.ws.send(resend);
        this.listener.onReady?.();
        this.heartbeat.ping();
        break;
      case 'ack':
        while (this.unacked.length && this.unacked[0].clientSeq <= frame.clientSeq) this.unacked.shift();
        this.listener.onAck?.(frame.clientSeq, frame.outputSeq);
        break;
      case 'output': // protocol 1 only; this client asks for 2
        this.output(new TextEncoder().encode(frame.data), frame.seq, frame.reset === true);
        break;
      case 'size':
        this.listener.onSize?.(frame.cols, frame.rows);
        break;
      case 'reply':
        this.listener.onReply?.(frame.seq, frame.data);
        break;
      case 'title':
        this.listener.onTitle?.(frame.liveTitle ?? null, frame.terminalActivity ?? null);
        break;
      case 'exit': // the program ended: this frame comes after all its output
        this.setState('exited');
        this.listener.onExit?.(frame.exitCode, frame.signal ?? null); // signal: only when one killed it
        break;
      case 'pong':
        this.pong(frame.t);
        break;
      case 'error':
        this.listener.onError?.(frame.message);
        break;
      default:
        break;
    }
  }

  onBinary(bytes) {
    if (bytes.length < 9) return;
    const seq = Number(new DataView(bytes.buffer, bytes.byteOffset, 9).getBigUint64(1));
    this.output(bytes.subarray(9), seq, bytes[0] === RESET_OUTPUT);
  }

  /**
   * Hands output on, exactly once: a reset replaces everything; other output must start where the last ended.
   * Bytes seen before are cut off; a gap (never expected) is repaired by reconnecting from the last offset.
   */
  output(data, seq, reset) {
    if (!reset && this.seq !== undefined) {
      const start = seq - data.length;
      if (seq <= this.seq) return;
      if (start < this.seq) data = data.subarray(this.seq - start);
      else if (start > this.seq) {
        console.error(`ptyctl: output gap ${this.seq}..${start}; reconnecting`);
        this.drop();
        return;
      }
    }
    this.seq = seq;
    this.listener.onOutput?.(data, { reset, seq });
  }

  /** The ping frame, with the smoothed round trip so far (the server batches output for slow links). */
  ping() {
    this.ws.send(JSON.stringify(this.srtt === undefined ? { type: 'ping', t: performance.now() }
      : { type: 'ping', t: performance.now(), srtt: Math.round(this.srtt) }));
  }

  pong(t) {
    const rtt = performance.now() - t;
    this.srtt = this.srtt === undefined ? rtt : this.srtt * 0.875 + rtt * 0.125;
    this.heartbeat.pong();
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.listener.onState?.(state);
  }

  later(fn, ms) {
    const id = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    this.timers.add(id);
    return id;
  }

  stopTimers() {
    for (const id of this.timers) clearTimeout(id);
    this.timers.clear();
    this.heartbeat?.stop();
  }
}
