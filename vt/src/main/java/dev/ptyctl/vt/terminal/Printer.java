package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.unicode.UnicodeWidth;
import dev.ptyctl.vt.unicode.Utf8;

/**
 * Puts printable characters on the screen: charset mapping, cell widths, autowrap with the
 * pending-wrap state, insert mode, wide characters and combining marks, following xterm.js's
 * {@code InputHandler.print}.
 *
 * <ul>
 *   <li>A wide character that does not fit in the last column wraps whole; the cell it leaves
 *       behind is blanked with the current style. With autowrap off it is dropped.</li>
 *   <li>A zero-width character (combining mark, ZWJ, variation selector) joins the cell printed just
 *       before it, as long as nothing but printable text came in between; otherwise it takes a cell
 *       of its own with width 0, as xterm.js does.</li>
 *   <li>Overwriting one half of a wide character blanks the other half.</li>
 *   <li>On a one-column screen a wide character can never fit and is dropped (xterm.js does not
 *       allow fewer than two columns).</li>
 * </ul>
 *
 * Runs of plain ASCII with the US charset and insert mode off take a fast path that copies them
 * into the line with no per-character work beyond the copy.
 */
final class Printer {
    /**
     * Longest REP (CSI Ps b) repetition honoured; xterm.js has no limit but would allocate Ps cells,
     * and anything longer than a maximal screen only scrolls the same character.
     */
    private static final int MAX_REPEAT = 1000 * 1000;
    /** U+FEFF: dropped by the decoder, so the UTF-8 path leaves it to the parser. */
    private static final int BYTE_ORDER_MARK = 0xFEFF;

    private static final int ESC = 0x1B;
    /** The parameters of {@code ESC [ K}, EL 0 in its shortest form: one, omitted (0). Never changed. */
    private static final Params EL_PARAMETERS = Params.parse("");

    private final TerminalState t;
    private final CursorOps cursorOps;
    private final ScrollOps scroll;
    private final SgrOps sgr;
    private final EditOps edit;
    /**
     * Parameters of an SGR taken between two runs of text, or of an EL after one ({@link #printUtf8}); the parser's
     * own are not touched.
     */
    private final Params sgrParams = new Params();
    /** Width of the last character printed, 0 after any control or sequence: what a mark may join. */
    private int precedingWidth;
    /**
     * The extras printed cells get: the current ones, except that an underline colour is kept only
     * on underlined or linked cells, as xterm.js stores its extended attributes only then.
     */
    private long cellExtra;
    /**
     * Column after the last one printing may use: the screen's width, or the right margin plus one
     * while left and right margins are set (DECSLRM) and the cursor is not right of them.
     */
    private int edge;
    /** Column a wrap continues at: 0, or the left margin inside margins. */
    private int wrapTo;
    /** Whether {@link #edge} is the right margin (DECSLRM), even when that is the last column. */
    private boolean wrapsAtMargin;
    /**
     * Whether the last write of text ({@link #printUtf8}) had characters other than ASCII: the next one then starts in
     * the UTF-8 loop rather than the ASCII one. A program's next line is most often like its last, so text that mixes
     * scripts goes straight to the loop that takes both, without an ASCII run handing over to it in every line.
     */
    private boolean lastTextMixed;

    Printer(TerminalState t, CursorOps cursorOps, ScrollOps scroll, SgrOps sgr, EditOps edit) {
        this.t = t;
        this.cursorOps = cursorOps;
        this.scroll = scroll;
        this.sgr = sgr;
        this.edit = edit;
    }

    /** Called for every control and sequence: a zero-width character after it joins nothing. */
    void breakJoin() {
        precedingWidth = 0;
    }

    void print(int[] codePoints, int start, int end) {
        if (start >= end) {
            return;
        }
        Screen s = t.active;
        Cursor cursor = s.cursor();
        Line line = begin(s, cursor);
        int col = cursor.col();
        boolean identity = t.charsets.isIdentity();
        boolean insert = t.modes.insert;
        int i = start;
        while (i < end) {
            int cp = codePoints[i];
            if (!insert) {
                long run = line.setRun(col, codePoints, i, end, edge, t.style, cellExtra, !identity);
                int next = (int) (run >>> 32);
                if (next > i) {
                    precedingWidth = (int) run >>> 16 & 3;
                    col = (int) run & 0xFFFF;
                    i = next;
                    continue;
                }
                if (cp >= 0x7F && precedingWidth != 0 && col > 0 && UnicodeWidth.of(cp) == 0) {
                    joinMark(line, col, cp);
                    i++;
                    continue;
                }
            }
            cursor.setCol(col);
            line = printOne(s, line, cp);
            col = cursor.col();
            i++;
        }
        end(s, cursor, line, col);
    }

