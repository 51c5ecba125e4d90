package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A server under a task limit (systemd's {@code TasksMax}, a container's pids limit) with nothing to spare: a create
 * is refused at once with 503 {@code task_limit} naming the limit, a resize that needs a thread says the same, the
 * server goes on answering, no program is left behind, and everything works again once the limit is raised.
 *
 * <p>The servers run interpreted with the serial collector: the JVM's own threads that come and go with load
 * (compilers, GC workers) would otherwise take or free a task of the few the tests leave, and decide which of the
 * server's threads fails first.
 */
class TaskLimitFaultTest {
    private static final List<String> STEADY_THREADS = List.of("-Xint", "-XX:+UseSerialGC");
    /**
     * Longer than the JDK's 30 s keep-alive of an idle virtual-thread carrier, and than the 30 s after which a
     * terminal's reader, screen and writer threads end: what an idle server keeps after that is what it has to
     * serve with.
     */
    private static final Duration IDLE = Duration.ofSeconds(36);

    @Test
    void anIdleServerAtItsTaskLimitRefusesACreateWith503AndKeepsServing() throws Exception {
        // Until 5 Dec 2026 the idle server had no virtual-thread carrier left and could not start one: Helidon's
        // listener took the failure for the end of its socket, and the port never answered again.
        try (FaultServer server = FaultServer.startProcess(Map.of(), List.of(), STEADY_THREADS)) {
            FaultServer.Answer kept = server.create("kept", "/bin/sh", List.of("-c", "exec cat"));
            assertThat(kept.status()).as(kept.body()).isEqualTo(201);
            String keptId = kept.json().getString("terminalId");
            try (TaskLimit limit = TaskLimit.around(server.pid(), getClass().getSimpleName())) {
                // The idle spell itself is the condition under test; no event marks the carriers' time-out.
                Thread.sleep(IDLE);
                long tasks = limit.current();
                limit.limit(tasks); // nothing to spare
                assertThat(server.getOnNewConnection("/observe/health/live").status())
                        .as("a new client's first request").isEqualTo(200);
                long start = System.nanoTime();
                FaultServer.Answer refused = server.create("no-room", "/bin/sh", List.of("-c", "cat"));
                long refusedMillis = (System.nanoTime() - start) / 1_000_000;
                assertThat(refused.status()).as(refused.body()).isEqualTo(503);
                assertThat(refused.json().getString("error")).isEqualTo("task_limit");
                assertThat(refused.json().getString("message")).startsWith("the server's task limit is reached: "
                        + tasks + " of " + tasks + " tasks in use (").contains("pids.max").contains("TasksMax")
                        .contains("close terminals");
                assertThat(server.getOnNewConnection("/observe/health/live").status()).isEqualTo(200);
                FaultServer.Answer ready = server.get("/observe/health/ready");
                assertThat(ready.status()).as(ready.body()).isEqualTo(503);
                assertThat(ready.body()).contains("\"tasks\":\"the server's task limit is reached");

                // Its writer thread ended while idle: a resize needs a new one.
                JsonObject resize = server.post("/v1/terminals/" + keptId + "/rpc", RESIZE).json();
                assertThat(resize.getJsonObject("error").getString("message")).as(resize.toString())
                        .contains("the server cannot start another thread").contains("TasksMax")
                        .doesNotContain("\tat ");
                assertThat(server.get("/v1/terminals/" + keptId).json().getBoolean("running"))
                        .as("the terminal whose resize was refused").isTrue();
                assertThat(ServerCensus.counts(server.pid()).descendants()).as("programs").isEqualTo(1);
                Fault.report("limits", "an idle server (36 s) in a pids cgroup capped at its " + tasks + " tasks",
                        "create 503 task_limit in " + refusedMillis + " ms; resize refused naming the limit; live "
                                + "200, ready 503 naming the tasks; the terminal already there still running", "TaskLimitFaultTest");

                limit.limit(-1);
                assertThat(server.get("/observe/health/ready").status()).as("ready once the limit is lifted")
                        .isEqualTo(200);
                assertThat(server.post("/v1/terminals/" + keptId + "/rpc", RESIZE).json().containsKey("result"))
                        .as("the resize once the limit is lifted").isTrue();
                LifecycleFaultTest.endedTerminal(server, "after");
            }
        }
    }

    @Test
    void aFirstCreateAtTheTaskLimitIsRefusedWith503AndTheNextOneWorks() throws Exception {
        // A server's first create loaded JNA and pty4j and started the threads every terminal shares. At the limit,
        // JNA's cleaner thread could not start and pty4j's PtyHelpers failed to initialise: a class that failed to
        // initialise stays failed, so every create after, with the limit lifted too, was 500 spawn_failed "Cannot
        // load implementation of interface com.pty4j.unix.PtyHelpers$OSFacade" while the health check said UP.
        // Those threads now start with the server, and a create is refused before anything starts.
        try (FaultServer server = FaultServer.startProcess(Map.of(), List.of(), STEADY_THREADS)) {
            long masters = ptyMasters(server.pid());
            try (TaskLimit limit = TaskLimit.around(server.pid(), getClass().getSimpleName())) {
                limit.limit(limit.current() + 1); // room for the program, not for it and its threads
                FaultServer.Answer refused = server.create("no-reader", "/bin/sh",
                        List.of("-c", "trap '' HUP; exec sleep 1000"));
                assertThat(refused.status()).as(refused.body()).isEqualTo(503);
                assertThat(refused.json().getString("message")).contains("task limit").contains("TasksMax");
                ServerCensus after = ServerCensus.counts(server.pid());
                assertThat(after.descendants()).as("programs left running").isZero();
                assertThat(after.zombies()).as("zombies").isZero();
                // Not all descriptors: the first create opens some for good (the shell integration's folder, jars).
                assertThat(ptyMasters(server.pid())).as("PTYs the server holds open").isEqualTo(masters);
                Fault.report("limits", "a fresh server's first create in a pids cgroup with room for one task",
                        "503 task_limit; programs left 0, PTYs held " + masters + " → " + ptyMasters(server.pid()),
                        "TaskLimitFaultTest");
            }
            LifecycleFaultTest.endedTerminal(server, "after");
        }
    }

    /** How many PTY masters process {@code pid} holds open. */
    private static long ptyMasters(long pid) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().equals("/dev/ptmx");
                } catch (IOException gone) {
                    return false; // closed since the listing
                }
            }).count();
        }
    }

    private static final String RESIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/resize\","
            + "\"params\":{\"cols\":90,\"rows\":20}}";
}
