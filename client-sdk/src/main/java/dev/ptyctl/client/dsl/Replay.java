package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.vt.Terminal;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A recording played through the emulator, offering what a live terminal offers to a test, without the program:
 * the same locators, {@link #screen()}, {@link #assertScreen()}, snapshots ({@link
 * TerminalAssertions#assertThat(Replay)}) and {@link #commands()}, all on the screen the recording ends on. Use it to
 * check golden files again after an emulator upgrade, or to turn a user's recording of a bug into a regression test.
 *
 * <pre>{@code
 * Replay bug = Replay.of(Path.of("src/test/resources/issue-412.cast"));
 * assertThat(bug.getByText("Saved")).isVisible();
 * assertThat(bug).matchesSnapshot();
 * }</pre>
 *
 * <p>It reads asciicast v2 files (what {@code ptyctl server} records, {@link TerminalDriver#recording()}, and
 * asciinema writes): {@code o} events are fed as output, {@code r} events resize, others are skipped. Assertions on
 * a replay do not wait: its screen never changes.
 */
public final class Replay {
    private final Terminal terminal;
    private final CommandLog commands = new CommandLog();
    private final SnapshotOwner owner = new SnapshotOwner();
    private final ScreenSource source = new ReplaySource();

    private Replay(int cols, int rows) {
        this.terminal = new Terminal(cols, rows);
    }

    /**
     * Plays an asciicast v2 file.
     *
     * @throws UncheckedIOException     when it cannot be read
     * @throws IllegalArgumentException when it is not asciicast v2, naming the line
     */
    public static Replay of(Path cast) {
        try {
            return parse(cast.toString(), Files.readString(cast, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read recording " + cast, e);
        }
    }

    /** Plays the text of an asciicast v2 file ({@code name} is for messages). */
    public static Replay ofText(String name, String cast) {
        return parse(name, cast);
    }

    private static Replay parse(String name, String cast) {
        List<String> lines = cast.lines().toList();
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(name + " is empty, not an asciicast v2 recording");
        }
        JsonObject header = json(name, 1, lines.getFirst()).asJsonObject();
        if (header.getInt("version", 0) != 2 || !header.containsKey("width") || !header.containsKey("height")) {
            throw new IllegalArgumentException(name + ":1: not an asciicast v2 header (version 2, width, height)");
        }
        Replay replay = new Replay(header.getInt("width"), header.getInt("height"));
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                replay.event(name, i + 1, json(name, i + 1, lines.get(i)));
            }
        }
        return replay;
    }

    private static jakarta.json.JsonValue json(String name, int line, String text) {
        try {
            return JsonSupport.parseValue(text);
        } catch (JsonException e) {
            throw new IllegalArgumentException(name + ":" + line + ": not JSON: " + e.getMessage(), e);
        }
    }

    private void event(String name, int line, jakarta.json.JsonValue value) {
        if (!(value instanceof JsonArray event) || event.size() < 3 || !(event.get(1) instanceof JsonString code)
                || !(event.get(2) instanceof JsonString data)) {
            throw new IllegalArgumentException(name + ":" + line + ": an event is [time, code, data]");
        }
        long nanos = (long) (event.getJsonNumber(0).doubleValue() * 1e9);
        switch (code.getString()) {
            case "o" -> {
                byte[] bytes = data.getString().getBytes(StandardCharsets.UTF_8);
                terminal.feed(bytes);
                commands.feed(bytes, 0, bytes.length, nanos);
            }
            case "r" -> {
                String[] size = data.getString().split("x");
                try {
                    terminal.resize(Integer.parseInt(size[0].strip()), Integer.parseInt(size[1].strip()));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException(name + ":" + line + ": a resize is \"COLSxROWS\", got "
                            + data.getString(), e);
                }
            }
            default -> {
                // input ("i"), markers ("m") and other events change nothing on the screen
            }
        }
    }

    /** Text on the screen the recording ends on (see {@link TerminalDriver#getByText}). */
    public Locator getByText(String text) {
        return Locator.text(source, text);
    }

    /** A regular expression, within each row (see {@link TerminalDriver#getByRegex}). */
    public Locator getByRegex(String regex) {
        return Locator.regex(source, regex);
    }

    /** Runs of cells with a style (see {@link TerminalDriver#getByStyle}). */
    public Locator getByStyle(Style style) {
        return Locator.style(source, style);
    }

    /** The screen the recording ends on. */
    public Screen screen() {
        return Cells.of(terminal).toScreen();
    }

    /** Assertions on that screen; their {@code and()} has no terminal to go back to and returns {@code null}. */
    public ScreenAssert assertScreen() {
        return new ScreenAssert(screen(), null);
    }

    /** The commands the recorded shell ran, with their exit codes, durations (recording time) and directories. */
    public List<Command> commands() {
        return commands.commands(terminal.cols());
    }

    /** Names the test, for snapshot files (as {@link TerminalDriver#testName}); else the calling test method. */
    public Replay testName(Class<?> testClass, String testName) {
        owner.set(testClass, testName);
        return this;
    }

    /** Where the snapshot settings are read (as {@link TerminalDriver#settings}): system properties by default. */
    public Replay settings(Function<String, Optional<String>> lookup) {
        owner.settings(lookup);
        return this;
    }

    ScreenSource source() {
        return source;
    }

    /** The recording's last screen, checked once: it never changes. */
    private final class ReplaySource implements ScreenSource {
        @Override
        public <T> LiveScreen.Outcome<T> await(Function<Cells, Optional<T>> condition, Duration timeout) {
            Cells cells = cells();
            return new LiveScreen.Outcome<>(cells, condition.apply(cells));
        }

        @Override
        public Cells cells() {
            return Cells.of(terminal);
        }

        @Override
        public Duration defaultTimeout() {
            return Duration.ZERO;
        }

        @Override
        public TerminalAssertionError failure(String expectation) {
            return failure(expectation, null, List.of());
        }

        @Override
        public TerminalAssertionError failure(String expectation, LiveScreen.Outcome<?> wait,
                                              List<ScreenDump.Underline> found) {
            return new TerminalAssertionError(expectation + " (in a replay)", screen(),
                    dev.ptyctl.vt.serialize.VtSerializer.serializeBytes(terminal), found);
        }

        @Override
        public SnapshotOwner snapshotOwner() {
            return owner;
        }

        @Override
        public List<ScrollbackLine> scrollback() {
            return Cells.scrollbackLines(terminal);
        }
    }
}
