package dev.ptyctl.vt.screen;

import dev.ptyctl.vt.unicode.UnicodeWidth;
import dev.ptyctl.vt.unicode.Utf8Widths;
import java.util.Arrays;

/**
 * One row of cells, stored column-major in primitive arrays so printing plain text allocates
 * nothing: an {@code int} per cell holding its content and the index of its style in a small palette of the line's
 * own (a {@code long} {@link Style} per entry, made only once a cell of the line has a style other than the default),
 * plus side stores allocated only when needed ({@link Clusters}: base characters with their combining marks, packed
 * as ints; extras: underline colour and hyperlink; the styles of cells past what the palette holds).
 *
 * <pre>
 * content bits  31..24  23..22  21        20..0
 *               style   width   combined  code point (0 = empty), or the cluster's index when combined
 *
 * style:    0 for the default style; 1..254 the entry of {@link #palette}; 255 ({@link #OVERFLOW}) the cell's own
 *           entry in {@link #overflowStyles}
 * width:    1 for a normal cell and for an empty one; 2 for the left half of a wide character;
 *           0 for the right half of a wide character (code point 0) or for a zero-width character
 *           that had nothing to join (code point set)
 * combined: the cell's text is the cluster (base plus marks) at the index the low bits hold in
 *           {@link #clusters}
 * </pre>
 *
 * The style in the content's top byte makes a styled cell cost what a plain one does: one store of an {@code int}
 * per character, and a blank of the content blanks the styles with it. A separate {@code long} per cell (how styles
 * were kept before) cost TUI and coloured output 10-22 % of the emulator's time in its bookkeeping
 * (docs/benchmarks.md, eighth and ninth sessions).
 *
 * An empty cell ({@link #EMPTY}) has width 1 and no code point, as in xterm.js; erasing keeps the
 * erase style's background. Cells past the last one written are empty.
 *
 * <p>Wide characters are never left half-cut: every operation that overwrites or moves one half of
 * a wide character blanks the other half, with the rules xterm.js's BufferLine applies.
 */
public final class Line {
    private static final int CODE_POINT_MASK = 0x1F_FFFF;
    private static final int COMBINED = 1 << 21;
    private static final int WIDTH_SHIFT = 22;
    private static final int HAS_TEXT = CODE_POINT_MASK | COMBINED;

    /** Content of an empty cell: width 1, no character. */
    public static final int EMPTY = 1 << WIDTH_SHIFT;
    /** Content of the right half of a wide character: width 0, no character. */
    public static final int SPACER = 0;

    /** Where a cell's content keeps the index of its style. */
    private static final int STYLE_SHIFT = 24;
    private static final int STYLE_BITS = 0xFF << STYLE_SHIFT;
    /** Style index of a cell whose style is in {@link #overflowStyles}: the palette had no room for it. */
    private static final int OVERFLOW = 0xFF;
    private static final int OVERFLOW_BITS = OVERFLOW << STYLE_SHIFT;
    /** Entries a palette holds at most: indexes 0 (the default, never stored) to {@link #OVERFLOW} - 1. */
    private static final int MAX_PALETTE = OVERFLOW;

    private int cols;
    private int[] content;
    /**
     * The styles the cells' indexes name, from index 1 on (entry 0 is unused: index 0 is the default style); null
     * while no cell of the line was given another style (plain text costs no array). Entries of cells since
     * overwritten stay until the palette is full, which then drops them ({@link #compactPalette}), or until the line
     * is blanked whole.
     */
    private long[] palette;
    /** Entries of {@link #palette} in use, counting the unused entry 0. */
    private int paletteSize;
    /**
     * Set when the palette, full, freed too few entries by compacting to be worth another pass over the cells: new
     * styles go to {@link #overflowStyles} until the line is blanked whole. Bounds the work of a line with more
     * distinct styles than the palette holds (a gradient of true colours across a wide row).
     */
    private boolean paletteExhausted;
    /** The style of each cell whose index is {@link #OVERFLOW}, at its column; null until one is. */
    private long[] overflowStyles;
    /** Underline colour / hyperlink per cell, see {@link #extra(int)}; null while all are 0. */
    private long[] extras;
    /**
     * Text of combined cells; null while no cell was ever combined. Only read where the content has
     * the combined bit: writing a cell clears the bit and leaves the old cluster there, so blanking a
     * line costs no pass over it.
     */
    private Clusters clusters;
    private boolean wrapped;
    /**
     * Shell integration on this line (OSC 133): 0 for none; {@link #PROMPT} when a prompt started here; with
     * {@link #EXIT_CODE} too, when its command ended, the exit code in the low 32 bits. Kept with the line, so it
     * scrolls and goes with it; a reflow moves it to the row that then holds the cell the prompt started at (see
     * {@link #takePromptMark}); the vt serialization carries it.
     */
    private long promptMark;
    /**
     * Array index from which every cell is known to be empty with the default style, no extras and
     * no grapheme: blanking a line (scrolling, erasing) only has to touch the cells before it (and from
     * {@link #usedFrom} on), which for the usual short line is a small part of the row.
     */
    private int used;
    /**
     * Array index before which every cell is known to be empty with the default style, no extras and no grapheme, as
     * from {@link #used} on; {@link #ALL_BLANK} while every cell is. Blanking touches only {@code [usedFrom, used)}: a
     * full-screen program's redraw writes a few words at some column of a row, and an ED 2 or a scroll then blanks
     * those cells rather than every cell from column 0 to the last one written.
     */
    private int usedFrom = ALL_BLANK;
    private static final int TEMPLATE_LENGTH = 256;
    /** {@link #EMPTY} cells for {@link #copyBlank}; never written. */
    private static final int[] BLANK_CELLS = new int[TEMPLATE_LENGTH];
    /** No extras, for {@link #copyBlank}; never written. */
    private static final long[] NO_EXTRAS = new long[TEMPLATE_LENGTH];