    /**
     * Prints UTF-8 text straight from the input (see {@link
     * dev.ptyctl.vt.parser.VtHandler#printUtf8}); what {@link #print(int[], int, int)} does for the
     * same characters decoded. Takes nothing in insert mode or with a charset other than US ASCII
     * (the parser then decodes the text for {@code print}).
     *
     * @return the index after the last byte printed
     */
    int printUtf8(byte[] src, int from, int to) {
        if (t.modes.insert || !t.charsets.isIdentity() || !isText(Utf8.decodeOne(src, from, to))) {
            return from;
        }
        Screen s = t.active;
        Cursor cursor = s.cursor();
        Line line = begin(s, cursor);
        int col = cursor.col();
        long style = t.style;
        // Between margins (DECSLRM) the end of a run can change where the next one wraps; there every sequence
        // (SGR, EL) and every line end (CR LF) goes back through the parser.
        boolean fullWidth = s.fullWidth();
        int i = from;
        boolean utf8Loop = lastTextMixed;
        boolean multiByte = false;
        while (i < to) {
            // ASCII takes a loop of its own (Line.setRunAscii) until the first byte of other text; from there on the
            // UTF-8 loop takes every run of this write, as it copies the ASCII inside mixed text itself: each loop
            // compiled with the registers to itself (docs/benchmarks.md, tenth session).
            multiByte |= src[i] < 0;
            boolean ascii = !(multiByte | utf8Loop);
            long run = ascii ? line.setRunAscii(col, src, i, to, edge, style, cellExtra)
                : line.setRunUtf8(col, src, i, to, edge, style, cellExtra);
            int next = (int) (run >>> 32);
            if (next > i) {
                precedingWidth = (int) run >>> 16 & 3;
                int endCol = (int) run & 0xFFFF;
                multiByte |= next - i != endCol - col; // a character of several bytes takes fewer columns than bytes
                col = endCol;
                i = next;
                if (i == to) {
                    break;
                }
                if (ascii && src[i] < 0) {
                    // ASCII then other text: the UTF-8 loop goes on from the ASCII run's last character, written again
                    // as it is, so that a combining mark right after it joins it in the loop, as in a run that started
                    // with other text (a mark first in a run is left to joinMark below, the slow way)
                    multiByte = true;
                    i--;
                    col--;
                    continue;
                }
            }
            int b = src[i];
            if (b == ESC) {
                if (!fullWidth) {
                    break;
                }
                if (i + 2 < to && src[i + 2] == 'K' && src[i + 1] == '[') {
                    // ESC [ K, EL 0 in its shortest form, the commonest sequence after text in a full-screen
                    // program's redraw (it clears the rest of each row it writes): taken before the SGR forms are
                    // tried and without reading parameters, as the parser would dispatch it (below, the other forms).
                    return eraseAfterText(s, cursor, line, col, EL_PARAMETERS, multiByte, i + 3);
                }
                int after = resetAfter(src, i, to);
                boolean reset = after >= 0;
                boolean color = false;
                if (!reset) {
                    after = sgr.readColor(src, i, to);
                    color = after >= 0;
                    if (!color) {
                        after = sgrParams.readSgrOrEl(src, i, to);
                    }
                }
                if (after < 0) {
                    if (after < -1) {
                        // A plain EL after text (a full-screen program clearing the rest of a row it wrote, TUI's
                        // commonest pair): what ending this run does, then the EL as the parser would dispatch it;
                        // the parser takes what follows (a cursor move, mostly). One round trip less per row written.
                        return eraseAfterText(s, cursor, line, col, sgrParams, multiByte, -1 - after);
                    }
                    break;
                }
                // A plain SGR between runs of text, applied here as the parser would dispatch it: what ending this
                // run does (an orphaned right half is blanked in the old style), the SGR, then the next run's start
                // (new cell extras; the cursor, line and edge stay).
                blankOrphanedRightHalf(line, col, s.cols());
                if (reset) {
                    sgr.reset();
                } else if (color) {
                    sgr.applyReadColor();
                } else {
                    sgr.apply(sgrParams);
                }
                breakJoin(); // as after every dispatched sequence
                style = t.style;
                cellExtra = cellExtra();
                i = after;
                continue;
            }
            if (b >= 0 && b < 0x20) {
                // A C0 control (CR and LF end most runs): what isText below decides too, without decoding it
                // first. Best of 20 s on SGR_LOG, MiB/s with/without this test in four pairs: 284/280, 287/269,
                // 279/281, 276/240.
                // CR LF (CR CR LF through a PTY's onlcr) after text with other characters than ASCII: executed here as
                // the parser would execute them, and the next line printed in the same loop, so that mixed-script
                // text does not go back through the parser and in again at every line (UNICODE and COMBINING end a
                // line every 110-150 bytes). Plain ASCII lines still return: coloured logs lost 3 % when every
                // line stayed here (docs/benchmarks.md, item 3 second session; twelfth session, uni10).
                int after;
                if (b == '\r' && multiByte && fullWidth && (after = lineEndAfter(src, i, to)) > 0) {
                    end(s, cursor, line, col);
                    cursorOps.carriageReturn();
                    scroll.lineFeed();
                    breakJoin();
                    line = begin(s, cursor);
                    col = cursor.col();
                    i = after;
                    continue;
                }
                break;
            }
            // stopped before a character of width 0 (one the loop could not join in a few stores, or with nothing to
            // join), one that does not fit, one beyond plane 1, or a byte that is not text
            long one = Utf8.decodeOne(src, i, to);
            if (!isText(one)) {
                break;
            }
            int cp = (int) one;
            if (precedingWidth != 0 && col > 0 && cp >= 0xA0 && UnicodeWidth.of(cp) == 0) {
                joinMark(line, col, cp);
            } else {
                cursor.setCol(col);
                line = printOne(s, line, cp);
                col = cursor.col();
            }
            i += (int) (one >>> 32);
        }
        end(s, cursor, line, col);
        lastTextMixed = multiByte;
        return i;
    }

