package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Lifecycle: terminals created and deleted over and over (each with a WebSocket client and a JSON-RPC connection
 * open when it is deleted), and {@code ptyctl serve} processes started and killed over and over. Afterwards: no
 * zombie, no process left behind, and this JVM's descriptors and threads back to what they were.
 */
class LifecycleFaultTest {
    @Test
    void createDeleteCyclesLeaveNoProcessDescriptorOrThread() throws Exception {
        int cycles = Fault.size(60, 1000);
        try (FaultServer server = FaultServer.start()) {
            for (int i = 0; i < 5; i++) { // warm-up: pools and classes the first cycles create once
                cycle(server, "warm-" + i);
            }
            ProcessCensus before = ProcessCensus.settle(c -> c.children() == 0, 50);
            String threadsBefore = ProcessCensus.threadNames();
            List<Long> pids = new ArrayList<>();
            for (int i = 0; i < cycles; i++) {
                pids.add(cycle(server, "cycle-" + i));
            }
            ProcessCensus after = ProcessCensus.settle(c -> c.children() == 0 && c.fds() <= before.fds()
                    && c.threads() <= before.threads(), 100);
            long alive = pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .count();
            assertThat(alive).as("hosted programs still alive").isZero();
            assertThat(after.zombies()).as("zombies").isZero();
            assertThat(after.children()).as("child processes left").isZero();
            assertThat(after.fds()).as("open descriptors").isLessThanOrEqualTo(before.fds());
            assertThat(after.threads()).as("threads: before %s, after %s", threadsBefore, ProcessCensus.threadNames())
                    .isLessThanOrEqualTo(before.threads());
            Fault.report("lifecycle", cycles + " create/delete cycles (each with a WebSocket client and a JSON-RPC "
                    + "connection open at the delete)", "zombies 0, leftover processes " + alive + ", fds "
                    + before.fds() + " → " + after.fds() + ", threads " + before.threads() + " → " + after.threads(),
                    "LifecycleFaultTest");
        }
    }

    @Test
    void endedTerminalsKeptForReadingHoldOnlyTheirJsonRpcPort() throws Exception {
        // Up to 32 ended terminals are kept until deleted; each held 6 descriptors (the PTY, pty4j's pipe, the
        // reader's wake-up pipe, its JSON-RPC port). Only the port is still needed: "the endpoint stays up, so
        // pty/status can report the exit code and pty/read the last screen" (docs/protocol-jsonrpc.md).
        int ended = 10;
        try (FaultServer server = FaultServer.start()) {
            endedTerminal(server, "warm"); // the shared reaper, readiness watcher and the client's connection
            ProcessCensus before = ProcessCensus.settle(c -> c.children() == 0, 50);
            for (int i = 0; i < ended; i++) {
                endedTerminal(server, "ended-" + i);
            }
            ProcessCensus after = ProcessCensus.settle(c -> c.children() == 0 && c.fds() <= before.fds() + ended, 50);
            assertThat(after.zombies()).as("zombies").isZero();
            assertThat(after.fds() - before.fds()).as("descriptors held by %d ended terminals", ended)
                    .isLessThanOrEqualTo(ended);
            Fault.report("lifecycle", ended + " ended terminals kept (not deleted)", "descriptors " + before.fds()
                    + " → " + after.fds() + " (" + (after.fds() - before.fds()) + "; was 6 each)",
                    "LifecycleFaultTest");
        }
    }

    @Test
    void aCreateThatFailsAfterItsProgramStartedEndsTheProgramAndLeavesNoDescriptor() throws Exception {
        // The failure is injected where the program already runs and the registry does not have it yet: the event
        // log's line for the new terminal throws, standing in for whatever can fail there (a thread the JVM cannot
        // create, say). Each such create answered 500 and left its program running, owned by nothing, with its PTY,
        // its pipes and its JSON-RPC port open for the server's life.
        int failures = 5;
        try (FaultServer server = FaultServer.start()) {
            cycle(server, "warm"); // pools and classes a first terminal creates once
            ProcessCensus before = ProcessCensus.settle(c -> c.children() == 0, 50);
            EventLog.configure(EventLog.Format.TEXT, line -> {
                if (line.contains(" terminal.created ")) {
                    throw new IllegalStateException("injected: the log cannot take the line");
                }
            });
            try {
                for (int i = 0; i < failures; i++) {
                    // Ignores the hang-up: only the SIGKILL after the grace period ends it.
                    FaultServer.Answer refused = server.create("fails-" + i, "/bin/sh",
                            List.of("-c", "trap '' HUP; exec sleep 1000"));
                    assertThat(refused.status()).as(refused.body()).isEqualTo(500);
                    assertThat(refused.json().getString("message")).contains("injected");
                }
            } finally {
                EventLog.configure(EventLog.Format.TEXT, System.err);
            }
            ProcessCensus after = ProcessCensus.settle(c -> c.children() == 0 && c.fds() <= before.fds(), 100);
            assertThat(after.children()).as("programs of the failed creates still running").isZero();
            assertThat(after.zombies()).as("zombies").isZero();
            assertThat(after.fds()).as("open descriptors").isLessThanOrEqualTo(before.fds());
            assertThat(server.get("/v1/terminals").json().getJsonArray("terminals")).isEmpty();
            cycle(server, "after"); // the server goes on creating terminals
            Fault.report("lifecycle", failures + " creates failing after their program started (injected)", "500 "
                    + "each; programs left running 0, zombies 0, fds " + before.fds() + " → " + after.fds(),
                    "LifecycleFaultTest");
        }
    }

