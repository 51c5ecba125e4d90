/**
 * The terminal WebSocket, {@code /v1/terminals/{id}/socket} (SPEC §5.2–§5.7). {@link
 * dev.ptyctl.service.ws.TerminalSocketEndpoint} registers the route; each connection is a {@code SocketConnection}
 * that parses client frames and a {@code ClientSender} virtual thread that is the only writer of the socket and
 * pulls output from the terminal's {@link dev.ptyctl.service.output.OutputLog} at its own pace, so the PTY reader
 * never waits for a client and a slow client costs one frame buffer. A {@code SharedTerminal} per terminal holds
 * what outlives a connection: size arbitration ({@code SizeArbiter}), the exactly-once memory of client frames
 * ({@code ClientSeqMemory}), query answering and {@code clear}. The hosting server supplies terminals as {@link
 * dev.ptyctl.service.ws.AttachableTerminal} and authorises upgrades with an {@link
 * dev.ptyctl.service.ws.UpgradePolicy}.
 */
package dev.ptyctl.service.ws;