    static {
        Arrays.fill(BLANK_CELLS, EMPTY);
    }

    /** {@link #usedFrom} of a line with no cell written. */
    private static final int ALL_BLANK = Integer.MAX_VALUE;

    /**
     * Creates a line of empty cells.
     *
     * @param cols number of cells
     * @param fillStyle style of the empty cells
     */
    public Line(int cols, long fillStyle) {
        this.cols = cols;
        this.content = new int[cols];
        if (fillStyle != Style.DEFAULT) {
            fillStyled(0, cols, fillStyle, 0);
        } else {
            Arrays.fill(content, EMPTY);
        }
    }

    /**
     * Number of cells.
     *
     * @return the width of the line
     */
    public int cols() {
        return cols;
    }

    /**
     * Whether this line continues the previous one because text wrapped at the right margin (as
     * opposed to starting after a line feed); reflow and copy-paste use it.
     *
     * @return true for a soft-wrapped continuation line
     */
    public boolean isWrapped() {
        return wrapped;
    }

    /** {@link #promptMark} flag: a prompt started on this line (OSC 133 A). */
    public static final long PROMPT = 1L << 32;
    /** {@link #promptMark} flag: the prompt's command ended (OSC 133 D) with the exit code in the low 32 bits. */
    public static final long EXIT_CODE = 1L << 33;
    /** Where {@link #promptMark} keeps the column the prompt started at (16 bits), for a reflow to follow that cell. */
    private static final int COLUMN_SHIFT = 34;
    private static final int MAX_COLUMN = 0xffff;

    /**
     * The shell-integration mark of this line: 0, or {@link #PROMPT}, with {@link #EXIT_CODE} and the code in the
     * low 32 bits once the prompt's command ended (higher bits hold the prompt's column, see {@link #promptColumn}).
     *
     * @return the mark
     */
    public long promptMark() {
        return promptMark;
    }

    /**
     * The column this line's prompt started at (0 without a mark).
     *
     * @return the column
     */
    public int promptColumn() {
        return (int) (promptMark >>> COLUMN_SHIFT) & MAX_COLUMN;
    }

    /**
     * Marks a prompt as starting on this line (OSC 133 A); a mark it had before is replaced.
     *
     * @param column the column it starts at (the cursor's)
     */
    public void markPrompt(int column) {
        promptMark = PROMPT | (long) Math.min(column, MAX_COLUMN) << COLUMN_SHIFT;
    }

    /**
     * Records the exit code of this line's prompt's command (OSC 133 D), when the line has a prompt mark without one.
     *
     * @param exitCode the command's exit code
     */
    public void markExitCode(int exitCode) {
        if ((promptMark & (PROMPT | EXIT_CODE)) == PROMPT) {
            promptMark |= EXIT_CODE | (exitCode & 0xffffffffL);
        }
    }

    /**
     * Takes this line's prompt mark away, for {@link #putPromptMark} to put on the row that holds the prompt's first
     * cell after a reflow moved the cells of a wrapped group (or of a row cut in several) between its rows: a prompt
     * drawn on a continuation row (bash draws it right after output without a final newline, on the output's wrapped
     * row when that was longer than the width) keeps its mark with its text, and the mark is not lost with a row the reflow removes.
     *
     * @return the mark, 0 for none
     */
    long takePromptMark() {
        long mark = promptMark;
        promptMark = 0;
        return mark;
    }

    /**
     * Puts a mark taken by {@link #takePromptMark} on this line, replacing any it has.
     *
     * @param mark   the mark
     * @param column the column of this line the prompt's first cell is now at
     */
    void putPromptMark(long mark, int column) {
        promptMark = mark & ~((long) MAX_COLUMN << COLUMN_SHIFT) | (long) Math.min(column, MAX_COLUMN) << COLUMN_SHIFT;
    }

    /**
     * Whether every cell is empty with the default style, no extras and no grapheme, and the line is not a soft-wrapped
     * continuation: blanking it to the default style changes nothing.
     *
     * @return true for a blank, unwrapped line
     */
    public boolean blankUnwrapped() {
        return used == 0 & !wrapped;
    }

    /**
     * Marks or unmarks this line as a soft-wrapped continuation.
     *
     * @param wrapped the new flag
     */
    public void setWrapped(boolean wrapped) {
        this.wrapped = wrapped;
    }

    /**
     * The (base) code point of a cell, 0 when empty or the right half of a wide character.
     *
     * @param col column
     * @return code point
     */
    public int codePoint(int col) {
        int c = content[col];
        return (c & COMBINED) != 0 ? clusters.base(c & CODE_POINT_MASK) : c & CODE_POINT_MASK;
    }

    /**
     * Cell width: 1, 2 (left half of a wide character) or 0 (right half, or zero-width character).
     *
     * @param col column
     * @return width
     */
    public int width(int col) {
        return content[col] >>> WIDTH_SHIFT & 3;
    }

    /**
     * Whether the cell holds a character (as opposed to being empty or a wide character's right half).
     *
     * @param col column
     * @return true when there is text
     */
    public boolean hasText(int col) {
        return (content[col] & HAS_TEXT) != 0;
    }

    /**
     * Whether the cell's text is a cluster (a base character with combining marks): {@link #chars} is then more than
     * {@link #codePoint}'s character. A reader that copies cells asks this to build a string only for such cells.
     *
     * @param col column
     * @return true for a combined cell
     */
    public boolean isCluster(int col) {
        return (content[col] & COMBINED) != 0;
    }

    /**
     * The cell's style.
     *
     * @param col column
     * @return packed {@link Style}
     */
    public long style(int col) {
        int index = content[col] >>> STYLE_SHIFT;
        return index == 0 ? Style.DEFAULT : index != OVERFLOW ? palette[index] : overflowStyles[col];
    }

    /**
     * The cell's rare attributes, packed as {@link Extras} describes (underline colour, hyperlink);
     * 0 for none.
     *
     * @param col column
     * @return packed extras
     */
    public long extra(int col) {
        return extras == null ? 0 : extras[col];
    }

