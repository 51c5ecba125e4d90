package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RpcConnectionTest {
    private final FakeSession session = new FakeSession(20, 5);
    private final RpcDispatcher dispatcher = new RpcDispatcher(session, null);
    private final AtomicInteger kills = new AtomicInteger();

    private List<String> serve(byte[] input, int maxLineBytes) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new RpcConnection(new ByteArrayInputStream(input), out, dispatcher, maxLineBytes, kills::incrementAndGet)
                .serve();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text.isEmpty() || text.endsWith("\n")).isTrue();
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    private List<String> serve(String input) throws InterruptedException {
        return serve(input.getBytes(StandardCharsets.UTF_8), 1 << 20);
    }

    private static String request(String method, String params, int id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\",\"params\":" + params + ",\"id\":" + id + "}";
    }

    @Test
    void requestsAreAnsweredInOrderOnePerLine() throws Exception {
        List<String> responses = serve(request("pty/write", "{\"action\":{\"text\":\"a\"}}", 1) + "\n"
                + request("pty/status", "{}", 2) + "\r\n"
                + "\n"
                + request("pty/read", "{}", 3) + "\n");
        assertThat(responses).hasSize(3);
        assertThat(responses.get(0)).endsWith("\"id\":1}").contains("\"written\":1");
        assertThat(responses.get(1)).endsWith("\"id\":2}").contains("\"running\":true");
        assertThat(responses.get(2)).endsWith("\"id\":3}").contains("\"screen\"");
    }

    @Test
    void overLongLineIsAnsweredWithNullIdAndTheNextRequestWorks() throws Exception {
        String huge = "{\"jsonrpc\":\"2.0\",\"method\":\"pty/write\",\"params\":{\"action\":{\"text\":\""
                + "x".repeat(2 << 20) + "\"}},\"id\":1}";
        List<String> responses = serve(huge + "\n" + request("pty/status", "{}", 2) + "\n");
        assertThat(responses).containsExactly(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Invalid Request: line longer than "
                        + (1 << 20) + " bytes\"},\"id\":null}",
                "{\"jsonrpc\":\"2.0\",\"result\":{\"running\":true,\"exitCode\":null,\"pid\":4242},\"id\":2}");
        assertThat(session.writtenText()).isEmpty();
    }

    @Test
    void configuredLineLimitIsUsed() throws Exception {
        byte[] input = (request("pty/status", "{}", 1) + "\n").getBytes(StandardCharsets.UTF_8);
        assertThat(serve(input, 20)).singleElement().asString().contains("line longer than 20 bytes");
    }

    @Test
    void garbageDoesNotEndTheConnection() throws Exception {
        byte[] garbage = {(byte) 0xc3, 0x28, 0x00, (byte) 0xff, '\n', '}', '{', '\n'};
        byte[] valid = (request("pty/status", "{}", 5) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[garbage.length + valid.length];
        System.arraycopy(garbage, 0, input, 0, garbage.length);
        System.arraycopy(valid, 0, input, garbage.length, valid.length);
        List<String> responses = serve(input, 1 << 20);
        assertThat(responses).hasSize(3);
        assertThat(responses.get(0)).contains("-32700");
        assertThat(responses.get(1)).contains("-32700");
        assertThat(responses.get(2)).endsWith("\"id\":5}");
    }

    @Test
    void killIsAnsweredThenTheConnectionStopsAndTheEndpointIsAskedToClose() throws Exception {
        List<String> responses = serve(request("pty/kill", "{}", 1) + "\n" + request("pty/status", "{}", 2) + "\n");
        assertThat(responses).containsExactly("{\"jsonrpc\":\"2.0\",\"result\":{},\"id\":1}");
        assertThat(kills).hasValue(1);
    }

    @Test
    void clientThatStopsReadingEndsOnlyItsConnection() throws Exception {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        byte[] input = (request("pty/status", "{}", 1) + "\n" + request("pty/write", "{\"action\":{\"text\":\"x\"}}", 2)
                + "\n").getBytes(StandardCharsets.UTF_8);
        new RpcConnection(new ByteArrayInputStream(input), broken, dispatcher, 1 << 20, kills::incrementAndGet).serve();
        assertThat(session.writtenText()).isEmpty();
        assertThat(serve(request("pty/status", "{}", 3) + "\n")).hasSize(1);
    }
}
