package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.Terminal;
import java.util.ArrayList;
import java.util.List;

/**
 * An immutable copy of every cell of a screen, taken from an emulator: what locators search, snapshots record and
 * failure reports draw. Rows and columns are 0-based here; the public API speaks 1-based rows as the rest of the DSL.
 *
 * <p>Each row is also kept as text with, per character, the column it came from, so a match found in the text (as
 * {@code pty/wait} matches) maps back to cells and their styles.
 */
final class Cells {
    /** Stands for a cell drawn before an anchor's mark (see {@link DrawnSince}): no search text contains it. */
    static final char STALE = '\uE000';

    private final int cols;
    private final int rows;
    private final int cursorRow;
    private final int cursorCol;
    private final boolean cursorVisible;
    /** Whether the alternate screen is shown: its first row never continues the main screen's scrollback. */
    private final boolean alternateScreen;
    /** The DEC modes of the program's mouse protocol (0: it reports no mouse) and encoding, for a click to send. */
    private final int mouseProtocol;
    private final int mouseEncoding;
    /** The window title the program set last (OSC 0 or 2; "" for none) and how many bells (BEL) it rang. */
    private final String title;
    private final long bells;
    /** The rows' cells, copied from the emulator's primitive arrays into arrays of the copy's own. */
    private final CellRow[] cells;
    private final String[] rowText;
    /**
     * Per row, the column of each character of its padded text ({@link #paddedRowText}): the text's own characters,
     * then one per trailing blank cell.
     */
    private final int[][] columnOf;

    private Cells(Terminal terminal) {
        this.cols = terminal.cols();
        this.rows = terminal.rows();
        this.cursorRow = terminal.cursorRow();
        this.cursorCol = Math.min(terminal.cursorCol(), cols - 1);
        this.cursorVisible = terminal.cursorVisible();
        this.alternateScreen = terminal.alternateScreenActive();
        this.mouseProtocol = terminal.emulator().state().mouseProtocolMode();
        this.mouseEncoding = terminal.emulator().state().mouseEncodingMode();
        this.title = terminal.title();
        this.bells = terminal.emulator().bells();
        this.cells = new CellRow[rows];
        this.rowText = new String[rows];
        this.columnOf = new int[rows][];
        StringBuilder text = new StringBuilder(cols);
        int[] columns = new int[cols * 2];
        for (int row = 0; row < rows; row++) {
            CellRow cellRow = terminal.copyRow(row, new CellRow());
            cells[row] = cellRow;
            text.setLength(0);
            for (int col = 0; col < cols; col++) {
                int start = text.length();
                if (cellRow.hasText(col)) {
                    cellRow.appendChars(col, text);
                } else if (cellRow.width(col) != 0) {
                    text.append(' ');
                } // else the right half of a wide character: its text is in the left half
                if (text.length() > columns.length) {
                    columns = java.util.Arrays.copyOf(columns, Math.max(columns.length * 2, text.length()));
                }
                java.util.Arrays.fill(columns, start, text.length(), col);
            }
            int end = text.length();
            while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == STALE)) {
                end--;
            }
            rowText[row] = text.substring(0, end);
            columnOf[row] = java.util.Arrays.copyOf(columns, text.length());
        }
    }

    /** The scrollback's lines of {@code terminal} now, oldest first, as rows read; the caller holds its lock. */
    static List<ScrollbackLine> scrollbackLines(Terminal terminal) {
        List<ScrollbackLine> lines = new ArrayList<>(terminal.scrollbackSize());
        CellRow reuse = new CellRow();
        for (int i = 0; i < terminal.scrollbackSize(); i++) {
            lines.add(ScrollbackLine.of(terminal, i, reuse));
        }
        return java.util.Collections.unmodifiableList(lines);
    }

    /** The cells of {@code terminal} now; the caller holds whatever lock guards it. */
    static Cells of(Terminal terminal) {
        return new Cells(terminal);
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    /** The cells of a row (0-based), not to be copied into: this copy is immutable. */
    CellRow row(int row) {
        return cells[row];
    }

    /** Row text: trailing blanks (and stale cells) removed, a wide character once. */
    String rowText(int row) {
        return rowText[row];
    }

    /**
     * Row text with the row's trailing blank cells as spaces (stale cells too, as blanks): where text that ends in
     * spaces, such as a prompt {@code ">>> "} with the cursor after it, can be found. {@link #rowText} is its start.
     */
    String paddedRowText(int row) {
        // Built when asked (text locators ending in a space), not with every copy: a copy is made on each screen
        // change while a wait is on, and most searches want the row's text alone.
        return rowText[row] + " ".repeat(columnOf[row].length - rowText[row].length());
    }

    /** How many characters {@link #paddedRowText} of {@code row} has, without making it. */
    int paddedLength(int row) {
        return columnOf[row].length;
    }

    /** The column of the {@code index}-th character of {@link #rowText(int)} (or of {@link #paddedRowText}). */
    int columnOf(int row, int index) {
        return columnOf[row][index];
    }

    /** Columns the characters {@code [from, to)} of a row's (padded) text cover, as [first column, last column + 1). */
    int[] columnSpan(int row, int from, int to) {
        int first = columnOf[row][from];
        int last = columnOf[row][to - 1];
        return new int[] {first, last + Math.max(1, cells[row].width(last))};
    }

    int cursorRow() {
        return cursorRow;
    }

    int cursorCol() {
        return cursorCol;
    }

    boolean cursorVisible() {
        return cursorVisible;
    }

    boolean alternateScreen() {
        return alternateScreen;
    }

    /** The DEC mode of the program's mouse protocol: 9, 1000, 1002 or 1003; 0 when it reports no mouse. */
    int mouseProtocol() {
        return mouseProtocol;
    }

    /** The DEC mode of the program's mouse encoding: 0 (the default), 1006 (SGR) or 1016 (SGR pixels). */
    int mouseEncoding() {
        return mouseEncoding;
    }

    /** The window title the program set last with OSC 0 or OSC 2; "" when none has. */
    String title() {
        return title;
    }

    /** How many times the program rang the bell (BEL outside an escape sequence) in the output this copy was fed. */
    long bells() {
        return bells;
    }

    /** The screen as {@code pty/read} gives it: rows joined by {@code \n}, trailing blank rows left out. */
    String text() {
        List<String> lines = new ArrayList<>();
        for (String row : rowText) {
            lines.add(row);
        }
        while (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }

    /** The SDK's plain {@link Screen} record of these cells (cursor 1-based). */
    Screen toScreen() {
        return new Screen(text(), new Cursor(cursorRow + 1, cursorCol + 1), new TerminalSize(cols, rows));
    }
}