    /**
     * An EL with parameters {@code p} right after text ({@link #printUtf8}): what ending the run does, then the EL as the
     * parser would dispatch it; returns {@code next}, the index after the EL, where the parser goes on.
     */
    private int eraseAfterText(Screen s, Cursor cursor, Line line, int col, Params p, boolean multiByte, int next) {
        end(s, cursor, line, col);
        edit.eraseInLine(p);
        breakJoin();
        lastTextMixed = multiByte;
        return next;
    }

    /**
     * The index after {@code ESC [ 0 m} or {@code ESC [ m} at {@code src[from]}, else -1: the reset that ends nearly
     * every coloured word (46 % of the SGRs of the SGR_LOG bench workload), taken without reading parameters.
     */
    private static int resetAfter(byte[] src, int from, int to) {
        if (from + 2 >= to || src[from + 1] != '[') {
            return -1;
        }
        if (src[from + 2] == 'm') {
            return from + 3;
        }
        return from + 3 < to && src[from + 2] == '0' && src[from + 3] == 'm' ? from + 4 : -1;
    }

    /** The index after {@code CR LF} or {@code CR CR LF} at {@code src[from]}, else -1. */
    private static int lineEndAfter(byte[] src, int from, int to) {
        int j = from + 1;
        if (j < to && src[j] == '\r') {
            j++;
        }
        return j < to && src[j] == '\n' ? j + 1 : -1;
    }

    /** Whether {@link Utf8#decodeOne}'s result is a character the parser would hand to {@link #print}. */
    private static boolean isText(long decoded) {
        int cp = (int) decoded;
        return decoded >= 0 && (cp >= 0x20 && cp < 0x7F || cp >= 0xA0 && cp != BYTE_ORDER_MARK);
    }

    /** Start of a printed run: the margins it wraps at, the extras its cells get, a wide character it cuts. */
    private Line begin(Screen s, Cursor cursor) {
        int cols = s.cols();
        Line line = s.line(cursor.row());
        int col = cursor.col();
        cellExtra = cellExtra();
        chooseWrapEdge(s, cursor, col);
        if (col > 0 && col <= cols && line.width(col - 1) == 2) {
            line.set(col - 1, 0, 1, t.style, cellExtra);
        }
        return line;
    }

    /** The extras a cell printed now gets (see {@link #cellExtra}). */
    private long cellExtra() {
        long extra = t.extra;
        return extra == 0 || Style.underline(t.style) != Style.UNDERLINE_NONE || Extras.link(extra) != 0 ? extra : 0;
    }

    /**
     * Where printing from {@code col} wraps ({@link #edge}) and to which column ({@link #wrapTo}),
     * as xterm decides it: at the right margin unless the cursor is right of it. Decided again after
     * every wrap, so the text wraps the same wherever the input was split: one character per write
     * meets this at every character.
     */
    private void chooseWrapEdge(Screen s, Cursor cursor, int col) {
        // Past the last column the cursor only ever waits to wrap; when the right margin is the last
        // column that is a wrap at the margin, which the cursor's own flag marks only short of it.
        boolean pendingAtLastColumnMargin = col == s.cols() && s.rightMargin() == s.cols() - 1;
        wrapsAtMargin = !s.fullWidth()
            && (cursor.marginWrapPending() || col <= s.rightMargin() || pendingAtLastColumnMargin);
        edge = wrapsAtMargin ? s.rightMargin() + 1 : s.cols();
        wrapTo = wrapsAtMargin ? s.leftMargin() : 0;
    }

