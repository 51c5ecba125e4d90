package dev.ptyctl.fault;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.RawWebSocket;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One soak worker: random steps that each create what they use and end it, the way clients come and go on a server
 * that runs for weeks. Every step checks what a user would notice on the way (a stream replayed across cut
 * connections is exactly what the program wrote, the exit code, a typed command's output, a tool's answer); a step
 * that throws is a failure of the server. Connections are ended every way a client can end them: a close handshake,
 * a TCP reset, a FIN without a close frame, a cut in the middle of a frame, a client that stops reading.
 */
final class Churn {
    /** What a step does. */
    enum Step {
        /**
         * A short program's output, read by a client cut off and reconnected 0–3 times, checked byte for byte; one in
         * four is never deleted (the server forgets the oldest ended terminals beyond 32).
         */
        PROGRAM_REPLAYED,
        /**
         * A shell with 1–3 clients (viewers among them): resize, a typed command, each client ended its own way, the
         * shell ended by a delete, {@code exit} or a {@code close} frame.
         */
        SHELL_CLIENTS,
        /** A flood with one client that stops reading (flow control) beside one that reads it all. */
        STALLED_READER,
        /** JSON-RPC waits (own port, HTTP, WebSocket) whose connections go away while the wait is pending. */
        RPC_WAIT_ABANDONED,
        /** REST reads, and the event stream (Server-Sent Events and WebSocket) opened and dropped. */
        REST_READS,
        /** An MCP session over HTTP with the official client: one terminal_run, then closed (with or without grace). */
        MCP_SESSION,
        /**
         * An MCP client that vanishes: initialize and one terminal_run as plain HTTP, then no DELETE; the server
         * ends the session and its shell after {@code ptyctl.mcp.sessionIdleMillis}.
         */
        MCP_ABANDONED
    }

    private static final Step[] STEPS = Step.values();

    private final FaultServer server;
    private final Random random;
    private final String name;
    private final Map<Step, Integer> done = new EnumMap<>(Step.class);
    private final Map<Step, Long> slowest = new EnumMap<>(Step.class);
    private volatile Step current;
    private int serial;

    Churn(FaultServer server, Random random, String name) {
        this.server = server;
        this.random = random;
        this.name = name;
    }

    /** Runs one random step. */
    void step() throws Exception {
        run(STEPS[random.nextInt(STEPS.length)]);
    }

    /** Runs {@code step} (the warm-up runs each once). */
    void run(Step step) throws Exception {
        serial++;
        long start = System.nanoTime();
        current = step;
        switch (step) {
            case PROGRAM_REPLAYED -> programReplayed();
            case SHELL_CLIENTS -> shellClients();
            case STALLED_READER -> stalledReader();
            case RPC_WAIT_ABANDONED -> rpcWaitAbandoned();
            case REST_READS -> restReads();
            case MCP_SESSION -> mcpSession();
            case MCP_ABANDONED -> mcpAbandoned();
        }
        done.merge(step, 1, Integer::sum);
        slowest.merge(step, (System.nanoTime() - start) / 1_000_000, Math::max);
    }

    /** The longest each kind of step took, in ms: reported, not asserted (a step stuck for long shows here). */
    Map<Step, Long> slowestMillis() {
        return slowest;
    }

    /** The step running now or last: what a worker that stopped making progress is stuck in. */
    Step current() {
        return current;
    }

    /** How many steps of each kind ran to the end. */
    Map<Step, Integer> done() {
        return done;
    }

    private String session() {
        return name + "-" + serial;
    }

