// The terminal list: one row per terminal with its title, activity, command, exit code, clients and size, and
// the buttons to open it, open it read-only and close it. Rendered from what main.js keeps up to date from the
// REST list and the event stream; knows nothing of sockets.

import { labelOf, programOf } from './labels.js';

const text = (value) => document.createTextNode(value ?? '');

function cell(...children) {
  const td = document.createElement('td');
  td.append(...children);
  return td;
}

function button(label, action, id, className = '') {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.action = action;
  b.dataset.terminal = id;
  if (className) b.className = className;
  return b;
}

/** The command a terminal runs: the running command (shell integration) or its program and arguments. */
export function commandOf(t) {
  const running = t.prompt?.runningCommand?.commandLine;
  if (running) return running;
  return [programOf(t), ...(t.args ?? [])].filter(Boolean).join(' ');
}

function exitOf(t) {
  if (t.running === false && t.signal) return `killed by ${t.signal}`;
  if (t.running === false) return t.exitCode === null || t.exitCode === undefined ? 'exited' : `exited ${t.exitCode}`;
  const last = t.prompt?.lastCommand?.exitCode;
  return last === undefined || last === null ? '' : String(last);
}

export class TerminalList {
  /** @param actions {open(id, view), close(id)} */
  constructor(table, empty, actions) {
    this.table = table;
    this.body = table.tBodies[0];
    this.empty = empty;
    table.addEventListener('click', (event) => {
      const target = event.target.closest('[data-action]');
      if (!target) return;
      const { action, terminal } = target.dataset;
      if (action === 'open' || action === 'view') {
        event.preventDefault();
        actions.open(terminal, action === 'view');
      } else if (action === 'close') {
        actions.close(terminal);
      }
    });
  }

  /** Shows these terminals (newest last, as the server lists them). */
  render(terminals) {
    const rows = terminals.map((t) => this.row(t));
    this.body.replaceChildren(...rows);
    // No rows, no table: its column headings over nothing were the first thing a new server's page showed.
    this.table.hidden = terminals.length === 0;
    this.empty.hidden = terminals.length > 0;
  }

  row(t) {
    const tr = document.createElement('tr');
    tr.dataset.terminal = t.terminalId;
    if (t.running === false) tr.classList.add('exited');
    const link = document.createElement('a');
    link.href = `/?t=${encodeURIComponent(t.terminalId)}`;
    link.textContent = t.terminalId;
    link.dataset.action = 'open';
    link.dataset.terminal = t.terminalId;
    const activity = document.createElement('span');
    activity.className = `activity ${t.terminalActivity ?? ''}`;
    activity.textContent = t.terminalActivity ?? '';
    const exit = exitOf(t);
    const exitCell = cell(text(exit));
    if (exit !== '' && exit !== '0' && exit !== 'exited 0') exitCell.className = 'failed';
    if (t.running !== false) exitCell.dataset.kind = 'last-command'; // a phone labels it (no column header there)
    const actions = cell(
      button('open', 'open', t.terminalId),
      button('read-only', 'view', t.terminalId),
      button('close', 'close', t.terminalId, 'danger'),
    );
    actions.className = 'actions';
    // A terminal without a title is called what its tab calls it, its program's name (a phone's card had no heading),
    // in the muted colour: not a title the program set.
    const title = cell(text(labelOf(t.liveTitle, t)));
    if (!t.liveTitle) title.className = 'untitled';
    tr.append(
      cell(link),
      title,
      cell(activity),
      cell(text(commandOf(t))),
      exitCell,
      cell(text(String(t.clients ?? 0))),
      cell(text(t.cols && t.rows ? `${t.cols}×${t.rows}` : '')),
      actions,
    );
    return tr;
  }
}
