/**
 * The frames of the terminal WebSocket protocol (SPEC §5.2–§5.6), shared by the server and its clients:
 * {@link dev.ptyctl.protocol.ws.ClientFrame} (what a client sends, with a parser that says what is wrong with a
 * malformed frame), {@link dev.ptyctl.protocol.ws.ServerFrame} (the JSON text frames the server sends) and
 * {@link dev.ptyctl.protocol.ws.BinaryOutputFrame} (protocol 2's binary output layout). Each type writes and reads
 * its own JSON so both sides agree by construction.
 */
package dev.ptyctl.protocol.ws;
