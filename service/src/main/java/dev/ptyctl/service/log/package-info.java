/**
 * The server's event log ({@link dev.ptyctl.service.log.EventLog}): one line per terminal created, exited or
 * deleted, per WebSocket client attached or detached, and per refused request, as text or JSON lines, on stderr.
 * Tokens never reach it: requests are logged by path without their query, refusals by their reason.
 */
package dev.ptyctl.service.log;
