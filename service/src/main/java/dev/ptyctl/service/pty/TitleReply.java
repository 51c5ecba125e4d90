package dev.ptyctl.service.pty;

/**
 * The server's emulator's answer to a title or icon-label report (XTWINOPS 21, 20), for a client that sends it to the
 * program itself, in order with its own answers to the queries around it (the web page: {@code relay=titleReports},
 * docs/protocol-websocket.md).
 *
 * @param seq  the output offset just after the report's final byte: the client answers it when it parses that byte
 * @param text the answer ({@code OSC l title ST}), UTF-8 decoded
 */
public record TitleReply(long seq, String text) {
}
