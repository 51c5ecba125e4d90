package dev.ptyctl.client.internal;

import java.io.ByteArrayOutputStream;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;

/**
 * A {@link WebSocket.Listener} that hands on whole messages: the JDK may deliver one message in
 * several parts, and a frame of the terminal protocol is only meaningful whole. It asks for the next
 * part only after the previous one was handled, so a slow consumer slows the socket down (TCP
 * backpressure) instead of piling up memory.
 */
public final class MessageAssembler implements WebSocket.Listener {

    /** Receives whole messages and the end of the connection. */
    public interface Sink {
        /** The upgrade succeeded. */
        void opened(WebSocket socket);

        /** One whole text message. */
        void text(String message);

        /** One whole binary message. */
        void binary(byte[] message);

        /** The server closed the connection. */
        void closed(int statusCode, String reason);

        /** The connection broke. */
        void failed(Throwable error);
    }

    private final Sink sink;
    private final StringBuilder text = new StringBuilder();
    private final ByteArrayOutputStream binary = new ByteArrayOutputStream();

    /** @param sink where whole messages go */
    public MessageAssembler(Sink sink) {
        this.sink = sink;
    }

    @Override
    public void onOpen(WebSocket socket) {
        sink.opened(socket);
        socket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        if (last && text.isEmpty()) {
            sink.text(data.toString());
        } else {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                sink.text(message);
            }
        }
        socket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket socket, ByteBuffer data, boolean last) {
        byte[] part = new byte[data.remaining()];
        data.get(part);
        if (last && binary.size() == 0) {
            sink.binary(part);
        } else {
            binary.writeBytes(part);
            if (last) {
                byte[] message = binary.toByteArray();
                binary.reset();
                sink.binary(message);
            }
        }
        socket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
        sink.closed(statusCode, reason);
        return null;
    }

    @Override
    public void onError(WebSocket socket, Throwable error) {
        sink.failed(error);
    }
}