    /** End of a printed run: the cursor, a wrap pending at a right margin, a wide character cut in two. */
    private void end(Screen s, Cursor cursor, Line line, int col) {
        int cols = s.cols();
        cursor.setCol(col);
        if (col == edge && edge < cols) {
            cursor.setMarginWrapPending();
        }
        blankOrphanedRightHalf(line, col, cols);
    }

    /**
     * Blanks the cell at {@code col} when it is the right half of a wide character whose left half
     * was just overwritten, as the end of every printed run does.
     */
    private void blankOrphanedRightHalf(Line line, int col, int cols) {
        if (col < cols && line.width(col) == 0 && !line.hasText(col)) {
            line.set(col, 0, 1, t.style, cellExtra);
        }
    }

    /** A combining mark after text: joins the cell before {@code col} (what printOne does for it). */
    private void joinMark(Line line, int col, int cp) {
        int base = line.width(col - 1) != 0 ? col - 1 : col - 2;
        if (base >= 0) {
            line.appendCombining(base, cp, precedingWidth);
        }
    }

    /** REP, CSI Ps b: prints the last printed character Ps more times (nothing after a control). */
    void repeat(int count) {
        Screen s = t.active;
        int col = s.cursor().col() - precedingWidth;
        if (precedingWidth == 0 || col < 0) {
            return;
        }
        String text = s.line(s.cursor().row()).chars(col);
        if (text.isEmpty()) {
            return;
        }
        int[] cps = text.codePoints().toArray();
        int n = Math.min(count, MAX_REPEAT);
        int[] data = new int[cps.length * n];
        for (int k = 0; k < n; k++) {
            System.arraycopy(cps, 0, data, k * cps.length, cps.length);
        }
        print(data, 0, data.length);
    }

    /** The general path for one code point; returns the line the cursor is on afterwards. */
    private Line printOne(Screen s, Line line, int codePoint) {
        Cursor cursor = s.cursor();
        int cols = s.cols();
        int cp = codePoint < 0x7F ? t.charsets.map(codePoint) : codePoint;
        int width = UnicodeWidth.of(cp);
        boolean join = width == 0 && precedingWidth != 0;
        if (join) {
            width = precedingWidth;
        }
        precedingWidth = width;
        int col = cursor.col();
        if (!join && col + width > edge) {
            if (t.modes.autowrap) {
                // What the end of a run does where the write might have been split: only at a right
                // margin short of the last column can the cell there be a cut wide character.
                blankOrphanedRightHalf(line, col, cols);
                Line oldRow = line;
                scroll.down(true, true);
                if (!wrapsAtMargin) {
                    s.line(cursor.row()).setWrapped(true);
                }
                // Blank what the wide character left behind only now, on the old row object: on a
                // one-row screen without scrollback it has just been recycled as the new row, and
                // xterm.js blanks it there too.
                oldRow.fill(col, edge, t.style, cellExtra);
                col = wrapTo;
                cursor.setCol(col);
                line = s.line(cursor.row());
                chooseWrapEdge(s, cursor, col);
            } else {
                cursor.setCol(edge - 1);
                col = edge - 1;
                if (width == 2) {
                    return line;
                }
            }
        }
        if (join && col > 0) {
            int base = line.width(col - 1) != 0 ? col - 1 : col - 2;
            if (base >= 0) {
                line.appendCombining(base, cp, width);
            }
            // else: the cell before is a zero-width one in column 0; xterm.js writes the mark
            // before the row, where it is lost
            return line;
        }
        if (col >= edge) {
            // A zero-width character with nothing to join while a wrap is pending: xterm.js writes it
            // past the end of the row, where it is lost, and the cursor goes to cols + 1 (at a right
            // margin, which xterm.js does not have, it is just lost).
            if (!wrapsAtMargin) {
                cursor.setCol(col + 1);
            }
            return line;
        }
        if (col + width > edge) {
            // Only a wide character on a one-column screen gets here: it can never fit.
            return line;
        }
        if (t.modes.insert) {
            line.insertCells(col, width, t.style, cellExtra, edge);
        }
        line.set(col, cp, width, t.style, cellExtra);
        col++;
        if (width == 2) {
            line.set(col, 0, 0, t.style, cellExtra);
            col++;
        }
        cursor.setCol(col);
        return line;
    }
}
