package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ptyctl serve} with the real single-terminal server, driven by the client verbs over its
 * Unix socket: the whole command line against a real PTY, in one JVM.
 */
class ServeRoundTripTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void serveHostsTheCommandUntilKilledAndTheClientVerbsDriveIt(@TempDir Path dir) throws Exception {
        Serve serve = Serve.start(dir, "sh", 80, 24);
        assertThat(serve.firstLine()).startsWith("ptyctl: serving \"sh\" on ").contains(serve.target());

        String target = serve.target();
        assertThat(Cli.run("status", "--socket", target).out()).startsWith("running pid=");
        // Typed before sh has drawn its first prompt, the command is echoed by the terminal at once and the prompt
        // lands after it, on the output's row ("# sum-42"); a user waits for the prompt first, and so does this.
        assertThat(Cli.run("wait", "--socket", target, "--match", "^[$#]$", "--regex", "--timeout", "20000")
                .exitCode()).isZero();
        assertThat(Cli.run("write", "--socket", target, "--text", "echo sum-$((40+2))", "--key", "Enter").exitCode())
                .isZero();
        assertThat(Cli.run("wait", "--socket", target, "--match", "sum-42", "--timeout", "20000").exitCode())
                .isZero();
        assertThat(Cli.run("read", "--socket", target).out()).contains("echo sum-$((40+2))\nsum-42\n");
        assertThat(Cli.run("write", "--socket", target, "--text", "printf '\\033[1;31m%s\\033[0m\\n' red-text",
                "--key", "Enter").exitCode()).isZero();
        assertThat(Cli.run("wait", "--socket", target, "--match", "\nred-text", "--timeout", "20000").exitCode())
                .isZero();
        // read -e: the terminal as escape sequences, its colours kept, that redraw the same text
        Cli.Result vt = Cli.run("read", "-e", "--socket", target);
        assertThat(vt.exitCode()).as(vt.err()).isZero();
        assertThat(vt.out()).startsWith("\u001bc").containsPattern("\u001b\\[[0-9;]*31[0-9;]*mred-text");
        assertRedrawsTheText(vt.out(), 80, 24, target);
        Cli.Result selected = Cli.run("read", "--vt", "--socket", target, "--bottom", "2");
        assertThat(selected.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(selected.err()).contains("--vt prints the whole terminal (screen and scrollback); it takes no "
                + "--bottom");
        assertThat(Cli.run("resize", "--socket", target, "100", "30").exitCode()).isZero();
        assertThat(Cli.run("read", "--socket", target, "--json").out()).contains("\"cols\":100", "\"rows\":30");

        assertThat(Cli.run("kill", "--socket", target).exitCode()).isZero();
        assertThat(serve.exit().get(30, TimeUnit.SECONDS)).isZero();
        assertThat(serve.err().toString()).isEmpty();
    }

    /**
     * {@code read -e} of a terminal coloured at every cell (lolcat's output, say): 8,000 lines of 120 cells, each in a
     * 24-bit colour of its own, are a JSON-RPC answer of about 21 million characters, past the 15,000,000 that the JSON
     * parser takes by default; the client reads it whole (it failed with "sent something that is not a JSON-RPC
     * response") and it redraws the same text.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void readVtTakesATerminalColouredAtEveryCell(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("colours.sh");
        Files.writeString(script, "awk 'BEGIN { for (i = 0; i < 8000; i++) { s = \"\"; for (j = 0; j < 120; j++)"
                + " s = s sprintf(\"\\033[38;2;%d;%d;%dmx\", (i + j) % 256, j * 2, i % 256);"
                + " print s \"\\033[0m\" } }'\necho colours-done\nexec cat\n");
        Serve serve = Serve.start(dir, "sh " + script, 120, 24);
        String target = serve.target();
        assertThat(Cli.run("wait", "--socket", target, "--match", "colours-done", "--timeout", "120000").exitCode())
                .isZero();

        Cli.Result vt = Cli.run("read", "-e", "--socket", target);
        assertThat(vt.exitCode()).as(vt.err()).isZero();
        assertThat(vt.out().length()).isGreaterThan(15_000_000);
        assertRedrawsTheText(vt.out(), 120, 24, target);

        assertThat(Cli.run("kill", "--socket", target).exitCode()).isZero();
        assertThat(serve.exit().get(30, TimeUnit.SECONDS)).isZero();
    }

    /** {@code read -e}'s escape sequences, fed to a terminal of the size, give its text as {@code read --scrollback}. */
    private static void assertRedrawsTheText(String vt, int cols, int rows, String target) {
        Terminal replay = new Terminal(cols, rows);
        replay.feed(vt.getBytes(StandardCharsets.UTF_8));
        assertThat(TextSerializer.withScrollback(replay)).isEqualTo(Cli.run("read", "--socket", target,
                "--scrollback").out());
    }

    /**
     * A {@code ptyctl serve} of {@code command} in this JVM, on a socket in {@code dir}, once it has said it serves.
     *
     * @param target    its socket, for the client verbs' {@code --socket}
     * @param firstLine what it printed first
     */
    private record Serve(String target, CompletableFuture<Integer> exit, StringWriter err, String firstLine) {
        static Serve start(Path dir, String command, int cols, int rows) throws Exception {
            String socket = dir.resolve("term.sock").toString();
            FirstLineWriter out = new FirstLineWriter();
            StringWriter err = new StringWriter();
            CommandLine serve = Main.newCommandLine(name -> null);
            serve.setOut(new PrintWriter(out));
            serve.setErr(new PrintWriter(err));
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> serve.execute("serve", "--cmd",
                    command, "--socket", socket, "--cols", String.valueOf(cols), "--rows", String.valueOf(rows),
                    "--cwd", dir.toString()));
            return new Serve(socket, exit, err, out.firstLine().get(30, TimeUnit.SECONDS));
        }
    }

    /** Collects output and completes a future with the first full line, so the test awaits it without polling. */
    private static final class FirstLineWriter extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final CompletableFuture<String> firstLine = new CompletableFuture<>();

        CompletableFuture<String> firstLine() {
            return firstLine;
        }

        @Override
        public synchronized void write(char[] chars, int offset, int length) {
            text.append(chars, offset, length);
            int newline = text.indexOf("\n");
            if (newline >= 0) {
                firstLine.complete(text.substring(0, newline));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
