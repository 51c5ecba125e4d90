package dev.ptyctl.vt.oracle;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything the differential test compares, in one shape for both terminals: xterm.js's answer
 * ({@link #fromOracle}) and our emulator ({@link #fromTerminal}).
 *
 * @param cursorRow 0-based screen row
 * @param cursorCol 0-based column; equals the width while a wrap is pending
 * @param cursorVisible DECTCEM
 * @param altScreen whether the alternate screen is active
 * @param title the last OSC 0/2 title
 * @param replies every byte sent back to the program, decoded as UTF-8
 * @param lines each screen row's text, trailing blanks removed
 * @param scrollback the main screen's history rows, oldest first, as text
 * @param cells every cell of the screen, row by row
 * @param modes the modes both sides expose, by name
 */
record ScreenState(int cursorRow, int cursorCol, boolean cursorVisible, boolean altScreen, String title,
                   String replies, List<String> lines, List<String> scrollback, List<List<CellView>> cells,
                   Map<String, Boolean> modes) {

    /** An erased cell with no attributes: what xterm.js leaves out at the end of a row. */
    static final CellView BLANK = new CellView("", 1, 0, 0, 0, 0,
        false, false, false, 0, false, false, false, false, false);

    private static final int FLAG_BOLD = 1;
    private static final int FLAG_DIM = 2;
    private static final int FLAG_ITALIC = 4;
    private static final int FLAG_BLINK = 8;
    private static final int FLAG_INVERSE = 16;
    private static final int FLAG_INVISIBLE = 32;
    private static final int FLAG_STRIKETHROUGH = 64;
    private static final int FLAG_OVERLINE = 128;

    /**
     * Reads our emulator.
     *
     * @param t the terminal after feeding
     * @param replies what it sent to {@link Terminal#onReply}, decoded as UTF-8
     * @return its state
     */
    static ScreenState fromTerminal(Terminal t, String replies) {
        List<String> lines = new ArrayList<>();
        List<List<CellView>> cells = new ArrayList<>();
        for (int row = 0; row < t.rows(); row++) {
            lines.add(t.rowText(row));
            List<CellView> rowCells = new ArrayList<>(t.cols());
            for (int col = 0; col < t.cols(); col++) {
                rowCells.add(t.cellAt(row, col));
            }
            cells.add(rowCells);
        }
        List<String> scrollback = new ArrayList<>();
        for (int i = 0; i < t.scrollbackSize(); i++) {
            scrollback.add(t.scrollbackRowText(i));
        }
        Map<String, Boolean> modes = Map.of(
            "applicationCursorKeys", t.applicationCursorKeys(),
            "applicationKeypad", t.applicationKeypad(),
            "bracketedPaste", t.bracketedPaste());
        return new ScreenState(t.cursorRow(), t.cursorCol(), t.cursorVisible(), t.alternateScreenActive(),
            t.title(), replies, lines, scrollback, cells, modes);
    }

    /**
     * Reads one answer of oracle.mjs (see the format at the top of that file).
     *
     * @param json the parsed answer
     * @return its state
     */
    @SuppressWarnings("unchecked")
    static ScreenState fromOracle(Map<String, Object> json) {
        int cols = intOf(json.get("cols"));
        Map<String, Object> cursor = (Map<String, Object>) json.get("cursor");
        Map<String, Object> modes = (Map<String, Object>) json.get("modes");
        List<List<CellView>> cells = new ArrayList<>();
        for (Object row : (List<Object>) json.get("cells")) {
            List<CellView> rowCells = new ArrayList<>(cols);
            for (Object cell : (List<Object>) row) {
                rowCells.add(cell((List<Object>) cell));
            }
            while (rowCells.size() < cols) { // rows arrive without their trailing blank cells
                rowCells.add(BLANK);
            }
            cells.add(rowCells);
        }
        return new ScreenState(
            intOf(cursor.get("y")), intOf(cursor.get("x")), (Boolean) cursor.get("visible"),
            (Boolean) json.get("altScreen"), (String) json.get("title"), (String) json.get("replies"),
            strings(json.get("lines")), strings(json.get("scrollback")), cells,
            Map.of("applicationCursorKeys", (Boolean) modes.get("applicationCursorKeys"),
                "applicationKeypad", (Boolean) modes.get("applicationKeypad"),
                "bracketedPaste", (Boolean) modes.get("bracketedPaste")));
    }

    /** [chars, width, fgMode, fg, bgMode, bg, flags, underlineStyle, (ulMode, ul, uri)]. */
    private static CellView cell(List<Object> c) {
        int flags = intOf(c.get(6));
        boolean extended = c.size() > 8;
        return new CellView((String) c.get(0), intOf(c.get(1)),
            intOf(c.get(2)), intOf(c.get(3)), intOf(c.get(4)), intOf(c.get(5)),
            (flags & FLAG_BOLD) != 0, (flags & FLAG_DIM) != 0, (flags & FLAG_ITALIC) != 0, intOf(c.get(7)),
            (flags & FLAG_BLINK) != 0, (flags & FLAG_INVERSE) != 0, (flags & FLAG_INVISIBLE) != 0,
            (flags & FLAG_STRIKETHROUGH) != 0, (flags & FLAG_OVERLINE) != 0,
            extended ? intOf(c.get(8)) : 0, extended ? intOf(c.get(9)) : 0, extended ? (String) c.get(10) : "");
    }

    private static int intOf(Object number) {
        return ((Number) number).intValue();
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object list) {
        return (List<String>) (List<?>) list;
    }
}