    private void programReplayed() throws Exception {
        int lines = 1 + random.nextInt(40_000); // up to 230 KB: well inside the replay buffer
        int code = random.nextInt(4);
        String id = create("/bin/sh", "-c", "stty -echo -opost; seq 1 " + lines + "; exit " + code);
        BinaryStream stream = new BinaryStream();
        int cuts = random.nextInt(4);
        int exit = -1;
        for (int attempt = 0; exit < 0; attempt++) {
            boolean cut = attempt < cuts;
            try (RawWebSocket socket = server.attach(id, "protocol=2&lastOutputSeq=" + stream.cursor(),
                    cut ? 16 << 10 : 0)) {
                if (!cut) {
                    exit = stream.readToExit(socket);
                    break;
                }
                for (int frames = random.nextInt(30); frames > 0 && exit < 0; frames--) {
                    exit = stream.take(socket.next());
                }
                cutOff(socket);
            }
        }
        expectSeq(stream, lines, "the program's output read across " + cuts + " cuts");
        if (exit != code) {
            throw new AssertionError("exit code " + exit + ", the program exited with " + code);
        }
        if (random.nextInt(4) > 0) {
            delete(id);
        } // else left as a client that never deletes leaves it: the server keeps the newest 32 ended terminals
    }

    private void shellClients() throws Exception {
        String id = create("/bin/bash");
        List<RawWebSocket> sockets = new ArrayList<>();
        try {
            for (int i = 1 + random.nextInt(3); i > 0; i--) { // the first types; the others may be viewers
                String view = !sockets.isEmpty() && random.nextBoolean() ? "&mode=view" : "";
                sockets.add(server.attach(id, "protocol=2&lastOutputSeq=0&clientId=c" + i + view, 0));
            }
            RawWebSocket typing = sockets.getFirst();
            typing.sendText(frame("resize", 1).add("cols", 20 + random.nextInt(200))
                    .add("rows", 5 + random.nextInt(60)).build().toString());
            typing.sendText(frame("input", 2).add("data", "printf 'ok%s\\n' " + serial + "\n").build().toString());
            awaitText(typing, "ok" + serial);
            for (RawWebSocket socket : sockets) {
                if (random.nextBoolean()) {
                    cutOff(socket);
                } else {
                    closeHandshake(socket);
                }
            }
            switch (random.nextInt(3)) {
                case 0 -> delete(id);
                case 1 -> endFromClient(id, frame("input", 3).add("data", "exit\n").build().toString());
                default -> endFromClient(id, frame("close", 3).build().toString());
            }
        } finally {
            for (RawWebSocket socket : sockets) {
                socket.close();
            }
        }
    }

    /** Ends the terminal with {@code lastFrame} from a new client, waits for its exit frame, then deletes it. */
    private void endFromClient(String id, String lastFrame) throws Exception {
        try (RawWebSocket socket = server.attach(id, "protocol=2&clientId=ender", 0)) {
            socket.sendText(lastFrame);
            socket.nextText(t -> t.startsWith("{\"type\":\"exit\""));
        }
        delete(id);
    }

    private void stalledReader() throws Exception {
        int lines = 50_000 + random.nextInt(150_000); // 0.3–1.3 MB: beyond what the stalled client's sockets hold
        String id = create("/bin/sh", "-c", "stty -echo -opost; seq 1 " + lines + "; read x");
        RawWebSocket stalled = server.attach(id, "protocol=2&lastOutputSeq=0", 4096);
        try {
            BinaryStream all = new BinaryStream();
            long total = seqBytes(lines).length;
            try (RawWebSocket reader = server.attach(id, "protocol=2&lastOutputSeq=0", 0)) {
                while (all.cursor() < total) {
                    all.take(reader.next());
                }
            }
            expectSeq(all, lines, "the client that read everything");
            switch (random.nextInt(3)) {
                case 0 -> cutOff(stalled);
                case 1 -> { // the stalled client reads again: it is caught up from where it stopped
                    BinaryStream late = new BinaryStream();
                    while (late.cursor() < total) {
                        late.take(stalled.next());
                    }
                    expectSeq(late, lines, "the client that stopped reading, once it read again");
                }
                default -> { // deleted under a client that is not reading
                }
            }
            delete(id);
        } finally {
            stalled.close();
        }
    }

