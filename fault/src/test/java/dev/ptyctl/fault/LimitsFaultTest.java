package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Limits: every one is refused cleanly, with a status or frame that names it, and nothing else is affected — the
 * terminals already there keep working, a client already attached keeps being served.
 */
class LimitsFaultTest {
    private static final String INPUT = "{\"type\":\"input\",\"clientId\":\"k\",\"clientSeq\":%d,\"data\":\"x\"}";

    @Test
    void aReplayBufferTheHeapCannotHoldIsRefusedAtStart() throws Exception {
        // 128 MiB of replay with a 256 MiB heap: the server started, and the first terminal that flooded output lost
        // its reader to OutOfMemoryError (its output stopped for good, the health check still said UP).
        ProcessBuilder builder = new ProcessBuilder(FaultServer.launcher("server", "--port", "0"))
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().remove("PTYCTL_RPC");
        builder.environment().put("JAVA_TOOL_OPTIONS", "-Xmx256m");
        builder.environment().put("PTYCTL_TERMINALS_REPLAY_BYTES", String.valueOf(128 * 1024 * 1024));
        Process server = builder.start();
        StringBuilder printed = new StringBuilder();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            // Until it exits, or says it listens (then it would serve until stopped).
            for (String line = out.readLine(); line != null && !line.contains("listening on"); line = out.readLine()) {
                printed.append(line).append('\n');
            }
        } finally {
            server.destroyForcibly();
        }
        assertThat(server.waitFor()).as(printed.toString()).isEqualTo(2);
        assertThat(printed).contains("ptyctl: ptyctl.terminals.replayBytes is 134217728 (128 MiB), more than a "
                + "quarter of the server's heap (256 MiB): one terminal whose program floods output would exhaust "
                + "it; give at most 67108864, or the server a larger heap (JAVA_TOOL_OPTIONS=-Xmx...)");
        Fault.report("limits", "replayBytes 128 MiB with a 256 MiB heap", "refused at start, exit 2, naming the "
                + "most the heap allows", "LimitsFaultTest");
    }

    @Test
    void runningLowOnDescriptorsRefusesCreatesAndTheServerKeepsServing() throws Exception {
        // With ulimit -n 200 the twelfth or so create failed with "Too many open files" (500), and an accept of the
        // web server's listener soon after ended that listener for good: the process ran on with its port dead.
        List<String> ulimit = List.of("sh", "-c", "ulimit -n 200 && exec \"$@\"", "sh");
        try (FaultServer server = FaultServer.startProcess(java.util.Map.of(), ulimit)) {
            List<String> ids = new ArrayList<>();
            FaultServer.Answer answer;
            for (answer = server.create("fd-0", "/bin/sleep", List.of("999")); answer.status() == 201 && ids.size() < 40;
                 answer = server.create("fd-" + ids.size(), "/bin/sleep", List.of("999"))) {
                ids.add(answer.json().getString("terminalId"));
            }
            assertThat(answer.status()).as(answer.body()).isEqualTo(429);
            assertThat(answer.json().getString("message")).contains("file descriptors open (ulimit -n)");
            assertThat(ids).as("terminals created before the refusal").isNotEmpty();
            FaultServer.Answer ready = server.get("/observe/health/ready");
            assertThat(ready.status()).as("readiness, so a load balancer sends new terminals elsewhere: %s",
                    ready.body()).isEqualTo(503);
            assertThat(ready.body()).contains("file descriptors open (ulimit -n)");
            for (int i = 0; i < 20; i++) { // clients keep being served: the port's listener lives on
                assertThat(server.get("/observe/health/live").status()).isEqualTo(200);
                assertThat(server.get("/v1/terminals").json().getJsonArray("terminals")).hasSize(ids.size());
            }
            assertThat(server.delete("/v1/terminals/" + ids.getFirst()).status()).isEqualTo(200);
            assertThat(server.create("fd-again", "/bin/sleep", List.of("999")).status()).isEqualTo(201);
            Fault.report("limits", "creates with ulimit -n 200", ids.size() + " terminals, then 429 naming the "
                    + "descriptors; the port served on; a create after a delete worked", "LimitsFaultTest");
        }
    }

    @Test
    void aJsonRpcEndpointOutOfDescriptorsLogsOnceAndServesAgainWhenTheyAreFreed() throws Exception {
        // Clients alone can use up the descriptors: here JSON-RPC connections to one terminal, with ulimit -n 200.
        // Every failed accept then logged a WARNING with its stack trace, ten a second for as long as it lasted, and
        // no line said when it ended.
        List<String> ulimit = List.of("sh", "-c", "ulimit -n 200 && exec \"$@\"", "sh");
        List<Socket> connections = new ArrayList<>();
        try (FaultServer server = FaultServer.startProcess(java.util.Map.of(), ulimit)) {
            String id = server.createGated("rpc-fds", "cat");
            JsonObject rpc = server.get("/v1/terminals/" + id).json().getJsonObject("rpc");
            String address = rpc.getString("host") + ":" + rpc.getInt("port");
            try {
                // Each accepted connection takes a descriptor; once there are none, the next ones wait in the
                // listener's backlog (about 50) and the accept fails, which the server logs with the address.
                while (server.printed().stream().noneMatch(l -> l.contains(address))) {
                    assertThat(connections).as("connections open before the descriptors ran out").hasSizeLessThan(200);
                    connections.add(new Socket(rpc.getString("host"), rpc.getInt("port")));
                }
                Socket waiting = connections.getLast();
                // The failure goes on while nothing is freed: the endpoint tries again and again meanwhile, silently
                // (no event marks a retry; the recovery lines count them).
                Thread.sleep(1500);
                // All but the waiting one: it is the newest, last in the listener's backlog, so freeing fewer than the
                // backlog holds let the ones before it take every freed descriptor and left it unserved (CI-AH hung
                // reading its reply).
                for (Socket connection : connections.subList(0, connections.size() - 1)) {
                    connection.close();
                }
                waiting.setSoTimeout((int) dev.ptyctl.testsupport.Bounds.HANG.toMillis());
                // The server's other descriptors come and go (an idle HTTP connection closing lets one accept
                // through), so a shortage may end and start again meanwhile: each run of failures is one line, and
                // one more when it ends. Done once the last word about the endpoint is that it accepts again.
                List<String> printed = server.awaitPrinted(lines -> {
                    List<String> about = lines.stream().filter(l -> l.contains(address)).toList();
                    return !about.isEmpty() && about.getLast().contains("accepts connections again");
                }, "line saying " + address + " accepts connections again");
                waiting.getOutputStream().write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\"}\n"
                        .getBytes(StandardCharsets.UTF_8));
                String reply = new BufferedReader(new InputStreamReader(waiting.getInputStream(),
                        StandardCharsets.UTF_8)).readLine();
                assertThat(JsonSupport.parseObject(reply).getJsonObject("result").getBoolean("running"))
                        .as("a connection that waited through the shortage is served").isTrue();
                List<String> failing = printed.stream().filter(l -> l.contains(address) && l.contains("cannot accept"))
                        .toList();
                List<String> recovered = printed.stream().filter(l -> l.contains(address)
                        && l.contains("accepts connections again")).toList();
                assertThat(failing).as("lines about failing accepts in %s", printed).isNotEmpty().allSatisfy(l ->
                        assertThat(l).contains("Too many open files").contains("ulimit -n")
                                .containsPattern("^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z WARNING "));
                assertThat(recovered).as("one line at the end of each run of failures, in %s", printed)
                        .hasSameSizeAs(failing);
                assertThat(printed).as("stack traces").noneMatch(l -> l.strip().startsWith("at "));
                int failedAccepts = recovered.stream().mapToInt(l -> {
                    java.util.regex.Matcher n = java.util.regex.Pattern.compile("after (\\d+) failed accepts")
                            .matcher(l);
                    assertThat(n.find()).as(l).isTrue();
                    return Integer.parseInt(n.group(1));
                }).sum();
                assertThat(failedAccepts).as("failed accepts, fewer lines than tries").isGreaterThan(failing.size());
                Fault.report("limits", "JSON-RPC connections until the descriptors ran out (ulimit -n 200), then 40 "
                        + "closed", connections.size() + " connections; " + failing.size() + " log line(s) for "
                        + failedAccepts + " failed accepts, as many when accepting again; the connection that waited "
                        + "was served",
                        "LimitsFaultTest");
            } finally {
                for (Socket connection : connections) {
                    connection.close();
                }
            }
        }
    }

    @Test
    void aTemporaryFolderThatIsFullStopsNoTerminalOfAProgram() throws Exception {
        // pty4j and JNA unpacked their native libraries into the temporary folder (JNA: into XDG_CACHE_HOME first) at
        // the first create: with it full, every create failed with "Cannot load native pty executor library" while
        // the server looked healthy. The build now unpacks them into libs/native, which the server uses.
        try (FullFolder full = FullFolder.create();
             FaultServer server = FaultServer.startProcess(java.util.Map.of("XDG_CACHE_HOME", full.path().toString()),
                     List.of(), List.of("-Djava.io.tmpdir=" + full.path(), "-Dpty4j.tmpdir=" + full.path()))) {
            String id = server.createGated("tmp-full", "cat");
            try (RawWebSocket socket = server.attach(id, "", 0)) {
                socket.sendText(INPUT.formatted(1));
                assertThat(socket.nextText(t -> t.startsWith("{\"type\":\"ack\""))).contains("\"clientSeq\":1");
            }
            assertThat(server.delete("/v1/terminals/" + id).status()).isEqualTo(200);
            Fault.report("limits", "temporary folder (java.io.tmpdir, pty4j.tmpdir, XDG_CACHE_HOME) " + full.kind(),
                    "terminals start and take input", "LimitsFaultTest");
        }
    }

    @Test
    void theTerminalLimitIs429AndTheTerminalsThereCarryOn() throws Exception {
        try (FaultServer server = FaultServer.start(FaultServer.maxTerminals(3))) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ids.add(server.createGated("limit-" + i, "cat"));
            }
            FaultServer.Answer refused = server.create("limit-3", "/bin/sh", List.of("-c", "cat"));
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.json().getString("message")).contains("3");
            try (RawWebSocket socket = server.attach(ids.get(0), "", 0)) {
                socket.sendText(INPUT.formatted(1));
                assertThat(socket.nextText(t -> t.startsWith("{\"type\":\"ack\""))).contains("\"clientSeq\":1");
            }
            assertThat(server.delete("/v1/terminals/" + ids.get(0)).status()).isEqualTo(200);
            assertThat(server.create("limit-3", "/bin/sh", List.of("-c", "cat")).status()).isEqualTo(201);
            Fault.report("limits", "terminals over maxTerminals (3)", "429 naming the limit; the others served; "
                    + "a slot freed by a delete is usable", "LimitsFaultTest");
        }
    }

    @Test
    void oversizedBodiesFramesAndLinesAndDeepNestingAreRefusedAndTheConnectionsCarryOn() throws Exception {
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("sizes", "cat");
            String big = "{\"sessionId\":\"" + "x".repeat((1 << 20) + 1) + "\"}";
            FaultServer.Answer body = server.post("/v1/terminals", big);
            assertThat(body.status()).isEqualTo(413);
            FaultServer.Answer deep = server.post("/v1/terminals", "[".repeat(5000) + "]".repeat(5000));
            assertThat(deep.status()).isEqualTo(400);

            try (RawWebSocket socket = server.attach(id, "", 0)) {
                socket.sendText("\"" + "y".repeat((1 << 20) + 1) + "\"");
                assertThat(socket.nextText(t -> t.startsWith("{\"type\":\"error\""))).contains("larger than");
                socket.sendText("[".repeat(5000));
                assertThat(socket.nextText(t -> t.startsWith("{\"type\":\"error\""))).contains("JSON");
                socket.sendText(INPUT.formatted(1)); // the same connection still works
                assertThat(socket.nextText(t -> t.startsWith("{\"type\":\"ack\""))).contains("\"clientSeq\":1");
            }

            JsonObject terminal = server.get("/v1/terminals/" + id).json();
            try (Socket rpc = new Socket("127.0.0.1", terminal.getJsonObject("rpc").getInt("port"))) {
                OutputStream out = rpc.getOutputStream();
                BufferedReader in = new BufferedReader(new InputStreamReader(rpc.getInputStream(),
                        StandardCharsets.UTF_8));
                byte[] longLine = new byte[(1 << 20) + 1];
                java.util.Arrays.fill(longLine, (byte) ' ');
                longLine[0] = '{';
                out.write(longLine);
                out.write('\n');
                out.write(("[".repeat(5000) + "\n").getBytes(StandardCharsets.UTF_8));
                out.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"pty/status\"}\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                assertThat(JsonSupport.parseObject(in.readLine()).getJsonObject("error").getInt("code"))
                        .isEqualTo(-32600);
                assertThat(JsonSupport.parseObject(in.readLine()).getJsonObject("error").getInt("code"))
                        .isEqualTo(-32700);
                assertThat(JsonSupport.parseObject(in.readLine()).getJsonObject("result").getBoolean("running"))
                        .isTrue();
            }
            Fault.report("limits", "a 1 MiB + 1 REST body; 5,000-deep nesting in REST, WebSocket and JSON-RPC; a "
                    + "1 MiB + 1 WebSocket message; a 1 MiB + 1 JSON-RPC line", "413; 400; error frame / -32700; "
                    + "error frame; -32600 — each connection goes on serving", "LimitsFaultTest");
        }
    }

    @Test
    void clientsBeyondTheLimitOfOneTerminalAre429AndTheAttachedOnesCarryOn() throws Exception {
        int limit = dev.ptyctl.service.ws.SocketSettings.MAX_CLIENTS_PER_TERMINAL;
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("many-clients", "cat");
            List<RawWebSocket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < limit; i++) {
                    clients.add(server.attach(id, "", 0));
                    // each attach is complete once its first frame came
                    clients.getLast().next();
                }
                AssertionFailedError refused = org.junit.jupiter.api.Assertions.assertThrows(
                        AssertionFailedError.class, () -> server.attach(id, "", 0));
                assertThat(refused.getMessage()).contains("429");
                RawWebSocket first = clients.getFirst();
                first.sendText(INPUT.formatted(1));
                assertThat(first.nextText(t -> t.startsWith("{\"type\":\"ack\""))).contains("\"clientSeq\":1");
                clients.removeLast().close();
                JsonObject terminal = server.get("/v1/terminals/" + id).json();
                int attached = terminal.getInt("clients");
                clients.add(awaitAttach(server, id));
                Fault.report("limits", "WebSocket client " + (limit + 1) + " on one terminal",
                        "429 naming the limit (" + limit + "); the attached clients served; a freed place is usable "
                                + "(clients " + attached + " after one left)", "LimitsFaultTest");
            } finally {
                for (RawWebSocket client : clients) {
                    client.close();
                }
            }
        }
    }

    /** Attaches once the server has seen a client leave: its count drops when the connection's end is noticed. */
    private static RawWebSocket awaitAttach(FaultServer server, String id) throws Exception {
        long deadline = System.nanoTime() + Bounds.HANG.toNanos();
        while (true) {
            try {
                return server.attach(id, "", 0);
            } catch (AssertionFailedError refused) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the server still counted the client that left after "
                            + Bounds.HANG.toSeconds() + " s (load average " + Bounds.loadAverage() + ")", refused);
                }
                Thread.sleep(50); // the departure is noticed on the server's side; there is no event to wait for here
            }
        }
    }
}
