package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.e2e.dsl.CuttableProxy;
import dev.ptyctl.testsupport.Bounds;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code ptyctl follow ID}, tmux's {@code pipe-pane} and {@code tail -f} for a terminal of the server: the output from
 * an offset on, byte for byte, across a connection cut in the middle, until the program exits.
 */
@ResourceLock(Ptyctl.OWN_SERVERS)
class FollowE2eTest {
    /** A program that answers each line typed, and exits 7 after "end". */
    private static final String ANSWERING = "while read line; do echo \"got-$line\"; [ \"$line\" = end ] && exit 7; done";

    @Test
    void followCopiesTheOutputFromAnOffsetOnAcrossACutConnectionUntilTheProgramExits() throws Exception {
        assumeFalse(RemoteServer.active(), "local by nature: a proxy in front of a local server is cut");
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0");
             TerminalsClient terminals = TerminalsClient.builder().baseUrl(server.url()).build();
             CuttableProxy proxy = CuttableProxy.to(URI.create(server.url()))) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("follow")
                    .command("sh", "-c", ANSWERING).build());
            try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                typeLine(rpc, "before");
                rpc.waitFor(dev.ptyctl.client.WaitRequest.builder().match("got-before").timeout(Bounds.HANG).build());
                long from = terminals.get(terminal.terminalId()).nextOutputSeq();

                Process follow = new ProcessBuilder(Ptyctl.command("follow", "follow", "--since",
                        Long.toString(from), "--url", proxy.url().toString())).start(); // the session's name
                try {
                    Streamed out = new Streamed(follow.getInputStream());
                    Streamed err = new Streamed(follow.getErrorStream());
                    typeLine(rpc, "one");
                    out.await("got-one\r\n");
                    proxy.down();
                    err.await("ptyctl: the connection to " + terminal.terminalId() + " dropped (");
                    typeLine(rpc, "two"); // while nothing gets through
                    rpc.waitFor(dev.ptyctl.client.WaitRequest.builder().match("got-two").timeout(Bounds.HANG).build());
                    proxy.up();
                    out.await("got-two\r\n");
                    err.await("ptyctl: reconnected to " + terminal.terminalId());
                    typeLine(rpc, "end");
                    assertThat(follow.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)).as("follow ended").isTrue();

                    assertThat(follow.exitValue()).as(err.text()).isZero();
                    assertThat(err.text()).contains("ptyctl: the program in " + terminal.terminalId()
                            + " exited with 7");
                    assertThat(out.text()).as("the output after the offset, each byte once")
                            .isEqualTo("one\r\ngot-one\r\ntwo\r\ngot-two\r\nend\r\ngot-end\r\n");
                } finally {
                    follow.destroyForcibly();
                }
            }
        }
    }

    @Test
    void anUnknownTerminalIsRefusedAndAnOffsetBeyondTheOutputIsAUsageError() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("e2e-follow-token")) {
            Map<String, String> env = server.cliEnvironment();
            var unknown = Ptyctl.run(env, "follow", "no-such-terminal");
            assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(4);
            assertThat(unknown.stderr()).contains("no terminal with id or session no-such-terminal");

            String id = Ptyctl.newTerminal(env, "--", "sh", "-c", "echo hi; read x");
            var beyond = Ptyctl.run(env, "follow", id, "--since", "999999");
            assertThat(beyond.exitCode()).as(beyond.toString()).isEqualTo(2);
            assertThat(beyond.stderr()).contains("--since 999999 is beyond the output of " + id);
            Ptyctl.run(env, "rm", id).assertExit(0);
        }
    }

    /**
     * {@code ptyctl follow --text}: a coloured program's output as a log reader wants it, colours, title and cursor
     * moves gone, each line ending in a plain newline, a progress line redrawn after a carriage return one line a
     * drawing. Without --text the same output comes byte for byte.
     */
    @Test
    void followTextPrintsTheOutputAsPlainText() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("e2e-follow-token")) {
            Map<String, String> env = server.cliEnvironment();
            String id = Ptyctl.newTerminal(env, "--", "sh", "-c", "printf '\\033]0;a title\\007"
                    + "\\033[1;31mred\\033[0m and \\033[38;2;0;255;0mgreen\\033[0m\\n"
                    + "50%%\\r100%%\\n\\033[2K\\033[1Gdone\\tok\\n"
                    // a progress bar redrawn as Node's readline.cursorTo(0) does, rows placed as a full-screen program
                    // places them, and a move within the line (no break)
                    + "\\033[2K\\033[1G10%% done\\033[2K\\033[1G100%% done\\n"
                    + "\\033[5;1Hrow five\\033[6;1Hrow six\\033[3Cend\\n'; exit 3");

            var text = Ptyctl.run(env, "follow", "--text", id, "--since", "0");
            assertThat(text.exitCode()).as(text.toString()).isZero();
            assertThat(text.stdout()).isEqualTo("red and green\n50%\n100%\ndone\tok\n"
                    + "10% done\n100% done\nrow five\nrow sixend\n");
            assertThat(text.stderr()).contains("ptyctl: the program in " + id + " exited with 3");

            var raw = Ptyctl.run(env, "follow", id, "--since", "0");
            assertThat(raw.stdout()).as("without --text").startsWith("\u001b]0;a title\u0007\u001b[1;31mred\u001b[0m")
                    .contains("50%\r100%\r\n");
            Ptyctl.run(env, "rm", id).assertExit(0);
        }
    }

    /**
     * {@code ptyctl follow ID | head}: once head has its lines the follower ends, also when the program writes nothing
     * more (it used to wait for the next output, which a quiet shell never makes).
     */
    @Test
    void followEndsQuietlyWhenItsReaderGoesAwayWhileTheProgramIsQuiet() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("e2e-follow-token")) {
            Map<String, String> env = server.cliEnvironment();
            String id = Ptyctl.newTerminal(env, "--", "sh", "-c", "echo quiet-now; read x");
            ProcessBuilder builder = new ProcessBuilder(Ptyctl.command("follow", id, "--since", "0"));
            builder.environment().putAll(env);
            Process follow = builder.start();
            try {
                Streamed err = new Streamed(follow.getErrorStream());
                InputStream out = follow.getInputStream();
                byte[] first = new byte[1];
                assertThat(out.read(first)).as("follow printed the output kept").isEqualTo(1);
                out.close(); // as head does after its lines: the pipe has no reader any more
                assertThat(follow.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS))
                        .as("follow ended without waiting for more output; stderr: %s", err.text()).isTrue();
                assertThat(follow.exitValue()).as(err.text()).isZero();
                assertThat(err.text()).as("nothing said about a broken pipe").isEmpty();
            } finally {
                follow.destroyForcibly();
                Ptyctl.run(env, "rm", id).assertExit(0);
            }
        }
    }

    private static void typeLine(RpcClient rpc, String line) throws IOException {
        rpc.write(Action.text(line), Action.key(Key.ENTER));
    }

    /** What a process wrote on one of its streams, read as it comes. */
    private static final class Streamed {
        private final StringBuilder text = new StringBuilder();

        Streamed(InputStream in) {
            Thread.ofVirtual().start(() -> {
                byte[] buffer = new byte[4096];
                try (in) {
                    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                        synchronized (this) {
                            text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                            notifyAll();
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
            });
        }

        synchronized String text() {
            return text.toString();
        }

        /** Waits until the stream has shown {@code expected}. */
        synchronized void await(String expected) throws InterruptedException {
            long deadline = System.nanoTime() + Bounds.HANG.toNanos();
            while (text.indexOf(expected) < 0) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new AssertionError("no \"" + expected + "\" within " + Bounds.HANG + "; got: "
                            + text);
                }
                wait(left);
            }
        }
    }
}
