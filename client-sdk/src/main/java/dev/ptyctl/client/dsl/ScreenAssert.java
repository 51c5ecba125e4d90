package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Assertions on one reading of the screen, taken by {@link TerminalDriver#assertScreen()} (or a {@link Replay}'s): they
 * check that {@link Screen} and do not wait, so they follow a wait ({@code waitFor}, {@code waitForPrompt}). The
 * assertions that wait are {@link LocatorAssert} ({@code assertThat(t.getByText(...))}) and {@link TerminalAssert}
 * ({@code assertThat(t)}: snapshots, the cursor). Each check returns this object, so they chain; {@link #and()} goes
 * back to the terminal. A failed check throws {@link TerminalAssertionError} showing the screen.
 *
 * <pre>{@code
 * terminal.waitFor("0 failures").assertScreen()
 *         .row(1, "$ make test")
 *         .hasCursorAt(5, 3)
 *         .and().press(Key.ctrl('d'));
 * }</pre>
 *
 * <p>Rows are the {@code pty/read} text: trailing spaces removed, counted from 1.
 */
public final class ScreenAssert {
    private final Screen screen;
    private final TerminalDriver terminal;
    /** {@code screen} as the driver's copy had it, styles included, for a failure to show; null without a copy. */
    private final ScreenMoment moment;

    ScreenAssert(Screen screen, TerminalDriver terminal, ScreenMoment moment) {
        this.screen = screen;
        this.terminal = terminal;
        this.moment = moment;
    }

    ScreenAssert(Screen screen, TerminalDriver terminal) {
        this(screen, terminal, null);
    }

    /** The snapshot being checked. */
    public Screen screen() {
        return screen;
    }

    /** Back to the terminal, to go on driving it. */
    public TerminalDriver and() {
        return terminal;
    }

    /**
     * The screen text contains {@code text} (which may span rows, joined by {@code \n}; spaces at the end of a line of
     * it may be the blank cells at a row's end, so {@code contains(">>> ")} finds a prompt).
     */
    public ScreenAssert contains(String text) {
        Objects.requireNonNull(text, "text");
        return check(RowEndText.in(screen.text(), text), "expected the screen to contain " + quote(text));
    }

    /** The screen text does not contain {@code text} (read as {@link #contains} reads it). */
    public ScreenAssert doesNotContain(String text) {
        Objects.requireNonNull(text, "text");
        return check(!RowEndText.in(screen.text(), text), "expected the screen not to contain " + quote(text));
    }

    /** A Java regular expression is found in the screen text ({@code ^} and {@code $} match at row ends). */
    public ScreenAssert containsPattern(String regex) {
        Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
        return check(pattern.matcher(screen.text()).find(), "expected the screen to match /" + regex + "/");
    }

    /** The screen text is exactly {@code text} (each row ending in {@code \n}, trailing blank rows left out). */
    public ScreenAssert isEqualTo(String text) {
        Objects.requireNonNull(text, "text");
        return check(screen.text().equals(text), "expected the screen to be exactly:\n" + text);
    }

    /** Row {@code row} (from 1) reads exactly {@code text}, trailing spaces aside. */
    public ScreenAssert row(int row, String text) {
        Objects.requireNonNull(text, "text");
        String actual = rowText(row);
        return check(actual.equals(text.stripTrailing()),
                "expected row " + row + " to be " + quote(text) + " but it is " + quote(actual));
    }

    /** Row {@code row} (from 1) contains {@code text}. */
    public ScreenAssert rowContains(int row, String text) {
        Objects.requireNonNull(text, "text");
        String actual = rowText(row);
        return check(actual.contains(text), "expected row " + row + " to contain " + quote(text) + " but it is "
                + quote(actual));
    }

    /**
     * The cursor is at {@code row}, {@code col} (both from 1) on this reading; {@code assertThat(t).hasCursorAt(row,
     * col)} waits for it instead.
     */
    public ScreenAssert hasCursorAt(int row, int col) {
        return check(screen.cursor().row() == row && screen.cursor().col() == col,
                "expected the cursor at row " + row + ", column " + col);
    }

    /**
     * The cursor is at {@code row}, {@code col} (both from 1).
     *
     * @deprecated named {@link #hasCursorAt} now, as {@link TerminalAssert#hasCursorAt} (which waits) is
     */
    @Deprecated(since = "0.1.0")
    public ScreenAssert cursorAt(int row, int col) {
        return hasCursorAt(row, col);
    }

    /** The terminal is {@code cols} columns by {@code rows} rows. */
    public ScreenAssert hasSize(int cols, int rows) {
        return check(screen.size().cols() == cols && screen.size().rows() == rows,
                "expected a " + cols + "x" + rows + " screen");
    }

    private String rowText(int row) {
        if (row < 1 || row > screen.size().rows()) {
            throw new IllegalArgumentException("row " + row + " is outside the screen (1-" + screen.size().rows() + ")");
        }
        List<String> lines = screen.lines();
        return row <= lines.size() ? lines.get(row - 1) : "";
    }

    private ScreenAssert check(boolean holds, String expectation) {
        if (!holds) {
            throw terminal == null ? new TerminalAssertionError(expectation, screen)
                    : moment != null ? terminal.failureShowing(expectation, moment) : terminal.failure(expectation, screen);
        }
        return this;
    }

    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\u001b", "\\e")
                + "\"";
    }
}
