package dev.ptyctl.e2e;

import dev.ptyctl.e2e.server.RemoteServer;
import dev.ptyctl.testsupport.Bounds;
import java.io.IOException;
import java.net.URI;
import java.net.http.WebSocket;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link RawRpc}'s lines over the server's WebSocket {@code /v1/terminals/{id}/rpc} (remote mode): each complete line
 * goes as one text frame without its newline, a trailing partial line as an unfinished fragment (the rest never
 * comes, as with a half-written line on a socket), and each text message received is one line. Bytes that are not
 * UTF-8 cannot travel in a text frame at all, so tests of the socket's byte framing do not run in remote mode.
 */
final class RpcWebSocket implements RawRpc.Transport {
    /** Longest a read waits: a pty/wait may hold its answer up to its own timeout, at most a minute in these tests. */
    private static final long READ_TIMEOUT_SECONDS = Bounds.HANG.toSeconds();
    private static final String CLOSED = "\u0000closed";

    private final WebSocket socket;
    private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
    private volatile boolean ended;

    private RpcWebSocket(RemoteServer server, String terminalId) throws IOException {
        String url = server.url().replaceFirst("^http", "ws") + "/v1/terminals/" + terminalId + "/rpc";
        try {
            socket = server.http().newWebSocketBuilder().header("Authorization", "Bearer " + server.token())
                    .buildAsync(URI.create(url), new Listener()).get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted connecting to " + url, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot open " + url + ": " + e, e);
        }
    }

    static RawRpc connect(RemoteServer server, String terminalId) throws IOException {
        return new RawRpc(new RpcWebSocket(server, terminalId));
    }

    @Override
    public void send(byte[] bytes) throws IOException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a text frame carries UTF-8 only; this test is for sockets", e);
        }
        int start = 0;
        for (int newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
            await(socket.sendText(text.substring(start, newline), true));
            start = newline + 1;
        }
        if (start < text.length()) {
            await(socket.sendText(text.substring(start), false));
        }
    }

    private static void await(CompletableFuture<WebSocket> sent) throws IOException {
        try {
            sent.get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted sending", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot send: " + e, e);
        }
    }

    @Override
    public String readLine() throws IOException {
        if (ended && messages.isEmpty()) {
            return null;
        }
        try {
            String message = messages.poll(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (message == null) {
                throw new IOException("no message within " + READ_TIMEOUT_SECONDS + " s");
            }
            return message == CLOSED ? null : message;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted reading", e);
        }
    }

    @Override
    public boolean closedByServer() throws IOException {
        return readLine() == null;
    }

    @Override
    public void close() {
        socket.abort();
    }

    /** Collects whole text messages; the end of the connection is a marker in the same queue. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                messages.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            end();
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            end();
        }

        private void end() {
            ended = true;
            messages.add(CLOSED);
        }
    }
}
