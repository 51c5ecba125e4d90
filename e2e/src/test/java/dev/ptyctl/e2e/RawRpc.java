package dev.ptyctl.e2e;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JSON-RPC connection that speaks the wire format byte for byte, with no SDK in between, so the tests see
 * exactly what a hand-written client would see: newline-delimited lines on a terminal's own socket, or (remote mode)
 * one text frame per message on the server's WebSocket {@code /v1/terminals/{id}/rpc} ({@link RpcWebSocket}).
 */
final class RawRpc implements AutoCloseable {
    /** Where the lines go: a socket, or a WebSocket that carries each line as one text frame. */
    interface Transport extends AutoCloseable {
        void send(byte[] bytes) throws IOException;

        /** The next message without its line end, or null at the end. */
        String readLine() throws IOException;

        /** True when the server has closed the connection. */
        boolean closedByServer() throws IOException;

        @Override
        void close() throws IOException;
    }

    private final Transport transport;
    private final AtomicLong ids = new AtomicLong();

    RawRpc(Transport transport) {
        this.transport = transport;
    }

    static RawRpc connect(SocketAddress address) throws IOException {
        SocketChannel ch = address instanceof InetSocketAddress
                ? SocketChannel.open(StandardProtocolFamily.INET)
                : SocketChannel.open(StandardProtocolFamily.UNIX);
        if (address instanceof InetSocketAddress) {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        }
        ch.connect(address);
        return new RawRpc(new SocketLines(ch));
    }

    /** Sends raw bytes exactly as given (no newline added). */
    void sendBytes(byte[] bytes) throws IOException {
        transport.send(bytes);
    }

    /** Sends one line: the text plus {@code \n}. */
    void sendLine(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Reads one response line, parsed; fails if the server closed the connection. */
    JsonObject readResponse() throws IOException {
        String line = readLine();
        if (line == null) {
            throw new IOException("connection closed by the server");
        }
        return JsonSupport.parseObject(line);
    }

    /** Reads one raw line without its terminator, or null at end of stream. */
    String readLine() throws IOException {
        return transport.readLine();
    }

    /** True when the server has closed the connection (the next read sees end of stream). */
    boolean closedByServer() throws IOException {
        return transport.closedByServer();
    }

    /** Sends a request with a fresh numeric id and returns the whole response envelope. */
    JsonObject request(String method, String paramsJson) throws IOException {
        long id = ids.incrementAndGet();
        String params = paramsJson == null ? "" : ",\"params\":" + paramsJson;
        sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + params + ",\"id\":" + id + "}");
        JsonObject response = readResponse();
        if (!response.get("id").equals(JsonSupport.PROVIDER.createValue(id))) {
            throw new AssertionError("response id " + response.get("id") + " for request id " + id);
        }
        return response;
    }

    /** Sends a request that must succeed and returns its result object. */
    JsonObject call(String method, String paramsJson) throws IOException {
        JsonObject response = request(method, paramsJson);
        if (response.containsKey("error")) {
            throw new AssertionError(method + " " + paramsJson + " failed: " + response);
        }
        JsonValue result = response.get("result");
        return result.asJsonObject();
    }

    /** Sends a request that must fail and returns its error object. */
    JsonObject callError(String method, String paramsJson) throws IOException {
        JsonObject response = request(method, paramsJson);
        if (!response.containsKey("error")) {
            throw new AssertionError(method + " " + paramsJson + " should have failed: " + response);
        }
        return response.getJsonObject("error");
    }

    @Override
    public void close() throws IOException {
        transport.close();
    }

    /** Newline-delimited JSON-RPC on a terminal's own TCP or Unix socket. */
    private static final class SocketLines implements Transport {
        private final SocketChannel channel;
        private final InputStream in;
        private final OutputStream out;

        SocketLines(SocketChannel channel) {
            this.channel = channel;
            this.in = Channels.newInputStream(channel);
            this.out = Channels.newOutputStream(channel);
        }

        @Override
        public void send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        @Override
        public String readLine() throws IOException {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1) {
                if (b == '\n') {
                    return buf.toString(StandardCharsets.UTF_8);
                }
                buf.write(b);
            }
            return buf.size() == 0 ? null : buf.toString(StandardCharsets.UTF_8);
        }

        @Override
        public boolean closedByServer() throws IOException {
            return in.read() == -1;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
