package dev.ptyctl.service.server;

import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.service.terminals.TerminalEvents;
import dev.ptyctl.service.ws.TerminalSocketEndpoint;

/**
 * Passes terminal events that WebSocket clients must hear about as frames: a resize made through JSON-RPC or REST
 * becomes a {@code size} frame, a changed live title a {@code title} frame (SPEC §5.3, §5.8). Resizes made by the
 * clients themselves are told by the socket endpoint directly; telling them again is harmless (a client is sent a
 * size only when it differs from the last one it got).
 */
final class SocketFrameRelay implements TerminalEvents.Subscriber {
    private final TerminalSocketEndpoint sockets;

    SocketFrameRelay(TerminalSocketEndpoint sockets) {
        this.sockets = sockets;
    }

    @Override
    public void accept(TerminalEvent event) {
        String terminalId = event.data().getString("terminalId");
        switch (event.name()) {
            case TerminalEvent.SIZE -> sockets.sizeChanged(terminalId);
            case TerminalEvent.TITLE -> sockets.titleChanged(terminalId);
            default -> {
                // created and exited: a client learns of those from the socket itself
            }
        }
    }

    @Override
    public void closed() {
        // the server is stopping; its sockets close with it
    }
}
