package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Assertions on a terminal's screen that wait until they hold ({@link TerminalAssertions#assertThat(TerminalDriver)},
 * {@link TerminalAssertions#assertThat(Replay)}): golden files of its text and styles ({@link #matchesSnapshot()}),
 * where its cursor is ({@link #hasCursorAt}), its window title ({@link #hasTitle}) and its bells
 * ({@link #hasBellCount}). Each waits as a {@link LocatorAssert} does, woken by the output, at most
 * the driver's default timeout; on a replay it checks the last screen. ({@link ScreenAssert}, from
 * {@link TerminalDriver#assertScreen()}, checks one reading of the screen and does not wait.) Called
 * {@code SnapshotAssert} before it held more than snapshots; that name is kept, deprecated.
 *
 * <p>A snapshot's golden file is {@code __snapshots__/<TestClass>.<name>.snap} in the test class's source folder
 * ({@link SnapshotText} describes its content).
 *
 * <ul>
 *   <li>Missing: it is written from the screen as it is, and the assertion passes — except when the environment
 *       variable {@code CI} is {@code true}, where a missing golden file fails the test (a build server must not
 *       invent its own expectations; write them locally and commit them).</li>
 *   <li>{@code -Dptyctl.updateSnapshots=true}: every snapshot is rewritten from the screen.</li>
 *   <li>Otherwise the screen must match it: on a live terminal the assertion waits (woken by the output, at most the
 *       default timeout) for the screen to match, then fails with a line diff of the two.</li>
 * </ul>
 *
 * <pre>{@code
 * t.typeLine("htop").waitForSettled(Duration.ofMillis(300));
 * assertThat(t).matchesSnapshot("htop-start");
 * }</pre>
 */
@SuppressWarnings("deprecation") // extends SnapshotAssert, its old name, so that code declaring that type compiles
public final class TerminalAssert extends SnapshotAssert {
    /**
     * The setting that rewrites every snapshot: a system property, or under {@code @WithTerminal} also a JUnit
     * configuration parameter (the launcher's, or {@code junit-platform.properties}).
     */
    public static final String UPDATE_PROPERTY = "ptyctl.updateSnapshots";
    /** The setting (as {@link #UPDATE_PROPERTY}) naming the test source root when it is not {@code src/test/java} (or kotlin, groovy). */
    public static final String SOURCES_PROPERTY = "ptyctl.testSources";

    private final ScreenSource source;
    /** The rows the snapshots take in. */
    private final Region region;
    /** Whether snapshots keep the style layer. */
    private final boolean styles;

    TerminalAssert(ScreenSource source) {
        this(source, Region.all(), true);
    }

    private TerminalAssert(ScreenSource source, Region region, boolean styles) {
        this.source = source;
        this.region = region;
        this.styles = styles;
    }

    /**
     * The same assertions, with snapshots of the rows of {@code region} only: leave out what differs from run to run
     * and machine to machine (a status line naming a temporary file, a prompt with the host name and directory).
     * Rows keep their numbers; the file's header names the rows. {@link #hasCursorAt} still looks at the whole screen.
     *
     * <pre>{@code
     * assertThat(less).within(Region.rows(1, 23)).matchesSnapshot();   // not less's status line
     * }</pre>
     */
    @Override
    public TerminalAssert within(Region region) {
        if (!Objects.requireNonNull(region, "region").allColumns()) {
            throw new IllegalArgumentException("a snapshot takes whole rows, got " + region + ": within(Region.rows("
                    + region.from() + ", " + region.to() + ")), or a locator for a band of columns");
        }
        return new TerminalAssert(source, region, styles);
    }

    /**
     * The same assertions, with snapshots of the text alone, no style layer (tui-test's {@code toMatchSnapshot()}
     * without {@code includeColors}): for a program whose colours differ from machine to machine (a theme, the user's
     * {@code LS_COLORS}). The file's header says {@code styles left out}; a file with styles does not match it.
     *
     * <pre>{@code
     * assertThat(t).withoutStyles().matchesSnapshot();
     * }</pre>
     */
    public TerminalAssert withoutStyles() {
        return new TerminalAssert(source, region, false);
    }

    /** The screen matches the snapshot named after the test (then {@code -2}, {@code -3} for further ones). */
    @Override
    public TerminalAssert matchesSnapshot() {
        return check(null);
    }

    /** The screen matches the snapshot {@code name} of this test class. */
    @Override
    public TerminalAssert matchesSnapshot(String name) {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a snapshot name is letters, digits, '.', '_' and '-': " + name);
        }
        return check(name);
    }

    /**
     * The cursor is at {@code row}, {@code col} (both from 1): on a live terminal it waits, as locators do (woken by
     * the output, at most the default timeout), for the program to put it there; on a replay it checks the last
     * screen. Where {@code assertScreen().hasCursorAt(...)} reads the screen once, this outlasts a program that moves the
     * cursor a moment after its last visible change (vim leaving insert mode a second after Esc).
     */
    @Override
    public TerminalAssert hasCursorAt(int row, int col) {
        if (row < 1 || col < 1) {
            throw new IllegalArgumentException("the cursor's row and column count from 1, got " + row + ", " + col);
        }
        return awaitHolds(cells -> cells.cursorRow() == row - 1 && cells.cursorCol() == col - 1,
                "the cursor at row " + row + ", column " + col,
                cells -> "it is at row " + (cells.cursorRow() + 1) + ", column " + (cells.cursorCol() + 1));
    }

    /**
     * The window title is {@code title} (as the program set it with OSC 0 or OSC 2; "" for none): on a live terminal
     * it waits, as locators do, for the program to set it; on a replay it checks the title the recording ends with.
     * A failure names the title the program set last.
     *
     * <pre>{@code
     * assertThat(t).hasTitle("deploy: done");
     * }</pre>
     */
    public TerminalAssert hasTitle(String title) {
        Objects.requireNonNull(title, "title");
        return title(title::equals, "the window title to be " + ScreenAssert.quote(title));
    }

    /**
     * A Java regular expression is found in the window title (as {@link #hasTitle}, which waits for it): for a title
     * with a part that changes ({@code "vim - .*notes\\.txt"}, {@code "\\d+% done"}).
     */
    public TerminalAssert hasTitleMatching(String regex) {
        Pattern pattern = Pattern.compile(regex);
        return title(title -> pattern.matcher(title).find(), "the window title to match /" + regex + "/");
    }

    private TerminalAssert title(Predicate<String> holds, String expectation) {
        return awaitHolds(cells -> holds.test(cells.title()), expectation, cells -> "it is "
                + (cells.title().isEmpty() ? "not set (no OSC 0 or OSC 2 yet)" : ScreenAssert.quote(cells.title())));
    }

    /**
     * The program has rung the bell (a BEL byte outside an escape sequence) exactly {@code count} times since the
     * terminal started: on a live terminal it waits, as locators do, for the count to get there, and fails naming
     * the count it got (more than {@code count} fails too, at the timeout). To wait for a bell after an action,
     * {@code t.expectAfter(mark).bell()} needs no count.
     */
    public TerminalAssert hasBellCount(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("a bell count is 0 or more, got " + count);
        }
        return awaitHolds(cells -> cells.bells() == count, "the bell to have rung " + times(count),
                cells -> "it rang " + times(cells.bells()));
    }

    /**
     * Waits, woken by the output, at most the default timeout, until {@code holds} is true of the screen, and notes
     * the step; else fails with "expected {@code expectation} within ...; " and what {@code instead} says of the last
     * screen.
     */
    private TerminalAssert awaitHolds(Predicate<Cells> holds, String expectation, Function<Cells, String> instead) {
        long start = System.nanoTime();
        Duration wait = source.defaultTimeout();
        LiveScreen.Outcome<Boolean> outcome = source.await(
                cells -> holds.test(cells) ? Optional.of(true) : Optional.empty(), wait);
        if (outcome.result().isEmpty()) {
            throw source.failure("expected " + expectation + " within " + Durations.describe(wait) + "; "
                    + instead.apply(outcome.cells()), outcome);
        }
        source.held(expectation, start);
        return this;
    }

    private static String times(long count) {
        return count == 1 ? "once" : count + " times";
    }

    private TerminalAssert check(String explicitName) {
        SnapshotOwner owner = source.snapshotOwner();
        String name = owner.next(explicitName);
        Class<?> testClass = SnapshotOwner.outermost(owner.testClass());
        Path file = SnapshotFiles.folder(testClass, owner.setting(SOURCES_PROPERTY))
                .resolve(testClass.getSimpleName() + "." + name + ".snap");
        boolean update = owner.setting(UPDATE_PROPERTY).map(Boolean::parseBoolean).orElse(false);
        UnusedSnapshots.used(file);
        if (update || !Files.exists(file)) {
            if (!update && "true".equalsIgnoreCase(System.getenv("CI"))) {
                throw source.failure("snapshot " + file + " does not exist, and CI=true: write it locally (run the test"
                        + " once, or with -D" + UPDATE_PROPERTY + "=true) and commit it");
            }
            write(file, SnapshotText.of(source.cells(), region, styles));
            return this;
        }
        String expected = read(file);
        long start = System.nanoTime();
        LiveScreen.Outcome<Boolean> outcome = source.await(
                cells -> SnapshotText.of(cells, region, styles).equals(expected) ? Optional.of(true) : Optional.empty(),
                source.defaultTimeout());
        if (outcome.result().isEmpty()) {
            throw source.failure("expected the screen to match snapshot " + file.getFileName() + " (" + file
                    + "; rewrite with -D" + UPDATE_PROPERTY + "=true)\n" + diff(expected, SnapshotText.of(outcome.cells(), region, styles)),
                    outcome);
        }
        source.held("the screen to match snapshot " + file.getFileName(), start);
        return this;
    }

    /** The lines that differ, as {@code - expected} / {@code + actual} pairs under their line numbers. */
    static String diff(String expected, String actual) {
        List<String> want = expected.lines().toList();
        List<String> got = actual.lines().toList();
        StringBuilder out = new StringBuilder("--- snapshot\n+++ screen\n");
        for (int i = 0; i < Math.max(want.size(), got.size()); i++) {
            String w = i < want.size() ? want.get(i) : null;
            String g = i < got.size() ? got.get(i) : null;
            if (w == null || !w.equals(g)) {
                out.append("@@ line ").append(i + 1).append('\n');
                if (w != null) {
                    out.append("- ").append(w).append('\n');
                }
                if (g != null) {
                    out.append("+ ").append(g).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read snapshot " + file, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write snapshot " + file, e);
        }
    }
}
