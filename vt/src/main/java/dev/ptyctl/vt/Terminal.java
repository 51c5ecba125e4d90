package dev.ptyctl.vt;

import dev.ptyctl.vt.parser.VtParser;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.terminal.Emulator;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A terminal emulator instance: feed it the bytes a program writes, read back what xterm.js would
 * show. Not thread-safe: callers serialize access (feed, resize and every read).
 *
 * <p>Coordinates are 0-based screen rows and columns; row 0 is the top of the visible screen.
 * Scrollback indexes count from the oldest kept line.
 *
 * <p>A width of 1 is accepted but emulated as 2 columns, as xterm.js does (it never has fewer,
 * because a wide character needs two); {@link #cols()} then says 2.
 */
public final class Terminal {
    /** Lines kept above the screen when no limit is given. */
    public static final int DEFAULT_SCROLLBACK_LINES = 10_000;
    /** Smallest and largest accepted width or height. */
    public static final int MIN_SIZE = 1;
    /** Largest accepted width or height. */
    public static final int MAX_SIZE = 1000;
    /** Narrowest screen actually emulated, as in xterm.js. */
    private static final int MIN_EMULATED_COLS = 2;

    private final Emulator emulator;
    private final VtParser parser;

    /**
     * Creates a terminal with {@link #DEFAULT_SCROLLBACK_LINES} lines of scrollback.
     *
     * @param cols width, 1..1000
     * @param rows height, 1..1000
     */
    public Terminal(int cols, int rows) {
        this(cols, rows, DEFAULT_SCROLLBACK_LINES);
    }

    /**
     * Creates a terminal.
     *
     * @param cols width, 1..1000
     * @param rows height, 1..1000
     * @param scrollbackLines lines kept above the screen, at least 0
     */
    public Terminal(int cols, int rows, int scrollbackLines) {
        checkSize(cols, rows);
        if (scrollbackLines < 0) {
            throw new IllegalArgumentException("scrollbackLines must be >= 0, got " + scrollbackLines);
        }
        this.emulator = new Emulator(Math.max(cols, MIN_EMULATED_COLS), rows, scrollbackLines);
        this.parser = new VtParser(emulator);
    }

    /**
     * Sets where the terminal's answers to queries (DSR, DA...) go: they must be written back to
     * the program. Called synchronously from {@link #feed}. The default discards them.
     *
     * @param sink receives the reply bytes; null discards
     */
    public void onReply(Consumer<byte[]> sink) {
        emulator.onReply(sink);
    }

    /**
     * Sends the answers to the title and icon-label reports (XTWINOPS 21 and 20, when allowed) to a sink of their
     * own instead of {@link #onReply}'s, for a host that routes them differently from the other answers (the
     * server answers them even while a web page answers the rest). Called synchronously from {@link #feed}.
     *
     * @param sink receives each title report's bytes; null sends them to the reply sink again
     */
    public void onTitleReport(Consumer<byte[]> sink) {
        emulator.onTitleReport(sink);
    }

    /**
     * Lets the terminal answer a program asking for the window title or icon label (XTWINOPS 21 and 20).
     * Off by default, as xterm's {@code disallowedWindowOps}: a title may have been chosen by another
     * program, and its report is typed into the asking program's input.
     *
     * @param allow true to answer them
     */
    public void allowTitleReports(boolean allow) {
        emulator.allowTitleReports(allow);
    }

    /**
     * Sets where shell-integration marks (OSC 133 A, B, C, D) go, e.g. to track prompts and exit
     * codes. Called synchronously from {@link #feed}. The default discards them.
     *
     * @param sink receives each mark; null discards
     */
    public void onPromptMark(Consumer<PromptMark> sink) {
        emulator.onPromptMark(sink);
    }

    /**
     * The working directory the shell last reported with OSC 7.
     *
     * @return the {@code file://host/path} URI as the shell sent it, "" if none
     */
    public String workingDirectory() {
        return emulator.workingDirectory();
    }

    /**
     * Processes output of the program. A UTF-8 character or escape sequence may be split across
     * calls.
     *
     * @param data bytes
     * @param offset first byte
     * @param length number of bytes
     */
    public void feed(byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        parser.parse(data, offset, offset + length);
    }

    /**
     * Processes output of the program.
     *
     * @param data bytes
     */
    public void feed(byte[] data) {
        feed(data, 0, data.length);
    }

    /**
     * How many OSC sequences the output fed so far began: every {@code ESC ]} in it counts (see {@link
     * VtParser#oscsBegun}). A reader of the same output that looks for OSC sequences ({@link OscScanner}) may skip a
     * chunk in which this count did not move ({@link OscScanner#passesOver}) rather than scan every byte again.
     *
     * @return the count since the terminal was made
     */
    public long oscsBegun() {
        return parser.oscsBegun();
    }

    /**
     * Changes the size as xterm.js does: soft-wrapped lines of the main screen are reflowed to the
     * new width, rows move between screen and scrollback depending on where the cursor is, and the
     * cursor is clamped into the new size.
     *
     * @param cols new width, 1..1000
     * @param rows new height, 1..1000
     * @throws IllegalArgumentException when a value is out of range
     */
    public void resize(int cols, int rows) {
        checkSize(cols, rows);
        emulator.resize(Math.max(cols, MIN_EMULATED_COLS), rows);
    }

    /**
     * Width of the emulated screen.
     *
     * @return columns, at least 2
     */
    public int cols() {
        return emulator.activeScreen().cols();
    }

    /**
     * Height.
     *
     * @return rows
     */
    public int rows() {
        return emulator.activeScreen().rows();
    }

    /**
     * Cursor row.
     *
     * @return 0-based screen row
     */
    public int cursorRow() {
        return emulator.activeScreen().cursor().row();
    }

    /**
     * Cursor column, the same value as xterm.js's {@code buffer.active.cursorX}: after the last
     * column was written with autowrap on (wrap pending) it is {@link #cols()}.
     *
     * @return 0-based column, 0..cols
     */
    public int cursorCol() {
        return emulator.activeScreen().cursor().col();
    }

    /**
     * Whether the cursor is shown (DECTCEM).
     *
     * @return true unless hidden
     */
    public boolean cursorVisible() {
        return emulator.cursorVisible();
    }

    /**
     * Application cursor keys (DECCKM): arrow keys should send {@code ESC O x}.
     *
     * @return true when set
     */
    public boolean applicationCursorKeys() {
        return emulator.applicationCursorKeys();
    }

    /**
     * Application keypad (DECKPAM / DECNKM).
     *
     * @return true when set
     */
    public boolean applicationKeypad() {
        return emulator.applicationKeypad();
    }

    /**
     * Bracketed paste mode (2004).
     *
     * @return true when set
     */
    public boolean bracketedPaste() {
        return emulator.bracketedPaste();
    }

    /**
     * Whether the alternate screen is shown (47, 1047, 1049).
     *
     * @return true on the alternate screen
     */
    public boolean alternateScreenActive() {
        return emulator.alternateScreenActive();
    }

    /**
     * The last title set with OSC 0 or OSC 2.
     *
     * @return the title, "" if none
     */
    public String title() {
        return emulator.title();
    }

    /**
     * The text of a screen row: trailing spaces removed, a wide character once, combining marks
     * with their base character, empty cells inside the row as spaces.
     *
     * @param row 0-based screen row
     * @return the text
     */
    public String rowText(int row) {
        Objects.checkIndex(row, rows());
        return emulator.activeScreen().line(row).text();
    }

    /**
     * Number of lines kept above the screen (always those of the main screen).
     *
     * @return scrollback size
     */
    public int scrollbackSize() {
        return emulator.mainScreen().scrollback().size();
    }

    /**
     * A running count of the lines that scrolled into the scrollback: one more per line added (also when the oldest is
     * dropped to keep the limit), one less per line a resize took back onto the screen; unchanged by an erase of the
     * scrollback (ED 3) or a reset. A reader that copied the scrollback when the count was {@code then} finds the lines
     * added since as its newest {@code scrolledLineCount() - then} (up to {@link #scrollbackSize()}), the older ones
     * unchanged, unless the terminal was resized in between (a resize reflows every line).
     *
     * @return the count
     */
    public long scrolledLineCount() {
        return emulator.mainScreen().scrollback().scrolledCount();
    }

    /**
     * The text of a scrollback line, with the rules of {@link #rowText}.
     *
     * @param index 0 = oldest kept line
     * @return the text
     */
    public String scrollbackRowText(int index) {
        return emulator.mainScreen().scrollback().get(index).text();
    }

    /**
     * One cell of the screen. Makes an object per call: a reader of many cells copies rows with {@link #copyRow}.
     *
     * @param row 0-based screen row
     * @param col 0-based column
     * @return a snapshot of the cell
     */
    public CellView cellAt(int row, int col) {
        Screen screen = emulator.activeScreen();
        Objects.checkIndex(row, screen.rows());
        Objects.checkIndex(col, screen.cols());
        Line line = screen.line(row);
        long extra = line.extra(col);
        return CellView.of(line.chars(col), line.width(col), line.style(col), extra,
            emulator.state().hyperlinkUri(Extras.link(extra)));
    }

    /**
     * Copies a screen row's {@link #cols()} cells into {@code into}, replacing what it held and reusing its arrays: a
     * screen read cell by cell this way allocates nothing per cell (see {@link CellRow}), and reads as {@link #cellAt}.
     *
     * @param row 0-based screen row
     * @param into the caller's row, e.g. {@code new CellRow()} or one copied into before
     * @return {@code into}
     */
    public CellRow copyRow(int row, CellRow into) {
        Objects.checkIndex(row, rows());
        into.copyFrom(emulator.activeScreen().line(row), cols(), emulator.state());
        return into;
    }

    /**
     * Copies a scrollback line's cells into {@code into}, as {@link #copyRow} does a screen row's.
     *
     * @param index 0 = oldest kept line, up to {@link #scrollbackSize()} - 1
     * @param into the caller's row
     * @return {@code into}
     */
    public CellRow copyScrollbackRow(int index, CellRow into) {
        Objects.checkIndex(index, scrollbackSize());
        Line line = emulator.mainScreen().scrollback().get(index);
        into.copyFrom(line, line.cols(), emulator.state());
        return into;
    }

    /**
     * Sequences received but not implemented, counted per kind (e.g. {@code "CSI >q"},
     * {@code "DECSET 9999"}); they are otherwise ignored.
     *
     * @return kind to count
     */
    public Map<String, Long> unknownSequenceCounts() {
        return emulator.unknownSequenceCounts();
    }

    /**
     * The emulator behind this facade, for the serializers and tests that need more than the
     * facade shows (screens, styles, modes).
     *
     * @return the emulator
     */
    public Emulator emulator() {
        return emulator;
    }

    /**
     * Size, cursor and active screen, for messages.
     *
     * @return e.g. {@code "Terminal[80x24, cursor=(3,5)]"}
     */
    @Override
    public String toString() {
        Cursor c = emulator.activeScreen().cursor();
        return "Terminal[" + cols() + "x" + rows() + ", cursor=(" + c.row() + "," + c.col() + ")"
            + (alternateScreenActive() ? ", alternate" : "") + "]";
    }

    private static void checkSize(int cols, int rows) {
        if (cols < MIN_SIZE || cols > MAX_SIZE || rows < MIN_SIZE || rows > MAX_SIZE) {
            throw new IllegalArgumentException(
                "terminal size must be 1..1000 x 1..1000, got " + cols + "x" + rows);
        }
    }
}
