package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.SpawnOptions;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shell started with ptyctl's integration in a temporary HOME, recording its raw output so tests can read the OSC
 * sequences each command line produced.
 */
final class IntegratedShell implements AutoCloseable {
    private static final Pattern OSC = Pattern.compile("\u001b\\]([0-9]+);([^\u0007]*)\u0007");
    private static final long BOUND_NANOS = 20_000_000_000L;

    private final PtySession session;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final PromptTracker prompts = new PromptTracker(true);

    /** Starts {@code shell} (e.g. "bash") with HOME = {@code home}; waits for a screen row ending in "ready$". */
    IntegratedShell(String shell, Path home) throws Exception {
        this(shell, home, Map.of());
    }

    /**
     * {@link #IntegratedShell(String, Path)} with {@code userEnvironment} added to what the server would pass on, as
     * a user's exported variables are.
     */
    IntegratedShell(String shell, Path home, Map<String, String> userEnvironment) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString(),
                "HISTFILE", home.resolve(".history").toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString()));
        env.putAll(userEnvironment);
        var launch = ShellIntegration.integrate(List.of(shell), env);
        env.putAll(launch.environment());
        session = PtySession.spawn(SpawnOptions.of(launch.command()).withCwd(home).withEnvironment(env));
        session.addScreenListener(prompts);
        session.addScreenListener((data, off, len, seq) -> {
            synchronized (output) {
                output.write(data, off, len);
            }
        });
        await(() -> screen().lines().anyMatch(row -> row.endsWith("ready$")), "a ready$ prompt");
    }

    String screen() {
        return session.inspect(TextSerializer::screen);
    }

    /**
     * Types a line and waits until the shell has drawn its next prompt (the OSC 133 B that ends it); returns the
     * OSC sequences the line produced, as "number;payload".
     */
    List<String> run(String line) throws Exception {
        int from = outputSize();
        session.write((line + "\r").getBytes(StandardCharsets.UTF_8));
        await(() -> rawSince(from).contains("\u001b]133;B\u0007"), "a prompt after " + line);
        return oscSince(from);
    }

    /**
     * Writes {@code input} as it is and waits until the output after it holds the OSC sequence {@code mark} (as
     * "number;payload"); returns the OSC sequences so far, as {@link #run} does.
     */
    List<String> typeUntil(String input, String mark) throws Exception {
        int from = outputSize();
        session.write(input.getBytes(StandardCharsets.UTF_8));
        await(() -> rawSince(from).contains("\u001b]" + mark + "\u0007"), mark + " after " + input);
        return oscSince(from);
    }

    /**
     * Writes {@code input} as it is and waits until the server's tracker has seen a new prompt (an A and the B that
     * ends it); returns the OSC sequences so far, as {@link #run} does.
     */
    List<String> typeUntilNewPrompt(String input) throws Exception {
        int from = outputSize();
        long before = prompts.lastPromptSeq();
        session.write(input.getBytes(StandardCharsets.UTF_8));
        await(() -> prompts.lastPromptSeq() > before, "a new prompt after " + input);
        return oscSince(from);
    }

    /**
     * Writes {@code input} as it is and waits until the screen shows {@code text}; returns the OSC sequences the output
     * held meanwhile, as {@link #run} does (for a program that draws no marks of its own, such as a nested shell).
     */
    List<String> typeUntilShown(String input, String text) throws Exception {
        int from = outputSize();
        session.write(input.getBytes(StandardCharsets.UTF_8));
        await(() -> screen().contains(text), text + " after " + input);
        return oscSince(from);
    }

    private List<String> oscSince(int from) {
        List<String> osc = new ArrayList<>();
        Matcher m = OSC.matcher(rawSince(from));
        while (m.find()) {
            osc.add(m.group(1) + ";" + m.group(2));
        }
        return osc;
    }

    /**
     * Types {@code lines}, each followed by Enter, in one write (a command spread over several lines, as a paste
     * would bring it), and waits until a command has ended and the next prompt is drawn.
     */
    void runLines(String... lines) throws Exception {
        int from = outputSize();
        session.write((String.join("\r", lines) + "\r").getBytes(StandardCharsets.UTF_8));
        await(() -> {
            String raw = rawSince(from);
            int end = raw.lastIndexOf("\u001b]133;D");
            return end >= 0 && raw.indexOf("\u001b]133;B\u0007", end) >= 0;
        }, "a finished command and a prompt after " + String.join(" / ", lines));
    }

    /** Resizes the terminal, as a client does. */
    void resize(int cols, int rows) throws Exception {
        session.resize(cols, rows);
    }

    /**
     * The lines the emulator marked as a prompt's (main screen and scrollback, oldest first): each one's text, then
     * " A" and, once its command ended, the exit code, as the gutter marks and the vt serialization show them.
     */
    List<String> markedLines() {
        return session.inspect(terminal -> {
            Screen main = terminal.emulator().mainScreen();
            List<String> marked = new ArrayList<>();
            for (int i = 0; i < main.scrollback().size() + terminal.rows(); i++) {
                Line line = main.lineAtBufferIndex(i);
                long mark = line.promptMark();
                if (mark != 0) {
                    marked.add(line.text().strip() + " A" + ((mark & Line.EXIT_CODE) != 0 ? (int) mark : ""));
                }
            }
            return marked;
        });
    }

    /** The shell's prompt marks as the server tracks them, fed from the start. */
    PromptTracker prompts() {
        return prompts;
    }

    private int outputSize() {
        synchronized (output) {
            return output.size();
        }
    }

    private String rawSince(int from) {
        synchronized (output) {
            byte[] bytes = output.toByteArray(); // from is a byte offset: decode only what follows it
            return new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
        }
    }

    /** Waits, woken by output, until {@code condition} holds. */
    private void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND_NANOS;
        while (true) {
            SessionProgress progress = session.progress();
            if (condition.getAsBoolean()) {
                return;
            }
            assertThat(System.nanoTime()).as("never saw %s; screen:%n%s", what, screen()).isLessThan(deadline);
            session.awaitChange(progress.outputSeq(), deadline);
        }
    }

    /** For filtering the sequences {@link #run} returns. */
    static Predicate<String> startsWith(String prefix) {
        return s -> s.startsWith(prefix);
    }

    @Override
    public void close() {
        session.close();
    }
}
