package dev.ptyctl.vt.screen;

/**
 * A 94-character set that can be designated into G0..G3 ({@code ESC ( F} and friends): which
 * character a printable ASCII byte puts on the screen. The sets xterm.js has: US ASCII (no mapping),
 * DEC Special Graphics (line drawing, used by curses ACS) and the national replacement character sets
 * of the VT220 (UK, Dutch, Finnish, French, French Canadian, German, Italian, Norwegian/Danish,
 * Spanish, Swedish, Swiss), with xterm.js's tables and designators. Where a table gives two
 * characters (Dutch {@code [} is "ij"), the first is printed, as xterm.js does.
 */
public enum Charset {
    /** {@code ESC ( B}: no replacement. */
    US("B", null),
    /** {@code ESC ( A}: # becomes £. */
    UK("A", table("#", "£")),
    /** {@code ESC ( 0}: DEC Special Graphics; 0x5F..0x7E become line drawing and symbols (xterm's table). */
    DEC_SPECIAL_GRAPHICS("0", decSpecialGraphicsTable()),
    /** {@code ESC ( 4}. */
    DUTCH("4", table("#@[\\]{|}~", "£¾i½|¨f¼´")),
    /** {@code ESC ( C} or {@code ESC ( 5}. */
    FINNISH("C5", table("[\\]^`{|}~", "ÄÖÅÜéäöåü")),
    /** {@code ESC ( R}. */
    FRENCH("R", table("#@[\\]{|}~", "£à°ç§éùè¨")),
    /** {@code ESC ( Q}. */
    FRENCH_CANADIAN("Q", table("@[\\]^`{|}~", "àâçêîôéùèû")),
    /** {@code ESC ( K}. */
    GERMAN("K", table("@[\\]{|}~", "§ÄÖÜäöüß")),
    /** {@code ESC ( Y}. */
    ITALIAN("Y", table("#@[\\]`{|}~", "£§°çéùàòèì")),
    /** {@code ESC ( E} or {@code ESC ( 6}. */
    NORWEGIAN_DANISH("E6", table("@[\\]^`{|}~", "ÄÆØÅÜäæøåü")),
    /** {@code ESC ( Z}. */
    SPANISH("Z", table("#@[\\]{|}", "£§¡Ñ¿°ñç")),
    /** {@code ESC ( H} or {@code ESC ( 7}. */
    SWEDISH("H7", table("@[\\]^`{|}~", "ÉÄÖÅÜéäöåü")),
    /** {@code ESC ( =}. */
    SWISS("=", table("#@[\\]^_`{|}~", "ùàéçêîèôäöüû"));

    /** Final bytes that designate the set; the first is the one written back. */
    private final String designators;
    /** Replacement per ASCII code point, 0 = unchanged; null for US. */
    private final int[] table;

    Charset(String designators, int[] table) {
        this.designators = designators;
        this.table = table;
    }

    /**
     * The final byte that designates this set.
     *
     * @return e.g. {@code '0'} for DEC Special Graphics
     */
    public char designator() {
        return designators.charAt(0);
    }

    /**
     * Maps a code point through the set; only code points below 0x7F can change.
     *
     * @param codePoint input
     * @return the replacement or the input
     */
    public int map(int codePoint) {
        if (table == null || codePoint >= 0x7F) {
            return codePoint;
        }
        int replacement = table[codePoint];
        return replacement == 0 ? codePoint : replacement;
    }

    /**
     * The set a designation's final byte names.
     *
     * @param finalByte e.g. {@code '0'}
     * @return the set, or null when not implemented
     */
    public static Charset byDesignator(int finalByte) {
        for (Charset charset : values()) {
            if (charset.designators.indexOf(finalByte) >= 0) {
                return charset;
            }
        }
        return null;
    }

    /** A table replacing each character of {@code from} with the character at the same index of {@code to}. */
    private static int[] table(String from, String to) {
        if (from.length() != to.length()) {
            throw new IllegalArgumentException("charset table " + from + " / " + to);
        }
        int[] table = new int[0x7F];
        for (int i = 0; i < from.length(); i++) {
            table[from.charAt(i)] = to.charAt(i);
        }
        return table;
    }

    private static int[] decSpecialGraphicsTable() {
        int[] table = new int[0x7F];
        String from = "`abcdefghijklmnopqrstuvwxyz{|}~";
        int[] to = {
            0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, 0x00B1, 0x2424, 0x240B, 0x2518, 0x2510,
            0x250C, 0x2514, 0x253C, 0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, 0x252C,
            0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7,
        };
        for (int i = 0; i < from.length(); i++) {
            table[from.charAt(i)] = to[i];
        }
        return table;
    }
}