    /**
     * The cell's text: "" when empty, the character, or base character plus combining marks.
     *
     * @param col column
     * @return text of the cell
     */
    public String chars(int col) {
        int c = content[col];
        if ((c & COMBINED) != 0) {
            return clusters.text(c & CODE_POINT_MASK);
        }
        int cp = c & CODE_POINT_MASK;
        return cp == 0 ? "" : Character.toString(cp);
    }

    /**
     * Writes one character.
     *
     * @param col column
     * @param codePoint the character, 0 for none
     * @param width 0, 1 or 2
     * @param style packed style
     * @param extra packed extras, see {@link #extra(int)}
     */
    public void set(int col, int codePoint, int width, long style, long extra) {
        int bits = styleBits(style);
        content[col] = codePoint | (width << WIDTH_SHIFT) | bits;
        if (bits == OVERFLOW_BITS) {
            overflowStyles[col] = style;
        }
        if (col >= used) {
            used = col + 1;
        }
        usedFrom = Math.min(usedFrom, col);
        setExtra(col, extra);
    }

    /**
     * Writes a run of narrow characters (width 1, no combining marks) without per-cell checks: the
     * printing fast path.
     *
     * @param col first column
     * @param codePoints characters
     * @param from first index in {@code codePoints}
     * @param to index after the last
     * @param style packed style for all of them
     * @param extra packed extras for all of them
     */
    public void setNarrowRun(int col, int[] codePoints, int from, int to, long style, long extra) {
        int end = col + (to - from);
        if (end > used) {
            used = end;
        }
        if (end > col) {
            usedFrom = Math.min(usedFrom, col);
        }
        int cell = EMPTY | styleBits(style);
        for (int i = from, c = col; i < to; i++, c++) {
            content[c] = codePoints[i] | cell;
        }
        if (cell == (EMPTY | OVERFLOW_BITS)) {
            Arrays.fill(overflowStyles, col, end, style);
        }
        if (extras != null || extra != 0) {
            Arrays.fill(extras(), col, end, extra);
        }
    }

    /**
     * The printing fast path for any text: writes code points of width 1 and 2 (a wide one with its
     * right half) from {@code col} on, all with the same style, until one has width 0 (it joins the
     * previous cell, which the caller does), does not fit before {@code edge}, or is ASCII while
     * {@code stopAtAscii} (a charset must map it).
     *
     * @param col first column
     * @param codePoints characters
     * @param from first index in {@code codePoints}
     * @param to index after the last
     * @param edge column after the last one that may be written
     * @param style packed style for all of them
     * @param extra packed extras for all of them
     * @param stopAtAscii whether code points below 0x7F end the run
     * @return the index after the last code point written, shifted left 32 bits, or-ed with the
     *     width of the last character written (0 when none) shifted left 16 bits, or-ed with the
     *     column after the last cell written
     */
    public long setRun(int col, int[] codePoints, int from, int to, int edge, long style, long extra,
                       boolean stopAtAscii) {
        int c = col;
        int i = from;
        int width = 0;
        int bits = style == Style.DEFAULT ? 0 : styleBits(style);
        while (i < to) {
            int cp = codePoints[i];
            int w;
            if (cp < 0x7F) {
                if (stopAtAscii) {
                    break;
                }
                w = 1;
            } else {
                w = UnicodeWidth.of(cp);
            }
            if (w == 0 || c + w > edge) {
                break;
            }
            content[c] = cp | (w << WIDTH_SHIFT) | bits;
            if (w == 2) {
                content[c + 1] = SPACER | bits;
            }
            c += w;
            width = w;
            i++;
        }
        if (c > col) {
            if (c > used) {
                used = c;
            }
            usedFrom = Math.min(usedFrom, col); // no branch: where a row is written next is anyone's guess
            if (bits == OVERFLOW_BITS) {
                Arrays.fill(overflowStyles, col, c, style);
            }
            if (extras != null || extra != 0) {
                Arrays.fill(extras(), col, c, extra);
            }
        }
        return (long) i << 32 | width << 16 | c;
    }

    /**
     * {@link #setRunUtf8} for a run that starts with printable ASCII: copies the bytes from {@code src[from]} on, until
     * one that is not printable ASCII (a control, DEL, the first byte of a multi-byte character) or the cell at
     * {@code edge}. A method of its own, called by the printer when the run's first byte is ASCII, so that plain text,
     * coloured logs and full-screen programs (all ASCII) run in a loop that has the registers to itself: as a branch of
     * {@code setRunUtf8}'s loop, the multi-byte decoding around it decided how C2 allocated them, and a change there
     * (a style index in the cell's int) cost ASCII 5 % through a spilled input array (docs/benchmarks.md, ninth and
     * tenth sessions).
     *
     * @param col first column
     * @param src input bytes
     * @param from index of the first byte
     * @param to index after the last byte that may be read
     * @param edge column after the last one that may be written
     * @param style packed style for all of them
     * @param extra packed extras for all of them
     * @return as {@link #setRunUtf8}
     */
    public long setRunAscii(int col, byte[] src, int from, int to, int edge, long style, long extra) {
        int bits = style == Style.DEFAULT ? 0 : styleBits(style);
        int n = copyAscii(content, EMPTY | bits, col, src, from, Math.min(to - from, edge - col));
        int c = col + n;
        if (n > 0) { // the ending of setRunUtf8, inline for the same reason (see there)
            if (c > used) {
                used = c;
            }
            usedFrom = Math.min(usedFrom, col);
            if (bits == OVERFLOW_BITS) {
                Arrays.fill(overflowStyles, col, c, style);
            }
            if (extras != null || extra != 0) {
                Arrays.fill(extras(), col, c, extra);
            }
        }
        return (long) (from + n) << 32 | Math.min(n, 1) << 16 | c;
    }

