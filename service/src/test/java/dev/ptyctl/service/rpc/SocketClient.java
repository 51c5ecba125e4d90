package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** A JSON-RPC client over a real socket, speaking raw lines, for integration tests. */
public final class SocketClient implements AutoCloseable {
    private final SocketChannel channel;
    private final OutputStream out;
    private final BufferedReader in;
    private final AtomicInteger ids = new AtomicInteger();

    private SocketClient(SocketChannel channel) {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
        this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
    }

    /** Connects to {@code 127.0.0.1:PORT} or a socket path, as {@code address()} reports them. */
    public static SocketClient connect(String address) throws IOException {
        if (address.startsWith("/")) {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(Path.of(address)));
            return new SocketClient(channel);
        }
        int colon = address.lastIndexOf(':');
        return new SocketClient(SocketChannel.open(
                new InetSocketAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)))));
    }

    /** Sends raw bytes as they are. */
    public void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends a line (a newline is added). */
    public void send(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The next response, or null at end of stream. */
    public JsonObject receive() throws IOException {
        String line = in.readLine();
        return line == null ? null : JsonSupport.parseObject(line);
    }

    /** Sends a request and returns the whole response. */
    public JsonObject call(String method, String params) throws IOException {
        int id = ids.incrementAndGet();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\",\"params\":" + params + ",\"id\":" + id + "}");
        JsonObject response = receive();
        assertThat(response).as("connection closed before the response to %s", method).isNotNull();
        assertThat(response.getInt("id")).isEqualTo(id);
        return response;
    }

    /** The result of a request that must succeed. */
    public JsonObject result(String method, String params) throws IOException {
        JsonObject response = call(method, params);
        assertThat(response.containsKey("error")).as("error: %s", response).isFalse();
        return response.getJsonObject("result");
    }

    /** The error code of a request that must fail. */
    public int errorCode(String method, String params) throws IOException {
        JsonObject response = call(method, params);
        assertThat(response.containsKey("error")).as("no error: %s", response).isTrue();
        return response.getJsonObject("error").getInt("code");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
