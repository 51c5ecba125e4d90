package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Charset;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.SavedCursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.TabStops;
import dev.ptyctl.vt.terminal.StateView;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code vt} format: escape sequences that, fed to a fresh terminal of the same size and
 * scrollback limit, rebuild this terminal's state. The output starts with RIS ({@code ESC c}), so
 * it can also be sent to a terminal already in use (the service's WebSocket {@code reset} frame).
 *
 * <p>What is rebuilt: the scrollback and the main screen (cells with text, width, combining marks,
 * attributes, underline colour and hyperlink, and each row's soft-wrap flag, so a later resize
 * reflows the same way), the alternate screen and which screen is shown, the cursor (pending wrap
 * included), the saved cursor of each screen, scroll margins, tab stops, charsets, title and icon
 * name (and their stacks), the working directory (OSC 7), colours set with OSC 4, 10, 11 and 12, the main screen's
 * shell-integration marks (OSC 133 A on each prompt's line, D with its command's exit code),
 * the current attributes, the cursor's visibility and shape, and every mode of SPEC section 3
 * (DECCKM, keypad, insert, origin, autowrap, LNM, reverse video, bracketed paste, focus, mouse
 * protocol and encoding, synchronized output, reverse wraparound, cursor blink).
 *
 * <p>Round trip: serializing a terminal, feeding the output to a fresh {@link Terminal} and
 * serializing that gives the same string, and the two terminals show the same cells, cursor and
 * modes. Not carried over, because they only show after a resize or are not state: cells a
 * narrowed alternate screen keeps past its right margin, tab stops past the right margin, the
 * alternate screen's hidden history (see docs/emulator.md), where a following combining mark or
 * REP would join, and the counters of bells and unknown sequences. Two states no sequence can
 * produce are approximated (reported by {@link #approximations}): a last row made only of blank
 * cells with attributes other than a background colour, and a few cells an autowrap-off corner
 * case of xterm.js gives a width their text does not have.
 *
 * <p>Cells are painted the way xterm.js's serialize addon does (only attribute differences are
 * written); {@link LinePainter} explains the rest. The cursor is placed last; the alternate screen
 * helps where no cursor movement can go (a pending wrap, or outside the margins in origin mode),
 * because switching screens hands the cursor over as it is.
 */
public final class VtSerializer {
    private static final String ESC = VtWriter.ESC;
    private static final String ZERO_WIDTH_SPACE = "\u200b";

    private final StateView s;
    private final int cols;
    private final int rows;
    private final StringBuilder out = new StringBuilder();
    private final List<String> approximations = new ArrayList<>();
    private final VtWriter w;
    /** Whether this is a {@link #repaint}: no RIS, so the receiving terminal keeps its scrollback. */
    private final boolean repaint;
    /** The oldest scrollback lines left out (a {@link #repaint} sends only the newest); 0 for all. */
    private final int historySkipped;

    private VtSerializer(Terminal terminal) {
        this(terminal, false, 0);
    }

    private VtSerializer(Terminal terminal, boolean repaint, int historySkipped) {
        this.s = terminal.emulator().state();
        this.cols = terminal.cols();
        this.rows = terminal.rows();
        this.w = new VtWriter(out, s, cols, rows);
        this.repaint = repaint;
        this.historySkipped = historySkipped;
    }

    /**
     * The {@code vt} serialization of a terminal.
     *
     * @param terminal the terminal; not changed
     * @return escape sequences, starting with {@code ESC c}
     */
    public static String serialize(Terminal terminal) {
        return new VtSerializer(terminal).run();
    }

    /**
     * Escape sequences that make a terminal in use, one that showed this terminal earlier (a reconnecting
     * {@code ptyctl attach}'s), show its state now, adding to that terminal's own scrollback only the newest
     * {@code history} lines of scrollback: those it has not seen scroll. Unlike {@link #serialize} it starts without
     * RIS, which most terminals (xterm, VTE, xterm.js, this emulator) take as "drop the scrollback" and Terminal.app and
     * iTerm2 not: the modes, margins, charsets, colours, tab stops and both screens are put back to their power-on state
     * one by one ({@link RepaintReset}), the screen is cleared without scrolling it into the scrollback, and then
     * everything is painted as {@link #serialize} paints it (except the title stack, which the receiving terminal
     * keeps).
     *
     * @param terminal the terminal; not changed
     * @param history how many of the newest scrollback lines to send; 0 for none, more than there are for all
     * @return escape sequences, UTF-8
     */
    public static byte[] repaintBytes(Terminal terminal, long history) {
        int kept = terminal.emulator().state().mainScreen().scrollback().size();
        int skipped = (int) (kept - Math.max(0, Math.min(history, kept)));
        return new VtSerializer(terminal, true, skipped).run().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * {@link #serialize} encoded as UTF-8, ready to feed or send.
     *
     * @param terminal the terminal; not changed
     * @return the bytes
     */
    public static byte[] serializeBytes(Terminal terminal) {
        return serialize(terminal).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * What {@link #serialize} could not reproduce exactly for this terminal (empty in all but a
     * few corner cases, see the class comment).
     *
     * @param terminal the terminal
     * @return one description per approximated cell or value
     */
    static List<String> approximations(Terminal terminal) {
        VtSerializer serializer = new VtSerializer(terminal);
        serializer.run();
        return serializer.approximations;
    }

    private String run() {
        if (repaint) {
            RepaintReset.write(w);
        } else {
            w.raw(ESC + "c");
        }
        w.resetModel();
        w.csi("20l"); // RIS keeps LNM; painting needs LF to leave the column alone
        titles();
        paintMain();
        tabStops(s.mainScreen());
        margins(s.mainScreen());
        if (s.alternateActive()) {
            paintAlternate();
        } else if (!effectiveSaved(s.alternateScreen()).equals(SavedCursor.INITIAL)) {
            w.defaultBackground();
            w.csi("?47h");
            w.forgetCursor();
            save(s.alternateScreen(), false);
            w.csi("?47l");
            w.forgetCursor();
        }
        new FinalState(s, w, approximations).write();
        return out.toString();
    }

    /** Title stacks, titles, working directory and changed colours: strings without side effects. */
    private void titles() {
        for (StateView.TitleEntry entry : repaint ? List.<StateView.TitleEntry>of() : s.titleStackEntries()) {
            if (entry.iconName() != null) {
                osc("1;" + entry.iconName());
            }
            if (entry.title() != null) {
                osc("2;" + entry.title());
            }
            w.csi("22;" + (entry.title() == null ? 1 : entry.iconName() == null ? 2 : 0) + "t");
        }
        osc("1;" + s.iconName());
        osc("2;" + s.title());
        if (!s.workingDirectory().isEmpty()) {
            osc("7;" + s.workingDirectory());
        }
        s.changedColors().forEach(this::osc);
    }

    private void osc(String payload) {
        w.raw(VtWriter.OSC + payload + VtWriter.ST);
    }

    // ---- screens -------------------------------------------------------------------------------

    private void paintMain() {
        Screen main = s.mainScreen();
        int history = main.scrollback().size() - historySkipped;
        int total = history + rows;
        int savedRow = effectiveSaved(main).absoluteRow();
        boolean saveFirst = savedRow < rows;
        boolean save = !effectiveSaved(main).equals(SavedCursor.INITIAL);
        if (save && saveFirst) {
            save(main, true);
        }
        LinePainter painter = new LinePainter(w, approximations, true);
        // Not in a repaint: a one-row terminal's trick there (ED 3) would drop the receiving terminal's scrollback.
        if (main.lineAtBufferIndex(historySkipped).isWrapped() && !repaint) {
            painter.startWrapped(main.scrollback().limit() > 0);
        }
        for (int g = 0; g < total; g++) {
            Line line = main.lineAtBufferIndex(historySkipped + g);
            Line next = g + 1 < total ? main.lineAtBufferIndex(historySkipped + g + 1) : null;
            boolean saveHere = save && !saveFirst && g == savedRow;
            int row = Math.min(g, rows - 1);
            Runnable hook = saveHere || line.promptMark() != 0 ? () -> {
                if (saveHere) {
                    save(main, true);
                }
                promptMark(line.promptMark(), row);
            } : null;
            painter.paint(line, row, hook, next);
        }
    }

    /**
     * A line's shell-integration mark, written once the cursor is on the line: OSC 133 A, and D with the exit code
     * when the command ended. A terminal fed this marks the same line (and a web page rebuilds its prompt marks).
     */
    private void promptMark(long mark, int row) {
        if (mark == 0) {
            return;
        }
        if (!w.cursorKnown() || w.row() != row) {
            w.moveTo(row, 0); // the painter moves the cursor only when it prints: the first row's may be elsewhere
        }
        osc("133;A");
        if ((mark & Line.EXIT_CODE) != 0) {
            osc("133;D;" + (int) mark);
        }
    }

    private void paintAlternate() {
        Screen alternate = s.alternateScreen();
        w.defaultBackground();
        w.csi("?47h");
        w.forgetCursor();
        if (!effectiveSaved(alternate).equals(SavedCursor.INITIAL)) {
            save(alternate, false);
        }
        LinePainter painter = new LinePainter(w, approximations, false);
        if (alternate.line(0).isWrapped()) {
            painter.startWrapped(false);
        }
        for (int row = 0; row < rows; row++) {
            painter.paint(alternate.line(row), row, null, row + 1 < rows ? alternate.line(row + 1) : null);
        }
        tabStops(alternate);
        margins(alternate);
    }

    private void tabStops(Screen screen) {
        TabStops tabs = screen.tabs();
        boolean standard = true;
        for (int col = 0; col < cols; col++) {
            standard &= tabs.isSet(col) == (col % TabStops.INTERVAL == 0);
        }
        if (standard) {
            return;
        }
        w.csi("3g");
        for (int col = 0; col < cols; col++) {
            if (tabs.isSet(col)) {
                w.moveTo(0, col);
                w.raw(ESC + "H");
            }
        }
    }

    private void margins(Screen screen) {
        if (screen.scrollTop() != 0 || screen.scrollBottom() != rows - 1) {
            w.csi((screen.scrollTop() + 1) + ";" + (screen.scrollBottom() + 1) + "r");
            w.cursorAt(0, 0);
        }
        if (!screen.fullWidth()) {
            w.csi("?69h");
            w.csi((screen.leftMargin() + 1) + ";" + (screen.rightMargin() + 1) + "s");
            w.cursorAt(0, 0);
        }
    }

    // ---- saved cursor --------------------------------------------------------------------------

    /**
     * What DECSC saved, in the terms a fresh terminal can reproduce: the row clamped into the
     * buffer (and, on the alternate screen, counted without its hidden history), no hyperlink.
     */
    private SavedCursor effectiveSaved(Screen screen) {
        SavedCursor saved = effectiveSaved(s, screen, rows);
        if (historySkipped == 0 || screen != s.mainScreen()) {
            return saved;
        }
        // Counted from the first line painted; one saved in the lines left out is put on that line.
        return new SavedCursor(saved.col(), Math.max(0, saved.absoluteRow() - historySkipped), saved.style(),
            saved.extra(), saved.charset());
    }

    /**
     * {@link #effectiveSaved(Screen)} for any caller.
     *
     * @param s the state
     * @param screen the main or the alternate screen
     * @param rows screen height
     * @return the saved cursor as a fresh terminal can have it
     */
    static SavedCursor effectiveSaved(StateView s, Screen screen, int rows) {
        SavedCursor saved = screen.saved();
        int history = screen == s.mainScreen() ? screen.scrollback().size() : 0;
        int row = screen == s.mainScreen() ? saved.absoluteRow()
            : Math.max(0, saved.absoluteRow() - screen.scrollback().size());
        row = Math.min(row, history + rows - 1);
        // past cols + 1 (a screen narrowed while not shown) DECRC clamps it anyway
        int col = saved.col() > screen.cols() + 1 ? screen.cols() - 1 : saved.col();
        return new SavedCursor(col, row, saved.style(), Extras.withLink(saved.extra(), 0),
            saved.charset() == null ? Charset.US : saved.charset());
    }

    /**
     * DECSC with the saved values of {@code screen}, which is shown and painted up to the row the
     * save needs (the bottom row, or any row before painting starts).
     */
    private void save(Screen screen, boolean main) {
        SavedCursor saved = effectiveSaved(screen);
        int history = main ? Math.max(0, saved.absoluteRow() - rows + 1) : 0;
        int row = saved.absoluteRow() - history;
        if (saved.col() < cols) {
            w.moveTo(row, saved.col());
        } else if (main) {
            Placement.throughAlternateScreen(w, row, saved.col());
        } else {
            Placement.pendingOnBlankRow(w, row, saved.col());
        }
        w.attributes(saved.style(), Extras.withLink(saved.extra(), Extras.link(w.extra())));
        if (saved.charset() != Charset.US) {
            w.raw(ESC + "(" + saved.charset().designator() + ESC + "7" + ESC + "(B");
        } else {
            w.raw(ESC + "7");
        }
        if (!main && saved.col() >= cols) {
            w.defaultBackground();
            w.moveTo(row, cols - 1);
            w.csi("X"); // the blank row was written on to get the wrap pending
        }
    }

    /** Cursor tricks shared with {@link FinalState}. */
    static final class Placement {
        private Placement() {
        }

        /**
         * Puts the main screen's cursor anywhere, pending wrap (column {@code cols}) and the lost
         * zero-width state ({@code cols + 1}) included: on the alternate screen the cursor is
         * moved there, and leaving it hands the position to the main screen as it is. The
         * alternate screen is cleared on its next use, so what is written there does not matter.
         */
        static void throughAlternateScreen(VtWriter w, int row, int col) {
            w.csi("?47h");
            w.forgetCursor();
            pendingOnBlankRow(w, row, col);
            w.csi("?47l");
            w.cursorAt(row, col);
        }

        /**
         * Gets the wrap pending at {@code row} by printing in the last column, plus a zero-width
         * character for {@code cols + 1}; for a blank row whose last cell may be written on.
         */
        static void pendingOnBlankRow(VtWriter w, int row, int col) {
            if (col < w.cols()) {
                w.moveTo(row, col);
                return;
            }
            w.moveTo(row, w.cols() - 1);
            w.print(" ", 1);
            if (col > w.cols()) {
                w.raw(ESC + "\\");
                w.text(ZERO_WIDTH_SPACE);
            }
            w.cursorAt(row, col);
        }
    }

}
