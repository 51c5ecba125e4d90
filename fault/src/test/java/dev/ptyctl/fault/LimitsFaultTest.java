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
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
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
                // (no event marks a retry; the recovery line below counts them).
                Thread.sleep(1500);
                List<String> printed = server.printed();
                assertThat(printed.stream().filter(l -> l.contains(address)))
                        .as("lines about the failing accepts in %s", printed)
                        .singleElement().asString().contains("cannot accept").contains("Too many open files")
                        .contains("ulimit -n").containsPattern("^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z WARNING ");
                assertThat(printed).as("stack traces").noneMatch(l -> l.strip().startsWith("at "));
                for (Socket connection : connections.subList(0, 40)) {
                    connection.close();
                }
                String recovered = server.awaitPrinted("accepts connections again");
                assertThat(recovered).contains(address);
                waiting.getOutputStream().write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\"}\n"
                        .getBytes(StandardCharsets.UTF_8));
                String reply = new BufferedReader(new InputStreamReader(waiting.getInputStream(),
                        StandardCharsets.UTF_8)).readLine();
                assertThat(JsonSupport.parseObject(reply).getJsonObject("result").getBoolean("running"))
                        .as("a connection that waited through the shortage is served").isTrue();
                java.util.regex.Matcher failed = java.util.regex.Pattern.compile("after (\\d+) failed accepts")
                        .matcher(recovered);
                assertThat(failed.find()).as(recovered).isTrue();
                assertThat(Integer.parseInt(failed.group(1))).as("failed accepts, one line for all").isGreaterThan(1);
                Fault.report("limits", "JSON-RPC connections until the descriptors ran out (ulimit -n 200), then 40 "
                        + "closed", connections.size() + " connections; 1 log line for " + failed.group(1)
                        + " failed accepts, 1 when accepting again; the connection that waited was served",
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
    void aTaskLimitThatStopsTheReaderThreadEndsTheProgramAndTheServerSaysWhy() throws Exception {
        // With the server's tasks capped (systemd's TasksMax, a container's pids limit) the program could still be
        // started and then its reader thread could not: the create answered a bare "Internal Server Error", and the
        // program ran on with its PTY open, owned by nothing, using up the last task for good.
        // The JVM's own threads that come and go with load (compilers, GC workers) would take the one task left
        // before the reader does: interpreted, with the serial collector, it starts none of its own.
        try (FaultServer server = FaultServer.startProcess(java.util.Map.of(), List.of(),
                List.of("-Xint", "-XX:+UseSerialGC"))) {
            server.delete("/v1/terminals/" + server.createGated("warm", "cat")); // the shared threads, made once
            ServerCensus before = awaitCensus(server, c -> c.descendants() == 0);
            Optional<TaskLimit> made = TaskLimit.around(server.pid());
            Assumptions.assumeTrue(made.isPresent(), "no pids cgroup can be made here (needs root, cgroup v1 pids)");
            try (TaskLimit limit = made.get()) {
                limit.limit(limit.current() + 1); // room for the program, none for its reader
                FaultServer.Answer refused = server.create("no-thread", "/bin/sh",
                        List.of("-c", "trap '' HUP; exec sleep 1000"));
                assertThat(refused.status()).as(refused.body()).isEqualTo(500);
                assertThat(refused.json().getString("message")).contains("cannot start another thread")
                        .contains("TasksMax");
                ServerCensus after = awaitCensus(server, c -> c.descendants() == 0 && c.fds() <= before.fds());
                assertThat(after.descendants()).as("programs left running").isZero();
                assertThat(after.fds()).as("descriptors").isLessThanOrEqualTo(before.fds());
                Fault.report("limits", "a task limit with room for the program but not its reader thread",
                        "500 naming the limit; programs left 0, fds " + before.fds() + " → " + after.fds(),
                        "LimitsFaultTest");
            }
            assertThat(server.create("after", "/bin/sh", List.of("-c", "cat")).status()).isEqualTo(201);
        }
    }

    /** The server's counts once {@code settled} holds (its program ends after the kill grace), within the bound. */
    private static ServerCensus awaitCensus(FaultServer server, java.util.function.Predicate<ServerCensus> settled)
            throws InterruptedException {
        long deadline = System.nanoTime() + Bounds.HANG.toNanos();
        ServerCensus census = ServerCensus.counts(server.pid());
        while (!settled.test(census) && System.nanoTime() < deadline) {
            Thread.sleep(100); // the kill's grace and the reaping: no event reaches a test outside the process
            census = ServerCensus.counts(server.pid());
        }
        return census;
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