    private void rpcWaitAbandoned() throws Exception {
        JsonObject created = createJson("/bin/cat");
        String id = created.getString("terminalId");
        String host = created.getJsonObject("rpc").getString("host");
        int port = created.getJsonObject("rpc").getInt("port");
        String wait = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/wait\",\"params\":{\"match\":\"never-" + serial
                + "\",\"timeout\":30000}}";
        Socket waiting = new Socket(host, port);
        try {
            waiting.getOutputStream().write((wait + "\n").getBytes(StandardCharsets.UTF_8));
            try (Socket other = new Socket(host, port)) { // output and a resize while the wait is pending
                call(other, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/write\",\"params\":{\"action\":"
                        + "{\"text\":\"soak " + serial + "\\n\"}}}");
                call(other, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"pty/resize\",\"params\":{\"cols\":"
                        + (20 + random.nextInt(200)) + ",\"rows\":" + (5 + random.nextInt(60)) + "}}");
            }
            // The same wait over HTTP, given up by the client long before its timeout.
            try {
                server.post("/v1/terminals/" + id + "/rpc", wait, Duration.ofMillis(100 + random.nextInt(400)));
                throw new AssertionError("a pty/wait for text never printed answered within half a second");
            } catch (java.io.UncheckedIOException given) {
                // the client's timeout: it closed the connection under the pending wait
            }
            // And over the server's port as a WebSocket: the wait is sent, then the connection cut.
            RawWebSocket waitingSocket = server.attachPath("/v1/terminals/" + id + "/rpc", 0);
            waitingSocket.sendText(wait);
            if (random.nextBoolean()) {
                delete(id); // the terminal ends under the pending waits; the connections go after
                cutOrClose(waiting);
                cutOff(waitingSocket);
            } else {
                cutOrClose(waiting);
                cutOff(waitingSocket);
                delete(id);
            }
            waitingSocket.close();
        } finally {
            waiting.close();
        }
    }

    private void restReads() throws Exception {
        String id = create("/bin/cat");
        for (String path : List.of("/v1/terminals", "/v1/terminals/" + id, "/v1/terminals/" + id + "/screen",
                "/v1/terminals/" + id + "/recording", "/observe/health")) {
            FaultServer.Answer answer = server.get(path);
            if (answer.status() != 200) {
                throw new AssertionError("GET " + path + ": " + answer);
            }
        }
        try (InputStream events = server.stream("/v1/events")) {
            if (events.read() < 0) {
                throw new AssertionError("the event stream ended before its first byte");
            }
        } // dropped without reading on
        try (RawWebSocket events = server.attachPath("/v1/events", 0)) { // the event stream as a WebSocket
            events.nextText(t -> t.contains("\"subscribed\""));
            cutOff(events);
        }
        FaultServer.Answer closed = server.delete("/v1/terminals/session/" + session());
        if (closed.status() != 200) {
            throw new AssertionError("DELETE session: " + closed);
        }
    }

