package dev.ptyctl.vt.screen;

/**
 * Packs a cell's rare attributes into one {@code long}, kept in {@link Line}'s side array only when
 * some cell of the line has one; 0 means none.
 *
 * <pre>
 * bit  63..32          31..26   25..0
 *      hyperlink key    unused   underline colour (packed like {@link Style#color})
 * </pre>
 *
 * The hyperlink key is a number handed out by the emulator's link table (OSC 8); 0 is "no link".
 * The underline colour is set by SGR 58 and cleared by SGR 59 and SGR 0.
 */
public final class Extras {
    /** Bits of the underline colour. */
    public static final long UNDERLINE_COLOR_MASK = 0x3FF_FFFFL;
    private static final int LINK_SHIFT = 32;
    /** Bits of the hyperlink key. */
    public static final long LINK_MASK = 0xFFFF_FFFFL << LINK_SHIFT;

    private Extras() {
    }

    /**
     * The underline colour.
     *
     * @param extra packed extras
     * @return packed colour ({@link Style#color}), 0 for none
     */
    public static int underlineColor(long extra) {
        return (int) (extra & UNDERLINE_COLOR_MASK);
    }

    /**
     * Replaces the underline colour.
     *
     * @param extra packed extras
     * @param color packed colour, 0 for none
     * @return the new extras
     */
    public static long withUnderlineColor(long extra, int color) {
        return (extra & ~UNDERLINE_COLOR_MASK) | (color & UNDERLINE_COLOR_MASK);
    }

    /**
     * The hyperlink key.
     *
     * @param extra packed extras
     * @return the key, 0 for none
     */
    public static int link(long extra) {
        return (int) (extra >>> LINK_SHIFT);
    }

    /**
     * Replaces the hyperlink key.
     *
     * @param extra packed extras
     * @param link the key, 0 for none
     * @return the new extras
     */
    public static long withLink(long extra, int link) {
        return (extra & ~LINK_MASK) | ((long) link << LINK_SHIFT);
    }
}
