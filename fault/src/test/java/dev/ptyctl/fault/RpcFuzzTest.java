package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * JSON-RPC fuzz: generated lines (invalid JSON, wrong types, invalid UTF-8, NULs, huge numbers, deep nesting,
 * over-long lines, batches, unknown methods, valid calls) on a terminal's JSON-RPC port, pipelined in batches. Every
 * non-blank line must get exactly one reply, and every reply must be a valid JSON-RPC 2.0 response; afterwards the
 * endpoint still answers, the terminal still runs, and the heap is back near where it started.
 */
class RpcFuzzTest {
    private static final Set<Integer> CODES = Set.of(-32700, -32600, -32601, -32602, -32603, -32001);
    private static final List<String> METHODS = List.of("pty/status", "pty/read", "pty/write", "pty/resize",
            "pty/nosuch", "", "PTY/STATUS", "pty/auth");
    private static final int BATCH = 200;

    @Test
    void everyFuzzedLineGetsOneValidReplyAndTheServerCarriesOn() throws Exception {
        int lines = Fault.size(20_000, 1_000_000);
        int longLines = Fault.size(4, 40);
        Random random = Fault.random("rpc-fuzz");
        try (FaultServer server = FaultServer.start()) {
            JsonObject created = server.create("rpc-fuzz", "/bin/sh", List.of("-c", "cat > /dev/null")).json();
            int port = created.getJsonObject("rpc").getInt("port");
            long heapBefore = ProcessCensus.heapAfterGc();
            int replies = 0;
            int[] byCode = new int[7];
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout(60_000);
                OutputStream out = socket.getOutputStream();
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8));
                for (int sent = 0; sent < lines; sent += BATCH) {
                    ByteArrayOutputStream batch = new ByteArrayOutputStream();
                    int expected = 0;
                    for (int i = 0; i < BATCH; i++) {
                        batch.write(line(random));
                        batch.write('\n');
                        expected++;
                    }
                    if (sent / BATCH < longLines) {
                        batch.write(overLong(random));
                        batch.write('\n');
                        expected++;
                    }
                    out.write(batch.toByteArray());
                    out.flush();
                    for (int i = 0; i < expected; i++) {
                        String reply = in.readLine();
                        assertThat(reply).as("reply %d of batch %d", i, sent / BATCH).isNotNull();
                        byCode[check(reply)]++;
                        replies++;
                    }
                }
                long start = System.nanoTime();
                out.write("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"pty/status\"}\n"
                        .getBytes(StandardCharsets.UTF_8));
                out.flush();
                JsonObject after = JsonSupport.parseObject(in.readLine());
                long micros = (System.nanoTime() - start) / 1000;
                assertThat(after.getJsonObject("result").getBoolean("running")).isTrue();
                long heapAfter = ProcessCensus.heapAfterGc();
                assertThat(heapAfter - heapBefore).as("heap growth after the fuzz, bytes").isLessThan(64L << 20);
                Fault.report("fuzz: JSON-RPC", lines + " generated lines + " + longLines
                        + " over-long ones, on one connection", replies + " replies, all valid JSON-RPC 2.0 ("
                        + "results " + byCode[0] + ", -32700 " + byCode[1] + ", -32600 " + byCode[2] + ", -32601 "
                        + byCode[3] + ", -32602 " + byCode[4] + ", other " + (byCode[5] + byCode[6])
                        + "); 0 crashes; a valid call afterwards answered in " + micros + " µs; heap after GC "
                        + (heapBefore >> 20) + " → " + (heapAfter >> 20) + " MiB", "RpcFuzzTest");
            }
            assertThat(server.get("/v1/terminals/" + created.getString("terminalId")).json().getBoolean("running"))
                    .isTrue();
        }
    }

    /** Checks one reply; returns 0 for a result, 1–5 by error code, 6 for another valid code. */
    private static int check(String reply) {
        JsonObject json = JsonSupport.parseObject(reply);
        assertThat(json.getString("jsonrpc")).as(reply).isEqualTo("2.0");
        assertThat(json.containsKey("id")).as("id in %s", reply).isTrue();
        assertThat(json.containsKey("result") ^ json.containsKey("error")).as("result xor error: %s", reply).isTrue();
        if (json.containsKey("result")) {
            return 0;
        }
        JsonObject error = json.getJsonObject("error");
        assertThat(error.get("code")).as(reply).isInstanceOf(JsonNumber.class);
        assertThat(error.get("message")).as(reply).isInstanceOf(JsonString.class);
        int code = error.getInt("code");
        assertThat(CODES).as("code of %s", reply).contains(code);
        return switch (code) {
            case -32700 -> 1;
            case -32600 -> 2;
            case -32601 -> 3;
            case -32602 -> 4;
            case -32603 -> 5;
            default -> 6;
        };
    }

    /** One generated line, never blank and never holding a newline. */
    private static byte[] line(Random random) {
        String id = random.nextInt(10) == 0 ? "null" : random.nextBoolean() ? String.valueOf(random.nextInt())
                : "\"" + Long.toHexString(random.nextLong()) + "\"";
        String method = METHODS.get(random.nextInt(METHODS.size()));
        String valid = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":"
                + params(random) + "}";
        return switch (random.nextInt(14)) {
            case 0, 1 -> bytes(valid);
            case 2 -> bytes(valid.substring(0, 1 + random.nextInt(valid.length() - 1))); // cut short
            case 3 -> bytes(valid.replace("\"2.0\"", random.nextBoolean() ? "2.0" : "\"1.0\""));
            case 4 -> bytes(valid.replace("\"method\":\"" + method + "\"", "\"method\":" + random.nextInt()));
            case 5 -> bytes("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"pty/status\"}");
            case 6 -> invalidUtf8(random, valid);
            case 7 -> bytes(valid.substring(0, valid.length() / 2) + "\u0000" + valid.substring(valid.length() / 2));
            case 8 -> bytes("{\"jsonrpc\":\"2.0\",\"id\":1e99999,\"method\":\"pty/read\",\"params\":{\"top\":"
                    + "123456789012345678901234567890}}");
            case 9 -> bytes("[".repeat(1 + random.nextInt(3000)) + "]".repeat(random.nextInt(3000)));
            case 10 -> bytes("[" + valid + "," + valid + "]");
            case 11 -> bytes(valid + " " + valid);
            case 12 -> garbage(random);
            default -> bytes("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\"}"); // a notification
        };
    }

    private static String params(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> "{}";
            case 1 -> "[]";
            case 2 -> "42";
            case 3 -> "{\"action\":{\"text\":\"x\"}}";
            case 4 -> "{\"action\":[{\"key\":\"NoSuchKey\"}]}";
            case 5 -> "{\"cols\":-1,\"rows\":1e9}";
            case 6 -> "{\"top\":\"ten\"}";
            default -> "null";
        };
    }

    private static byte[] bytes(String text) {
        return text.replace('\n', ' ').getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] invalidUtf8(Random random, String valid) {
        byte[] base = bytes(valid);
        byte[][] bad = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F}};
        byte[] insert = bad[random.nextInt(bad.length)];
        int at = random.nextInt(base.length);
        byte[] line = new byte[base.length + insert.length];
        System.arraycopy(base, 0, line, 0, at);
        System.arraycopy(insert, 0, line, at, insert.length);
        System.arraycopy(base, at, line, at + insert.length, base.length - at);
        return line;
    }

    /** Random bytes other than newline, with a visible first byte so the line is never blank. */
    private static byte[] garbage(Random random) {
        byte[] line = new byte[1 + random.nextInt(200)];
        random.nextBytes(line);
        line[0] = 'x';
        for (int i = 1; i < line.length; i++) {
            if (line[i] == '\n') {
                line[i] = 'n';
            }
        }
        return line;
    }

    /** A line over the 1 MiB limit. */
    private static byte[] overLong(Random random) {
        byte[] line = new byte[(1 << 20) + 1 + random.nextInt(1 << 16)];
        java.util.Arrays.fill(line, (byte) 'a');
        line[0] = '{';
        return line;
    }
}
