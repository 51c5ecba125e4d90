package dev.ptyctl.mcp.http;

import io.helidon.http.sse.SseEvent;
import io.helidon.webserver.sse.SseSink;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Mono;

/**
 * One server-sent-event stream of a Streamable HTTP session: the answer stream of a POSTed request, or the GET stream
 * the server sends its own messages on. Each message is one {@code event: message} with its JSON on one {@code data:}
 * line. Messages may come from any thread; they are written one at a time. The HTTP handler that owns the stream
 * waits in {@link #awaitClosed} and ends the response once the SDK closes the stream (after the answer) or a write
 * fails (the client went away).
 */
final class SseStream implements McpStreamableServerTransport {
    private final McpJsonMapper json;
    private final SseSink out;
    private final CountDownLatch closed = new CountDownLatch(1);

    SseStream(McpJsonMapper json, SseSink out) {
        this.json = json;
        this.out = out;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return sendMessage(message, null);
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
        return Mono.fromRunnable(() -> {
            try {
                write(SseEvent.builder().name("message").data(json.writeValueAsString(message)).build());
            } catch (java.io.IOException | UncheckedIOException e) {
                close();
            }
        });
    }

    /** Writes a comment that keeps proxies from timing the stream out; false when the client has gone. */
    boolean keepAlive() {
        try {
            write(SseEvent.builder().comment("keep-alive").build());
            return true;
        } catch (UncheckedIOException e) {
            close();
            return false;
        }
    }

    private synchronized void write(SseEvent event) {
        if (closed.getCount() == 0) {
            throw new UncheckedIOException(new java.io.IOException("stream closed"));
        }
        out.emit(event);
    }

    /** Waits up to {@code millis} for the stream to close; true once it has. */
    boolean awaitClosed(long millis) throws InterruptedException {
        return closed.await(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return json.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    @Override
    public void close() {
        closed.countDown();
    }
}