    /**
     * {@link #setRun} reading UTF-8 straight from the input (the identity charset): writes the
     * well-formed characters of width 1 and 2 from {@code src[from]} on, until a byte that is not
     * part of one (a control, DEL, a C1 control, U+FEFF, ill-formed or cut-off bytes), a character
     * beyond plane 1, a character of width 0 before any was written, or one that does not fit before
     * {@code edge}. A character of width 0 after one written here joins it where the line's cluster
     * store takes it in a few stores ({@link Clusters#tryJoin}); otherwise the run ends before it, and
     * the printer joins it ({@link #appendCombining}).
     *
     * @param col first column
     * @param src input bytes
     * @param from index of the first byte
     * @param to index after the last byte that may be read
     * @param edge column after the last one that may be written
     * @param style packed style for all of them
     * @param extra packed extras for all of them
     * @return as {@link #setRun}, with byte indexes
     */
    public long setRunUtf8(int col, byte[] src, int from, int to, int edge, long style, long extra) {
        int[] cells = content;
        // One copy loop for every style: the style is part of the cell's int, so a styled run stores what a plain one
        // does (styleBits of the default is 0 without touching the palette).
        int bits = style == Style.DEFAULT ? 0 : styleBits(style); // plain text makes no call whatever the JIT inlines
        int ascii = EMPTY | bits;
        int c = col;
        int i = from;
        int width = 0;
        while (i < to) {
            int b = src[i];
            if (b >= 0) {
                if (b < 0x20 || b == 0x7F || c >= edge) {
                    break;
                }
                int max = Math.min(to - i, edge - c);
                int n = copyAscii(cells, ascii, c, src, i, max);
                c += n;
                i += n;
                width = 1;
                continue;
            }
            // Decoded here rather than with Utf8.decodeOne, one test per byte-length class; whatever
            // is ill-formed or cut off at the end stops the run and is left to the parser's decoder. The width
            // tables per length say STOP for what the length cannot encode (overlong forms, surrogates) and for what
            // the parser must take (C1 controls, U+FEFF).
            int cp;
            int length;
            int w;
            if (b < (byte) 0xE0) {
                if (b < (byte) 0xC2 || i + 1 >= to || (src[i + 1] & 0xC0) != 0x80) {
                    break;
                }
                cp = (b & 0x1F) << 6 | (src[i + 1] & 0x3F);
                w = Utf8Widths.twoBytes(cp);
                length = 2;
            } else if (b <= (byte) 0xEF) {
                if (i + 2 >= to) {
                    break;
                }
                int b1 = src[i + 1];
                int b2 = src[i + 2];
                if (((b1 & 0xC0) | (b2 & 0xC0) << 8) != 0x8080) {
                    break;
                }
                cp = (b & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
                w = Utf8Widths.threeBytes(cp);
                length = 3;
            } else {
                if (i + 3 >= to) {
                    break;
                }
                int b1 = src[i + 1];
                int b2 = src[i + 2];
                int b3 = src[i + 3];
                // The lead byte's low four bits, so that F5-FF decode to values past plane 1 as well: the loop takes
                // plane 1 (emoji) only, the rest (planes 2 and 3, ill-formed bytes) is left to the parser
                cp = (b & 0x0F) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F);
                if (((b1 & 0xC0) | (b2 & 0xC0) << 8 | (b3 & 0xC0) << 16) != 0x808080 || cp >>> 16 != 1) {
                    break;
                }
                w = Utf8Widths.planeOne(cp);
                length = 4;
            }
            if (w <= 0) {
                if (w < 0 || width == 0) {
                    break; // a C1 control, U+FEFF or ill-formed; or a zero-width character with nothing to join here
                }
                // joins the character just written: the common cases here, in a few stores; the rest (no cluster
                // array yet, a full one, a cluster that is not the newest) ends the run, and the printer joins it
                // with appendCombining. No call is left in this loop (nor UnicodeWidth.of's range search, for planes
                // 2 and 3): with one, C2 kept the loop's variables on the stack, reloading and storing them for
                // every character (UNICODE +15 %, COMBINING +6 % with the tables; docs/benchmarks.md, ninth session).
                Clusters cl = clusters;
                if (cl == null || !cl.tryJoin(cells, c - width, cp)) {
                    break;
                }
                i += length;
                continue;
            }
            if (c + w > edge) {
                break;
            }
            // Without a branch on the width: a wide character's right half gets the spacer, a
            // narrow character overwrites the spacer written into its own cell.
            cells[c + w - 1] = SPACER | bits;
            cells[c] = cp | (w << WIDTH_SHIFT) | bits;
            c += w;
            width = w;
            i += length;
        }
        // The same ending as setRun's and setRunAscii's, kept inline on purpose: a shared method for it measured 2-7 %
        // slower on the ASCII and SGR_LOG benchmarks (interleaved JMH runs), this loop being sensitive to what the JIT
        // inlines.
        if (c > col) {
            if (c > used) {
                used = c;
            }
            usedFrom = Math.min(usedFrom, col); // no branch: where a row is written next is anyone's guess
            if (bits == OVERFLOW_BITS) {
                Arrays.fill(overflowStyles, col, c, style);
            }
            if (extras != null || extra != 0) {
                Arrays.fill(extras(), col, c, extra);
            }
        }
        return (long) i << 32 | width << 16 | c;
    }

    /**
     * Copies printable ASCII from {@code src[i]} into {@code cells[c]} on, at most {@code max} bytes, up to the first
     * byte that is not; returns how many it copied. Each cell is the byte or-ed with {@code cell} (width 1 and the
     * run's style index). A loop of its own rather than a branch of setRunUtf8's: the JIT
     * compiles a loop from the branches its profile has seen taken, so in a server whose terminals print other
     * scripts too the ASCII path of one shared loop carried the multi-byte path's code and ran at a third of its
     * speed (ASCII 143 vs 486 MiB/s in one JVM fed all four bench workloads vs ASCII alone); this loop has one exit
     * whatever the profile.
     */
    private static int copyAscii(int[] cells, int cell, int c, byte[] src, int i, int max) {
        int n = 0;
        while (n < max) {
            int b = src[i + n];
            if (b < 0x20 || b == 0x7F) {
                break; // a control, DEL or the first byte of a multi-byte character (negative)
            }
            cells[c + n] = b | cell;
            n++;
        }
        return n;
    }

