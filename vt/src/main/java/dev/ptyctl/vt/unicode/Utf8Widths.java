package dev.ptyctl.vt.unicode;

import java.util.Arrays;

/**
 * Cell widths for the printing loop that decodes UTF-8 itself, one table per encoded length, in which the entries a
 * well-formed character of that length cannot have, or that the loop must leave to the parser, are -1: so one load
 * and one test give both the width and "stop here", where {@link UnicodeWidth#of} after the decode took a test per
 * range of code points and the decode a test per kind of ill-formed sequence.
 */
public final class Utf8Widths {
    /** A value of the tables below: the loop stops before the character and leaves it to the parser. */
    public static final int STOP = -1;

    private static final byte[] TWO;
    private static final byte[] THREE;

    // Copies of UnicodeWidth's table for the plane with the refused values overwritten, rather than a call of
    // UnicodeWidth.of per code point: that loop ran in the interpreter when the first non-ASCII text arrived, in every
    // render of such text and once in every server: 50-130 ms of a render on a 2.0 GHz core, now 2-5
    // (docs/benchmarks.md, tenth session).
    static {
        THREE = UnicodeWidth.basicPlaneWidths();
        TWO = Arrays.copyOf(THREE, 0x800);
        Arrays.fill(THREE, 0, 0x800, (byte) STOP); // overlong
        Arrays.fill(THREE, 0xD800, 0xE000, (byte) STOP); // surrogates
        THREE[0xFEFF] = STOP; // the byte order mark, which the parser's decoder drops
        // Below 0x80 an overlong form (the lead bytes C0 and C1 are refused before the table); 0x80-0x9F the C1
        // controls, which the parser executes.
        Arrays.fill(TWO, 0, 0xA0, (byte) STOP);
    }

    private Utf8Widths() {
    }

    /**
     * Width of a character encoded in two bytes, or {@link #STOP}.
     *
     * @param codePoint the decoded value, 0 to 0x7FF
     * @return 0, 1, 2 or {@link #STOP}
     */
    public static int twoBytes(int codePoint) {
        return TWO[codePoint & 0x7FF];
    }

    /**
     * Width of a character encoded in three bytes, or {@link #STOP} for values three bytes must not encode.
     *
     * @param codePoint the decoded value, 0 to 0xFFFF
     * @return 0, 1, 2 or {@link #STOP}
     */
    public static int threeBytes(int codePoint) {
        return THREE[codePoint & 0xFFFF];
    }

    /**
     * Width of a character of plane 1 (emoji and symbols), encoded in four bytes: every value there is one the loop
     * takes, so no {@link #STOP}; the loop leaves planes 2 to 16 (rare, and found by a search) to the parser.
     *
     * @param codePoint the code point, 0x10000 to 0x1FFFF
     * @return 0, 1 or 2
     */
    public static int planeOne(int codePoint) {
        return UnicodeWidth.planeOne(codePoint);
    }
}
