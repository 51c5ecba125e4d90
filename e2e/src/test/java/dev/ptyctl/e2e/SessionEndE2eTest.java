package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Bounds;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a served terminal ends: the program exits by itself, a client kills it, or the server is stopped. */
class SessionEndE2eTest {

    @Test
    void afterTheProgramExitsItsCodeIsKeptAndTheLastScreenStaysReadable() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp(JsonRpcE2eTest.BASH); RawRpc rpc = served.connect()) {
            rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}");
            rpc.call("pty/write", "{\"action\":[{\"text\":\"echo goodbye; exit 3\"},{\"key\":\"Enter\"}]}");
            // wait returns at once when the session has ended, whatever it was waiting for
            rpc.call("pty/wait", "{\"match\":\"never shown\",\"timeout\":20000}");
            JsonObject status = rpc.call("pty/status", "{}");
            assertThat(status.getBoolean("running")).isFalse();
            assertThat(status.getInt("exitCode")).isEqualTo(3);

            assertThat(rpc.call("pty/read", "{}").getString("screen")).contains("goodbye\n");
            JsonObject waited = rpc.call("pty/wait", "{\"match\":\"never shown\",\"timeout\":60000}");
            assertThat(waited.getBoolean("matched")).isFalse();
            assertThat(waited.getInt("waitedMs")).isLessThan(60000);

            assertThat(rpc.callError("pty/write", "{\"action\":{\"text\":\"x\"}}").getInt("code")).isEqualTo(-32000);
            assertThat(rpc.callError("pty/resize", "{\"cols\":80,\"rows\":24}").getInt("code")).isEqualTo(-32000);
            // the endpoint stays up until pty/kill
            rpc.call("pty/kill", "{}");
            assertThat(served.awaitEnd()).isEqualTo(ServedTerminal.CLEAN_END);
        }
    }

    @Test
    void killEndsTheProgramClosesTheConnectionAndServeExitsZero() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp("sleep 600"); RawRpc rpc = served.connect();
                RawRpc bystander = served.connect()) {
            long pid = rpc.call("pty/status", "{}").getJsonNumber("pid").longValue();
            assertThat(Path.of("/proc/" + pid)).exists();

            JsonObject response = rpc.request("pty/kill", "{}");
            assertThat(response.getJsonObject("result")).isEmpty();
            assertThat(rpc.closedByServer()).isTrue();
            assertThat(served.awaitEnd()).isEqualTo(ServedTerminal.CLEAN_END);
            assertThat(Path.of("/proc/" + pid)).doesNotExist();
            assertThat(bystander.closedByServer()).isTrue();
        }
    }

    @Test
    void stoppingServeHangsUpTheHostedProgramAndItsChildren(@TempDir Path dir) throws Exception {
        Path pidFile = dir.resolve("child.pid");
        try (ServedTerminal served = ServedTerminal.tcp("bash --norc --noprofile -c 'sleep 600 & echo $! > " + pidFile
                + "; wait'"); RawRpc rpc = served.connect()) {
            long shell = rpc.call("pty/status", "{}").getJsonNumber("pid").longValue();
            awaitFile(pidFile);
            long child = Long.parseLong(Files.readString(pidFile).strip());
            served.stop(); // SIGTERM to serve (remote: the terminal is deleted)
            assertThat(served.awaitStopped()).isTrue();
            assertThat(Path.of("/proc/" + shell)).doesNotExist();
            awaitGone(child);
        }
    }

    @Test
    void unixSocketIsPrivateToItsOwnerAndRemovedOnKill(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("term.sock");
        try (ServedTerminal served = ServedTerminal.unix(JsonRpcE2eTest.BASH, socket); RawRpc rpc = served.connect()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket))).isEqualTo("rw-------");
            assertThat(rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}").getBoolean("matched")).isTrue();
            rpc.call("pty/write", "{\"action\":[{\"text\":\"echo over-unix\"},{\"key\":\"Enter\"}]}");
            assertThat(rpc.call("pty/wait", "{\"match\":\"\\nover-unix\\n\"}").getBoolean("matched")).isTrue();
            rpc.request("pty/kill", "{}");
            assertThat(served.awaitEnd()).isEqualTo(ServedTerminal.CLEAN_END);
            assertThat(socket).doesNotExist();
        }
    }

    @Test
    void theShellStartsWithTheTerminalEnvironmentSizeAndDirectory(@TempDir Path dir) throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp(JsonRpcE2eTest.BASH, "--cols", "90", "--rows", "20",
                "--cwd", dir.toString()); RawRpc rpc = served.connect()) {
            rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}");
            rpc.call("pty/write", "{\"action\":[{\"text\":\"echo \\\"T=$TERM C=$COLORTERM D=$PWD S=$(stty size)\\\"\"},"
                    + "{\"key\":\"Enter\"}]}");
            String expected = "T=xterm-256color C=truecolor D=" + dir.toRealPath() + " S=20 90";
            assertThat(rpc.call("pty/wait", "{\"match\":\"\\n" + expected + "\\n\"}").getBoolean("matched"))
                    .as("screen: %s", rpc.call("pty/read", "{}").getString("screen")).isTrue();
            assertThat(rpc.call("pty/read", "{}").getJsonObject("size").toString()).isEqualTo("{\"cols\":90,\"rows\":20}");
        }
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Bounds.HANG.toNanos();
        while (!(Files.exists(file) && file.toFile().length() > 0) && System.nanoTime() < deadline) {
            Thread.sleep(50); // polling a file written by another process: there is no event to await
        }
        assertThat(file).as("written by the hosted program within %d s (load average %s)", Bounds.HANG.toSeconds(),
                Bounds.loadAverage()).isNotEmptyFile();
    }

    private static void awaitGone(long pid) throws InterruptedException {
        // The process group was sent SIGHUP/SIGKILL; the child is reparented to init and reaped there.
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            try {
                handle.get().onExit().get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new AssertionError("process " + pid + " outlived the server by " + Bounds.HANG.toSeconds()
                        + " s (load average " + Bounds.loadAverage() + ")", e);
            }
        }
    }
}