    /**
     * Adds a combining mark (or zero-width joiner, variation selector...) to a cell's text.
     *
     * @param col column of the base character
     * @param codePoint the zero-width code point
     * @param width when not 0, the cell's new width (xterm.js gives the cell the width of the
     *     character the mark followed, which differs only when that character was not printed)
     */
    public void appendCombining(int col, int codePoint, int width) {
        appendCombining(col, codePoint);
        if (width != 0) {
            content[col] = (content[col] & ~(3 << WIDTH_SHIFT)) | (width << WIDTH_SHIFT);
        }
    }

    private void appendCombining(int col, int codePoint) {
        int c = content[col];
        if (col >= used) {
            used = col + 1;
        }
        usedFrom = Math.min(usedFrom, col);
        if ((c & COMBINED) != 0) {
            int index = clusters.append(c & CODE_POINT_MASK, codePoint, content, used, col);
            content[col] = withClusterIndex(content[col], index);
        } else if ((c & CODE_POINT_MASK) != 0) {
            if (clusters == null) {
                clusters = new Clusters();
            }
            int index = clusters.add(c & CODE_POINT_MASK, codePoint, content, used);
            content[col] = withClusterIndex(c | COMBINED, index);
        } else {
            content[col] = codePoint | EMPTY | (c & STYLE_BITS); // the mark keeps the cell's style
        }
    }

    /**
     * Makes cells {@code [from, to)} empty with the given style, without wide-character fix-ups.
     *
     * @param from first column
     * @param to column after the last
     * @param style style of the empty cells
     * @param extra extras of the empty cells
     */
    public void fill(int from, int to, long style, long extra) {
        to = Math.min(to, cols);
        if (from >= to) {
            return;
        }
        if (style != Style.DEFAULT || extra != 0) {
            fillStyled(from, to, style, extra);
            return;
        }
        // A default blank: only the cells in [usedFrom, used) can hold anything.
        if (used == 0) {
            return; // a blank line
        }
        boolean fromStart = from <= usedFrom; // no cell before from holds anything
        int lo = Math.max(from, usedFrom);
        int hi = Math.min(to, used);
        if (to >= used) {
            if (fromStart) {
                if (clusters != null) {
                    clusters.clear(); // no cell is left that refers to one
                }
                clearPalette(); // nor to a style
                used = 0;
                usedFrom = ALL_BLANK;
            } else {
                used = Math.min(used, from); // everything from here on is blank
            }
        } else if (fromStart) {
            usedFrom = Math.max(usedFrom, to); // everything before to is blank
        }
        if (lo < hi) {
            blank(lo, hi);
        }
    }

    /**
     * Makes cells {@code [lo, hi)} empty with the default style and no extras (the part of a default {@link #fill}
     * that can hold anything).
     */
    private void blank(int lo, int hi) {
        copyBlank(BLANK_CELLS, content, lo, hi); // styles included: index 0 is the default
        if (extras != null) {
            copyBlank(NO_EXTRAS, extras, lo, hi);
        }
    }

    /**
     * Copies a run of blank cells (or no extras) from {@code template} into {@code [from, to)} of
     * {@code array}: an array copy's stub takes the few dozen cells a row usually has with fewer mispredicted branches
     * than a loop whose length varies from row to row.
     */
    private static void copyBlank(int[] template, int[] array, int from, int to) {
        while (to - from > TEMPLATE_LENGTH) {
            System.arraycopy(template, 0, array, from, TEMPLATE_LENGTH);
            from += TEMPLATE_LENGTH;
        }
        System.arraycopy(template, 0, array, from, to - from);
    }

    /** {@link #copyBlank(int[], int[], int, int)} for extras. */
    private static void copyBlank(long[] template, long[] array, int from, int to) {
        while (to - from > TEMPLATE_LENGTH) {
            System.arraycopy(template, 0, array, from, TEMPLATE_LENGTH);
            from += TEMPLATE_LENGTH;
        }
        System.arraycopy(template, 0, array, from, to - from);
    }

    /** {@link #fill} with a style other than the default or extras: every cell of {@code [from, to)} is written. */
    private void fillStyled(int from, int to, long style, long extra) {
        if (from <= usedFrom && to >= used) {
            if (clusters != null) {
                clusters.clear(); // no cell is left that refers to one
            }
            clearPalette(); // nor to a style (an ED or EL with a background colour, BCE, over every written cell)
        }
        used = Math.max(used, to);
        usedFrom = Math.min(usedFrom, from);
        int bits = styleBits(style);
        Arrays.fill(content, from, to, EMPTY | bits);
        if (bits == OVERFLOW_BITS) {
            Arrays.fill(overflowStyles, from, to, style);
        }
        if (extras != null || extra != 0) {
            Arrays.fill(extras(), from, to, extra);
        }
    }

    /**
     * Erases cells {@code [from, to)} (ED, EL, ECH): they become empty with {@code style}. A wide
     * character cut by either edge is erased whole.
     *
     * @param from first column
     * @param to column after the last
     * @param style erase style
     */
    public void erase(int from, int to, long style) {
        if (from > 0 && from < cols && width(from - 1) == 2) {
            fill(from - 1, from, style, 0);
        }
        if (to < cols && to > 0 && width(to - 1) == 2) {
            fill(to, to + 1, style, 0);
        }
        fill(from, to, style, 0);
    }

