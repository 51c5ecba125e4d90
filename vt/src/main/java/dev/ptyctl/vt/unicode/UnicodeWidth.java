package dev.ptyctl.vt.unicode;

/**
 * Cell width of a code point, as xterm.js computes it with its unicode11 addon.
 *
 * <p>Controls (C0, DEL, C1) have width 0; they never reach the screen because the parser executes
 * them. The Basic Multilingual Plane and plane 1 (emoji) are answered from 64 KiB lookup tables
 * built once; other planes by binary search over {@link UnicodeWidthTables}.
 */
public final class UnicodeWidth {
    /** Width per BMP code point; built from the range tables on first use of the class. */
    private static final byte[] BMP = buildTable(0);
    /** Width per code point of plane 1 (emoji and symbols live there), as {@link #BMP}. */
    private static final byte[] SMP = buildTable(0x10000);

    private UnicodeWidth() {
    }

    /**
     * Returns 0, 1 or 2: the number of cells {@code codePoint} occupies.
     *
     * @param codePoint a Unicode code point; values outside 0..0x10FFFF have width 1
     * @return the cell width
     */
    public static int of(int codePoint) {
        if (codePoint < 0x20) {
            return 0;
        }
        if (codePoint < 0x7F) {
            return 1;
        }
        if (codePoint < 0x10000) {
            return BMP[codePoint];
        }
        if (codePoint < 0x20000) {
            return SMP[codePoint - 0x10000];
        }
        if (inRanges(codePoint, UnicodeWidthTables.ZERO_WIDTH)) {
            return 0;
        }
        return inRanges(codePoint, UnicodeWidthTables.WIDE) ? 2 : 1;
    }

    /**
     * The widths of the Basic Multilingual Plane, one byte per code point: {@link #of} for 0x20 and above; 0 for the C0
     * and C1 controls and DEL.
     *
     * @return a copy of the table
     */
    static byte[] basicPlaneWidths() {
        return BMP.clone();
    }

    /** {@link #of} for a code point of plane 1, 0x10000 to 0x1FFFF (its low 16 bits are used). */
    static int planeOne(int codePoint) {
        return SMP[codePoint & 0xFFFF];
    }

    /** Widths of the 64 Ki code points from {@code base}, from the range tables. */
    private static byte[] buildTable(int base) {
        byte[] table = new byte[0x10000];
        fill(table, 0, table.length, (byte) 1);
        if (base == 0) {
            fill(table, 0, 0x20, (byte) 0);
            fill(table, 0x7F, 0xA0, (byte) 0);
        }
        fillRanges(table, base, UnicodeWidthTables.ZERO_WIDTH, (byte) 0);
        fillRanges(table, base, UnicodeWidthTables.WIDE, (byte) 2);
        return table;
    }

    private static void fillRanges(byte[] table, int base, int[] ranges, byte width) {
        for (int i = 0; i < ranges.length; i += 2) {
            int from = Math.max(ranges[i], base);
            int to = Math.min(ranges[i + 1], base + 0xFFFF);
            if (from <= to) {
                fill(table, from - base, to - base + 1, width);
            }
        }
    }

    /**
     * {@code Arrays.fill} by doubling array copies: the tables are built when the first non-ASCII text arrives, in the
     * interpreter, where a loop over the 128 Ki entries took 5-30 ms on a 2.0 GHz core and a copy per doubling (16
     * for a whole table) takes well under one.
     */
    private static void fill(byte[] table, int from, int to, byte width) {
        if (from >= to) {
            return;
        }
        table[from] = width;
        for (int done = 1, n = to - from; done < n; done *= 2) {
            System.arraycopy(table, from, table, from + done, Math.min(done, n - done));
        }
    }

    private static boolean inRanges(int codePoint, int[] ranges) {
        int low = 0;
        int high = ranges.length / 2 - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (codePoint > ranges[2 * mid + 1]) {
                low = mid + 1;
            } else if (codePoint < ranges[2 * mid]) {
                high = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