    /**
     * A terminal whose program prints and exits 3, once its exit is known: a {@code pty/wait} through the server's
     * port for text never printed answers at the exit. Checks that the screen and the exit code stay readable.
     */
    static void endedTerminal(FaultServer server, String session) {
        FaultServer.Answer created = server.create(session, "/bin/sh", List.of("-c", "echo bye " + session + "; exit 3"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().getString("terminalId");
        FaultServer.Answer waited = server.post("/v1/terminals/" + id + "/rpc", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"pty/wait\",\"params\":{\"match\":\"never printed\",\"timeout\":30000}}");
        JsonObject result = waited.json().getJsonObject("result");
        assertThat(result.getJsonObject("exited").getInt("exitCode")).as(waited.body()).isEqualTo(3);
        assertThat(result.getString("screen")).contains("bye " + session);
        JsonObject status = server.get("/v1/terminals/" + id).json();
        assertThat(status.getBoolean("running")).isFalse();
        assertThat(status.getInt("exitCode")).isEqualTo(3);
    }

    /** One terminal's life: create, attach, connect, type, delete. Returns the hosted program's pid. */
    private static long cycle(FaultServer server, String session) throws Exception {
        FaultServer.Answer created = server.create(session, "/bin/sh", List.of("-c", "cat"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject json = created.json();
        String id = json.getString("terminalId");
        try (RawWebSocket socket = server.attach(id, "protocol=2", 0);
             Socket rpc = new Socket(json.getJsonObject("rpc").getString("host"),
                     json.getJsonObject("rpc").getInt("port"))) {
            socket.sendText("{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1,\"data\":\"hello\\n\"}");
            socket.nextText(t -> t.startsWith("{\"type\":\"ack\""));
            rpc.getOutputStream().write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\"}\n"
                    .getBytes(StandardCharsets.UTF_8));
            new BufferedReader(new InputStreamReader(rpc.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertThat(server.delete("/v1/terminals/" + id).status()).isEqualTo(200);
        }
        return json.getJsonNumber("pid").longValue();
    }

    @Test
    void serveProcessesStartedAndKilledLeaveNothingBehind() throws Exception {
        int starts = Fault.size(6, 1000);
        // Built once before the census: the first use of FaultServer loads classes whose jars the class loader then
        // keeps open, which would count as descriptors the serve cycles left.
        FaultServer.launcher("serve");
        ProcessCensus before = ProcessCensus.take();
        List<Long> hosted = new ArrayList<>();
        int terms = 0;
        for (int i = 0; i < starts; i++) {
            int port;
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = free.getLocalPort();
            }
            Process serve = startServe(port);
            try {
                hosted.add(hostedPid(serve, port));
            } finally {
                boolean term = i % 2 == 0; // SIGTERM (clean shutdown) and SIGKILL (nothing runs) in turn
                terms += term ? 1 : 0;
                if (term) {
                    serve.destroy();
                } else {
                    serve.destroyForcibly();
                }
                assertThat(serve.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)).as("serve ended").isTrue();
            }
        }
        // The hosted programs' ends are events: wait for each (bounded), then count what is left.
        for (long pid : hosted) {
            Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            if (handle.isPresent()) {
                handle.get().onExit().completeOnTimeout(null, Bounds.HANG.toSeconds(), TimeUnit.SECONDS).join();
            }
        }
        long alive = hosted.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .count();
        ProcessCensus after = ProcessCensus.settle(c -> c.children() == 0 && c.fds() <= before.fds(), 50);
        assertThat(alive).as("hosted programs that outlived their serve").isZero();
        assertThat(after.zombies()).as("zombies").isZero();
        assertThat(after.children()).as("child processes left").isZero();
        assertThat(after.fds()).as("open descriptors").isLessThanOrEqualTo(before.fds());
        Fault.report("lifecycle", starts + " `ptyctl serve` starts, killed with SIGTERM (" + terms + ") and SIGKILL ("
                + (starts - terms) + ")", "hosted programs left alive 0, zombies 0, fds " + before.fds() + " → "
                + after.fds(), "LifecycleFaultTest");
    }

    private static Process startServe(int port) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(FaultServer.launcher("serve", "--cmd", "sleep 1000", "--port",
                String.valueOf(port))).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().remove("PTYCTL_RPC");
        return builder.start();
    }

    /** Waits for serve's address line, then asks the endpoint for the hosted program's pid. */
    private static long hostedPid(Process serve, int port) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder printed = new StringBuilder();
        for (String line = out.readLine(); line == null || !line.contains("serving"); line = out.readLine()) {
            assertThat(line).as("serve's output before it listens: %s", printed).isNotNull();
            printed.append(line).append('\n');
        }
        Thread.ofPlatform().daemon().start(() -> {
            try {
                out.transferTo(java.io.Writer.nullWriter());
            } catch (java.io.IOException ignored) {
                // serve ended
            }
        });
        try (Socket rpc = new Socket(InetAddress.getLoopbackAddress(), port)) {
            rpc.getOutputStream().write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\"}\n"
                    .getBytes(StandardCharsets.UTF_8));
            String reply = new BufferedReader(new InputStreamReader(rpc.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            return JsonSupport.parseObject(reply).getJsonObject("result").getJsonNumber("pid").longValue();
        }
    }

}