    /**
     * Selective erase (DECSED, DECSEL): like {@link #erase} but cells whose style is {@link
     * Style#PROTECTED} keep their content.
     *
     * @param from first column
     * @param to column after the last
     * @param style erase style
     */
    public void eraseUnprotected(int from, int to, long style) {
        if (from > 0 && from < cols && width(from - 1) == 2 && !isProtected(from - 1)) {
            fill(from - 1, from, style, 0);
        }
        if (to < cols && to > 0 && width(to - 1) == 2 && !isProtected(to)) {
            fill(to, to + 1, style, 0);
        }
        for (int col = from; col < Math.min(to, cols); col++) {
            if (!isProtected(col)) {
                fill(col, col + 1, style, 0);
            }
        }
    }

    /**
     * Whether the cell was written under DECSCA 1.
     *
     * @param col column
     * @return true when protected from selective erase
     */
    public boolean isProtected(int col) {
        return (style(col) & Style.PROTECTED) != 0;
    }

    /**
     * Inserts {@code n} empty cells at {@code pos}, shifting the rest right; cells pushed past the end
     * are lost (ICH, insert mode).
     *
     * @param pos column
     * @param n number of cells
     * @param style style of the inserted cells
     * @param extra extras of the inserted cells
     */
    public void insertCells(int pos, int n, long style, long extra) {
        insertCells(pos, n, style, extra, cols);
    }

    /**
     * {@link #insertCells(int, int, long, long)} within {@code [pos, end)}: cells pushed past
     * {@code end - 1} are lost and the cells from {@code end} on do not move (a right margin).
     *
     * @param pos column
     * @param n number of cells
     * @param style style of the inserted cells
     * @param extra extras of the inserted cells
     * @param end column after the last one that moves
     */
    public void insertCells(int pos, int n, long style, long extra, int end) {
        end = Math.min(end, cols);
        if (pos >= end || n <= 0) {
            return;
        }
        if (pos > 0 && width(pos - 1) == 2) {
            fill(pos - 1, pos, style, extra);
        }
        if (n < end - pos) {
            move(pos, pos + n, end - pos - n);
            fill(pos, pos + n, style, extra);
        } else {
            fill(pos, end, style, extra);
        }
        if (width(end - 1) == 2) {
            fill(end - 1, end, style, extra);
        }
        if (end < cols && width(end) == 0 && !hasText(end)) {
            fill(end, end + 1, style, extra); // its left half was pushed out of the margin
        }
    }

    /**
     * Deletes {@code n} cells at {@code pos}, shifting the rest left and filling the end with empty
     * cells (DCH).
     *
     * @param pos column
     * @param n number of cells
     * @param style style of the cells appearing at the end
     * @param extra extras of those cells
     */
    public void deleteCells(int pos, int n, long style, long extra) {
        deleteCells(pos, n, style, extra, cols);
    }

    /**
     * {@link #deleteCells(int, int, long, long)} within {@code [pos, end)}: the blank cells appear
     * before {@code end} and the cells from {@code end} on do not move (a right margin).
     *
     * @param pos column
     * @param n number of cells
     * @param style style of the cells appearing at the end
     * @param extra extras of those cells
     * @param end column after the last one that moves
     */
    public void deleteCells(int pos, int n, long style, long extra, int end) {
        end = Math.min(end, cols);
        if (pos >= end || n <= 0) {
            return;
        }
        if (end < cols && width(end - 1) == 2) {
            fill(end - 1, end + 1, style, extra); // a wide character across the margin cannot move
        }
        if (n < end - pos) {
            move(pos + n, pos, end - pos - n);
            fill(end - n, end, style, extra);
        } else {
            fill(pos, end, style, extra);
        }
        if (pos > 0 && width(pos - 1) == 2) {
            fill(pos - 1, pos, style, extra);
        }
        if (width(pos) == 0 && !hasText(pos)) {
            fill(pos, pos + 1, style, extra);
        }
    }

    /**
     * Copies {@code count} cells from {@code src} (at {@code srcCol}) into this line at {@code col}.
     *
     * @param src source line
     * @param srcCol first source column
     * @param col first destination column
     * @param count number of cells
     */
    public void copyCells(Line src, int srcCol, int col, int count) {
        used = Math.max(used, col + count); // first: a compaction of the palette while copying must see these cells
        if (count > 0) {
            usedFrom = Math.min(usedFrom, col);
        }
        if (src == this || src.palette == null) {
            // the same palette, or none (every index 0)
            System.arraycopy(src.content, srcCol, content, col, count);
            if (src.overflowStyles != null) {
                System.arraycopy(src.overflowStyles, srcCol, overflowStyles, col, count);
            }
        } else {
            copyStyledCells(src, srcCol, col, count);
        }
        if (src.extras != null) {
            System.arraycopy(src.extras, srcCol, extras(), col, count);
        } else if (extras != null) {
            Arrays.fill(extras, col, col + count, 0);
        }
        if (src.clusters != null) {
            copyClusters(src, col, count);
        }
    }

    /**
     * Copies cells from another line with a palette: each cell's style index is translated into this line's palette
     * as the cell is written, so a compaction of the palette on the way meets only cells whose index is this line's.
     */
    private void copyStyledCells(Line src, int srcCol, int col, int count) {
        int[] from = src.content;
        int lastIndex = 0; // src's index whose style lastStyle is, to look up each run of cells of a style once
        long lastStyle = Style.DEFAULT;
        for (int i = 0; i < count; i++) {
            int cell = from[srcCol + i];
            int index = cell >>> STYLE_SHIFT;
            if (index == 0) {
                content[col + i] = cell;
                continue;
            }
            long style = lastStyle;
            if (index != lastIndex || index == OVERFLOW) {
                style = index != OVERFLOW ? src.palette[index] : src.overflowStyles[srcCol + i];
                lastIndex = index;
                lastStyle = style;
            }
            int bits = styleBits(style);
            content[col + i] = cell & ~STYLE_BITS | bits;
            if (bits == OVERFLOW_BITS) {
                overflowStyles[col + i] = style;
            }
        }
    }

