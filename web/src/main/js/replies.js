// Tells a terminal's automatic replies to a program's queries (DA, DSR, DECRQM, colour and DECRQSS queries) from
// what a person types: xterm.js emits both through onData. A reply is emitted synchronously while xterm.js parses
// the query, so hooks on exactly those sequences mark "a reply is coming" and the end of the parse unmarks it;
// a person's keys never arrive in the middle of a parse.
//
// Whether to send a reply at all follows the server's rules for who answers (one answer per query): never for
// history (a reset frame, or bytes replayed after a reconnect, which someone else answered while this page was
// away), and otherwise sent with claim=false, which the server applies only from the client that set the size.

const CSI_QUERIES = [
  { final: 'c' }, // DA1
  { prefix: '>', final: 'c' }, // DA2
  { final: 'n' }, // DSR: status, cursor position
  { prefix: '?', final: 'n' }, // DECDSR
  { intermediates: '$', final: 'p' }, // DECRQM, ANSI modes
  { prefix: '?', intermediates: '$', final: 'p' }, // DECRQM, DEC modes
  { final: 't' }, // window reports
];
const OSC_QUERIES = [4, 10, 11, 12, 52]; // colours and the clipboard, when asked with "?"
const DCS_QUERIES = [{ intermediates: '$', final: 'q' }]; // DECRQSS

export class ReplyDetector {
  /** @param beforeReply called as xterm.js is about to answer a query (the page's own answers order around it) */
  constructor(term, beforeReply = () => {}) {
    this.replying = false;
    const mark = () => {
      beforeReply();
      this.replying = true;
      return false; // xterm.js's own handler still runs and answers
    };
    this.disposables = [
      ...CSI_QUERIES.map((id) => term.parser.registerCsiHandler(id, mark)),
      ...OSC_QUERIES.map((id) => term.parser.registerOscHandler(id, mark)),
      ...DCS_QUERIES.map((id) => term.parser.registerDcsHandler(id, mark)),
      term.onWriteParsed(() => {
        this.replying = false;
      }),
    ];
  }

  dispose() {
    this.disposables.forEach((d) => d.dispose());
  }
}