    private void mcpSession() {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
                .builder("http://127.0.0.1:" + server.port()).endpoint("/mcp").build())
                .requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("terminal_run",
                Map.of("command", "echo soak-$((" + serial + "*2))")));
        String text = ((McpSchema.TextContent) result.content().getFirst()).text();
        if (!text.contains("soak-" + serial * 2)) {
            throw new AssertionError("terminal_run's answer lacks the command's output: " + text);
        }
        if (random.nextBoolean()) {
            client.closeGracefully();
        } else {
            client.close();
        }
    }

    private void mcpAbandoned() {
        Map<String, String> headers = new java.util.HashMap<>(Map.of("Accept", "application/json, text/event-stream"));
        java.net.http.HttpResponse<String> init = server.exchange("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"soak\",\"version\":\"1\"}}}", headers);
        headers.put("Mcp-Session-Id", init.headers().firstValue("Mcp-Session-Id")
                .orElseThrow(() -> new AssertionError("initialize gave no session: " + init.body())));
        server.exchange("/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", headers);
        String answer = server.exchange("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"terminal_run\",\"arguments\":{\"command\":\"echo soak-$((" + serial
                + "*2))\"}}}", headers).body();
        if (!answer.contains("soak-" + serial * 2)) {
            throw new AssertionError("terminal_run's answer lacks the command's output: " + answer);
        }
    } // and gone: no DELETE

    private String create(String shell, String... args) {
        return createJson(shell, args).getString("terminalId");
    }

    private JsonObject createJson(String shell, String... args) {
        FaultServer.Answer answer = server.create(session(), shell, List.of(args));
        if (answer.status() != 201) {
            throw new AssertionError("create: " + answer);
        }
        return answer.json();
    }

    /** Deletes a terminal: 200 when it was live, 404 when its program had exited (it is forgotten all the same). */
    private void delete(String id) {
        FaultServer.Answer answer = server.delete("/v1/terminals/" + id);
        if (answer.status() != 200 && answer.status() != 404) {
            throw new AssertionError("DELETE " + id + ": " + answer);
        }
    }

    /**
     * A client frame of the typing client ({@code clientSeq} 1 or 2) or, from 3 on, of the client that ends the
     * terminal: one id for both would have the server drop the ender's frame as a resend it had applied.
     */
    private jakarta.json.JsonObjectBuilder frame(String type, int clientSeq) {
        return JsonSupport.objectBuilder().add("type", type).add("clientId", (clientSeq < 3 ? "c" : "ender") + serial)
                .add("clientSeq", clientSeq);
    }

    /** Reads output frames until their text holds {@code text}. */
    static void awaitText(RawWebSocket socket, String text) throws IOException {
        StringBuilder seen = new StringBuilder();
        while (seen.indexOf(text) < 0) {
            RawWebSocket.Frame frame = socket.next();
            if (frame.opcode() == RawWebSocket.BINARY) {
                seen.append(new String(frame.payload(), 9, frame.payload().length - 9, StandardCharsets.ISO_8859_1));
            } else if (frame.opcode() == RawWebSocket.CLOSE) {
                throw new AssertionError("closed before '" + text + "' came: " + seen);
            }
        }
    }

    /**
     * Ends a WebSocket connection without a close handshake: a reset, a FIN, or a reset after part of what has
     * arrived (in the middle of a frame).
     */
    private void cutOff(RawWebSocket socket) throws IOException {
        switch (random.nextInt(3)) {
            case 0 -> socket.reset();
            case 1 -> socket.close();
            default -> {
                // Part of what has arrived, never waiting for more: a pending wait or a quiet event stream sends
                // nothing, and a read would sit out the socket's timeout (20 s steps before this).
                int waiting = socket.socket().getInputStream().available();
                if (waiting > 0) {
                    socket.readRaw(1 + random.nextInt(Math.min(12, waiting)));
                }
                socket.reset();
            }
        }
    }

    private static void closeHandshake(RawWebSocket socket) throws IOException {
        socket.send(true, 0, RawWebSocket.CLOSE, new byte[] {0x03, (byte) 0xE8});
        socket.close();
    }

    private void cutOrClose(Socket socket) throws IOException {
        if (random.nextBoolean()) {
            socket.setSoLinger(true, 0);
        }
        socket.close();
    }

    /** Sends one JSON-RPC request line and reads its answer line; fails on an error answer. */
    private static void call(Socket socket, String request) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
        StringBuilder line = new StringBuilder();
        InputStream in = socket.getInputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new AssertionError("the JSON-RPC connection ended before answering " + request);
            }
            line.append((char) b);
        }
        if (!line.toString().contains("\"result\"")) {
            throw new AssertionError(request + " answered " + line);
        }
    }

    /** The bytes {@code seq 1 lines} writes. */
    static byte[] seqBytes(int lines) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            text.append(i).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static void expectSeq(BinaryStream stream, int lines, String who) throws Exception {
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seqBytes(lines)));
        if (!stream.sha256().equals(expected) || stream.resets() != 0) {
            throw new AssertionError(who + ": " + stream.cursor() + " bytes, sha256 " + stream.sha256()
                    + ", resets " + stream.resets() + "; the program wrote " + seqBytes(lines).length
                    + " bytes, sha256 " + expected);
        }
    }
}