    /**
     * Gives the combined cells just copied from {@code src} into {@code [col, col + count)} copies of their clusters
     * here: their indexes still point into {@code src}'s clusters (which may be this line's). The clusters are taken
     * aside first and room for them is made before any is copied back, so no compaction meets a cell whose index is
     * not this line's.
     */
    private void copyClusters(Line src, int col, int count) {
        int[] cells = content;
        int needed = 0;
        for (int c = col; c < col + count; c++) {
            if ((cells[c] & COMBINED) != 0) {
                needed += src.clusters.size(cells[c] & CODE_POINT_MASK);
            }
        }
        if (needed == 0) {
            return;
        }
        Clusters aside = new Clusters();
        aside.reserve(needed, cells, 0);
        int[] copied = Arrays.copyOfRange(cells, col, col + count);
        for (int i = 0; i < count; i++) {
            if ((copied[i] & COMBINED) != 0) {
                copied[i] = withClusterIndex(copied[i], aside.copy(src.clusters, copied[i] & CODE_POINT_MASK));
                cells[col + i] &= ~COMBINED;
            }
        }
        if (clusters == null) {
            clusters = new Clusters();
        }
        clusters.reserve(needed, cells, used);
        for (int i = 0; i < count; i++) {
            if ((copied[i] & COMBINED) != 0) {
                cells[col + i] = withClusterIndex(copied[i], clusters.copy(aside, copied[i] & CODE_POINT_MASK));
            }
        }
    }

    /**
     * Changes the number of cells: new cells are empty with {@code fillStyle}; shrinking cuts the
     * cells off, even half of a wide character (as xterm.js does: its left half stays, with nothing
     * after it).
     *
     * @param newCols new width
     * @param fillStyle style of added cells
     */
    public void resize(int newCols, long fillStyle) {
        if (newCols == cols) {
            return;
        }
        if (newCols > content.length) {
            int oldLength = content.length;
            content = Arrays.copyOf(content, newCols);
            Arrays.fill(content, oldLength, newCols, EMPTY);
            if (overflowStyles != null) {
                overflowStyles = Arrays.copyOf(overflowStyles, newCols);
            }
            if (extras != null) {
                extras = Arrays.copyOf(extras, newCols);
            }
        }
        int oldCols = cols;
        cols = newCols;
        if (newCols > oldCols) {
            fill(oldCols, newCols, fillStyle, 0);
        }
    }

    /**
     * Turns this line into a blank one of {@code newCols} cells, reusing its arrays when they are
     * big enough (lines evicted from the scrollback are recycled this way).
     *
     * @param newCols new width
     * @param fillStyle style of the cells
     */
    public void reset(int newCols, long fillStyle) {
        if (newCols > content.length) {
            content = new int[newCols];
            palette = null;
            paletteSize = 0;
            paletteExhausted = false;
            overflowStyles = null;
            extras = null;
            clusters = null;
            used = newCols;
            usedFrom = 0;
        }
        cols = newCols;
        wrapped = false;
        promptMark = 0;
        fill(0, newCols, fillStyle, 0);
    }

    /**
     * Number of cells up to and including the last one with text (a wide character counts both
     * halves), 0 for a blank line; trailing empty cells are not counted whatever their style. As in
     * xterm.js, a zero-width character standing alone in the last such cell adds its width, 0, so it
     * is left out of trimmed text.
     *
     * @return trimmed length
     */
    public int trimmedLength() {
        for (int col = Math.min(cols, used) - 1; col >= 0; col--) {
            if ((content[col] & HAS_TEXT) != 0) {
                return col + width(col);
            }
        }
        return 0;
    }

    /**
     * Appends the text of cells {@code [from, to)}: empty cells as spaces, a wide character once,
     * combined cells with their marks. With {@code trimRight}, stops after the last cell with text.
     *
     * @param out destination
     * @param from first column
     * @param to column after the last
     * @param trimRight whether to leave out trailing empty cells
     */
    public void appendText(StringBuilder out, int from, int to, boolean trimRight) {
        int end = Math.min(to, cols);
        if (trimRight) {
            end = Math.min(end, trimmedLength());
        }
        int col = from;
        while (col < end) {
            int c = content[col];
            if ((c & COMBINED) != 0) {
                clusters.appendTo(out, c & CODE_POINT_MASK);
            } else if ((c & CODE_POINT_MASK) != 0) {
                out.appendCodePoint(c & CODE_POINT_MASK);
            } else {
                out.append(' ');
            }
            col += Math.max(1, c >>> WIDTH_SHIFT & 3);
        }
    }

    /**
     * The text of the whole line with trailing empty cells and trailing spaces removed.
     *
     * @return trimmed text
     */
    public String text() {
        StringBuilder out = new StringBuilder(cols);
        appendText(out, 0, cols, true);
        int length = out.length();
        while (length > 0 && out.charAt(length - 1) == ' ') {
            length--;
        }
        out.setLength(length);
        return out.toString();
    }

    /**
     * Blanks the wide characters that straddle an edge of {@code [from, to)} (both halves), so
     * cells inside can move without leaving half of one behind.
     *
     * @param from first column of the rectangle
     * @param to column after its last
     * @param style style of the blanked cells
     */
    public void cutWideCharactersAt(int from, int to, long style) {
        to = Math.min(to, cols);
        if (from > 0 && from < cols && width(from - 1) == 2) {
            fill(from - 1, from + 1, style, 0);
        }
        if (to > 0 && to < cols && width(to - 1) == 2) {
            fill(to - 1, to + 1, style, 0);
        }
    }

    /**
     * Sets the bits of the hyperlink keys this line's cells use (see {@link Extras#link}).
     *
     * @param used receives the keys
     */
    public void collectLinks(java.util.BitSet used) {
        if (extras == null) {
            return;
        }
        for (int col = 0; col < cols; col++) {
            int link = Extras.link(extras[col]);
            if (link != 0) {
                used.set(link);
            }
        }
    }

    @Override
    public String toString() {
        return (wrapped ? "~" : "") + text();
    }

    private void move(int from, int to, int count) {
        System.arraycopy(content, from, content, to, count);
        used = Math.max(used, to + count);
        if (count > 0) {
            usedFrom = Math.min(usedFrom, to);
        }
        if (overflowStyles != null) {
            System.arraycopy(overflowStyles, from, overflowStyles, to, count);
        }
        if (extras != null) {
            System.arraycopy(extras, from, extras, to, count);
        }
    }

    private void setExtra(int col, long extra) {
        if (extras != null) {
            extras[col] = extra;
        } else if (extra != 0) {
            extras()[col] = extra;
        }
    }

    /**
     * The bits of a cell's content that give it {@code style}: 0 for the default; the last entry of the palette when
     * that is the style (a run continuing the run before it); else a new entry, or {@link #OVERFLOW} when the palette
     * has no room (then the caller writes the style into {@link #overflowStyles} for each cell it writes). The palette
     * is not searched: equal entries are merged when it is full ({@link #compactPalette}). Coloured output changes the
     * style for nearly every run (a log line holds 5-10, new to a recycled line), and a search of the entries, whose
     * exit the processor cannot predict, cost 3 % of SGR_LOG. Kept small, with what a full palette needs in a method
     * of its own, so the JIT inlines it into the printing loops: compiled with the rest it was "too big" to inline
     * and cost a call per run of text.
     */
    private int styleBits(long style) {
        if (style == Style.DEFAULT) {
            return 0;
        }
        long[] p = palette;
        int n = paletteSize;
        if (n > 1 && p[n - 1] == style) {
            return n - 1 << STYLE_SHIFT;
        }
        if (p == null || n == p.length) {
            return addToFullPalette(style);
        }
        p[n] = style;
        paletteSize = n + 1;
        return n << STYLE_SHIFT;
    }

    /** {@link #styleBits} of a style when the palette has no room for a new entry (or does not exist). */
    private int addToFullPalette(long style) {
        if (palette == null) {
            // Room for the styles of most lines from the start (a log line holds 5-10): the JIT inlines a method
            // called in a quarter of its caller's calls, and this one, inlined into styleBits, made that too big to
            // be inlined itself
            palette = new long[16];
            paletteSize = 1;
        } else if (!paletteExhausted) {
            compactPalette();
            for (int i = 1; i < paletteSize; i++) {
                if (palette[i] == style) {
                    return i << STYLE_SHIFT;
                }
            }
            if (paletteSize > palette.length * 3 / 4) {
                if (palette.length < MAX_PALETTE) {
                    palette = Arrays.copyOf(palette, Math.min(palette.length * 2, MAX_PALETTE));
                } else {
                    paletteExhausted = true; // the next compactions would free too little to pay for their passes
                }
            }
        }
        if (paletteSize == palette.length) {
            if (overflowStyles == null) {
                overflowStyles = new long[content.length];
            }
            return OVERFLOW_BITS;
        }
        palette[paletteSize] = style;
        return paletteSize++ << STYLE_SHIFT;
    }

    /**
     * Drops the palette's entries no cell uses any more (their cells were overwritten), merges equal ones, and
     * renumbers the rest, in the cells too. Only cells in {@code [usedFrom, used)} can have a style other than the
     * default.
     */
    private void compactPalette() {
        int[] cells = content;
        int lo = Math.min(usedFrom, used);
        int hi = Math.min(used, cells.length);
        long[] p = palette;
        int n = paletteSize;
        int[] renumbered = new int[n];
        for (int c = lo; c < hi; c++) {
            int index = cells[c] >>> STYLE_SHIFT;
            if (index != OVERFLOW) {
                renumbered[index] = 1; // in use
            }
        }
        int size = 1;
        for (int i = 1; i < n; i++) {
            if (renumbered[i] != 0) {
                long style = p[i];
                int j = 1;
                while (j < size && p[j] != style) {
                    j++;
                }
                if (j == size) {
                    p[size++] = style; // size <= i: entries from i on are not overwritten before they are read
                }
                renumbered[i] = j;
            }
        }
        for (int c = lo; c < hi; c++) {
            int index = cells[c] >>> STYLE_SHIFT;
            if (index != 0 && index != OVERFLOW) {
                cells[c] = cells[c] & ~STYLE_BITS | renumbered[index] << STYLE_SHIFT;
            }
        }
        paletteSize = size;
    }

    /** Forgets every style of the palette: no cell names one any more. */
    private void clearPalette() {
        if (palette != null) {
            paletteSize = 1;
            paletteExhausted = false;
        }
    }

    /**
     * Bytes this line keeps on the heap, by the usual 64-bit JVM layout (compressed references,
     * 16-byte array headers, 8-byte alignment) plus the text of combined cells: what the memory
     * test sums over a scrollback.
     *
     * @return estimated retained size
     */
    long retainedBytes() {
        long bytes = 32 + arrayBytes(content.length, 4);
        if (palette != null) {
            bytes += arrayBytes(palette.length, 8);
        }
        if (overflowStyles != null) {
            bytes += arrayBytes(overflowStyles.length, 8);
        }
        if (extras != null) {
            bytes += arrayBytes(extras.length, 8);
        }
        if (clusters != null) {
            bytes += clusters.retainedBytes();
        }
        return bytes;
    }

    static boolean isCombined(int content) {
        return (content & COMBINED) != 0;
    }

    static int clusterIndex(int content) {
        return content & CODE_POINT_MASK;
    }

    static int combined(int content) {
        return content | COMBINED;
    }

    static int withClusterIndex(int content, int index) {
        return content & ~CODE_POINT_MASK | index;
    }

    private static long arrayBytes(int length, int elementSize) {
        return (16 + (long) length * elementSize + 7) / 8 * 8;
    }

    private long[] extras() {
        if (extras == null) {
            extras = new long[content.length];
        }
        return extras;
    }
}
