package dev.ptyctl.vt.screen;

/**
 * Packs a cell's graphic rendition (SGR state) into one {@code long}; 0 is the default style.
 *
 * <pre>
 * bit  63         62..60     59..52   51..50   49..26      25..24   23..0
 *      protected  underline  flags    bg mode  bg value    fg mode  fg value
 *
 * colour mode: 0 default, 1 16-colour palette (SGR 30-37, 90-97), 2 256-colour palette (SGR 38;5),
 *              3 RGB (SGR 38;2); the value is the palette index or 0xRRGGBB
 * flags:       52 bold, 53 faint, 54 italic, 55 blink, 56 inverse, 57 invisible, 58 strikethrough,
 *              59 overline
 * underline:   0 none, 1 single, 2 double, 3 curly, 4 dotted, 5 dashed
 * protected:   DECSCA 1; selective erase (DECSED, DECSEL) leaves the cell alone
 * </pre>
 *
 * The underline colour and hyperlink live in the line's side array of "extras" (see {@link Line}),
 * because they are rare and do not fit here.
 */
public final class Style {
    /** The default style: default colours, no attributes. */
    public static final long DEFAULT = 0L;

    /** Colour mode: the terminal's default colour. */
    public static final int COLOR_DEFAULT = 0;
    /** Colour mode: one of the 16 ANSI colours, value 0..15. */
    public static final int COLOR_P16 = 1;
    /** Colour mode: one of the 256 palette colours, value 0..255. */
    public static final int COLOR_P256 = 2;
    /** Colour mode: direct colour, value 0xRRGGBB. */
    public static final int COLOR_RGB = 3;

    private static final int FG_SHIFT = 0;
    private static final int BG_SHIFT = 26;
    private static final int COLOR_BITS = 26;
    private static final long COLOR_MASK = (1L << COLOR_BITS) - 1;
    private static final long VALUE_MASK = 0xFF_FFFFL;
    private static final int MODE_SHIFT_IN_COLOR = 24;

    /** Foreground colour (mode and value). */
    public static final long FG_MASK = COLOR_MASK << FG_SHIFT;
    /** Background colour (mode and value). */
    public static final long BG_MASK = COLOR_MASK << BG_SHIFT;

    /** SGR 1. */
    public static final long BOLD = 1L << 52;
    /** SGR 2. */
    public static final long FAINT = 1L << 53;
    /** SGR 3. */
    public static final long ITALIC = 1L << 54;
    /** SGR 5. */
    public static final long BLINK = 1L << 55;
    /** SGR 7. */
    public static final long INVERSE = 1L << 56;
    /** SGR 8. */
    public static final long INVISIBLE = 1L << 57;
    /** SGR 9. */
    public static final long STRIKETHROUGH = 1L << 58;
    /** SGR 53. */
    public static final long OVERLINE = 1L << 59;

    /** DECSCA 1: not erased by DECSED / DECSEL. */
    public static final long PROTECTED = 1L << 63;

    private static final int UNDERLINE_SHIFT = 60;
    /** Underline style bits. */
    public static final long UNDERLINE_MASK = 7L << UNDERLINE_SHIFT;

    /** Underline styles (SGR 4:n). */
    public static final int UNDERLINE_NONE = 0;
    /** SGR 4 or 4:1. */
    public static final int UNDERLINE_SINGLE = 1;
    /** SGR 21 or 4:2. */
    public static final int UNDERLINE_DOUBLE = 2;
    /** SGR 4:3. */
    public static final int UNDERLINE_CURLY = 3;
    /** SGR 4:4. */
    public static final int UNDERLINE_DOTTED = 4;
    /** SGR 4:5. */
    public static final int UNDERLINE_DASHED = 5;

    private Style() {
    }

    /**
     * Packs a colour (mode and value) into the 26-bit form used by the fg, bg and underline fields.
     *
     * @param mode one of the {@code COLOR_} constants
     * @param value palette index or 0xRRGGBB
     * @return the packed colour
     */
    public static int color(int mode, int value) {
        return mode == COLOR_DEFAULT ? 0 : (mode << MODE_SHIFT_IN_COLOR) | (int) (value & VALUE_MASK);
    }

    /**
     * The mode of a packed colour.
     *
     * @param color packed colour
     * @return a {@code COLOR_} constant
     */
    public static int colorMode(int color) {
        return color >>> MODE_SHIFT_IN_COLOR;
    }

    /**
     * The value of a packed colour.
     *
     * @param color packed colour
     * @return palette index or 0xRRGGBB
     */
    public static int colorValue(int color) {
        return (int) (color & VALUE_MASK);
    }

    /**
     * The packed foreground colour.
     *
     * @param style a style
     * @return packed colour, 0 for default
     */
    public static int fg(long style) {
        return (int) ((style >>> FG_SHIFT) & COLOR_MASK);
    }

    /**
     * The packed background colour.
     *
     * @param style a style
     * @return packed colour, 0 for default
     */
    public static int bg(long style) {
        return (int) ((style >>> BG_SHIFT) & COLOR_MASK);
    }

    /**
     * Replaces the foreground colour.
     *
     * @param style a style
     * @param color packed colour
     * @return the new style
     */
    public static long withFg(long style, int color) {
        return (style & ~FG_MASK) | ((color & COLOR_MASK) << FG_SHIFT);
    }

    /**
     * Replaces the background colour.
     *
     * @param style a style
     * @param color packed colour
     * @return the new style
     */
    public static long withBg(long style, int color) {
        return (style & ~BG_MASK) | ((color & COLOR_MASK) << BG_SHIFT);
    }

    /**
     * The underline style.
     *
     * @param style a style
     * @return one of the {@code UNDERLINE_} constants
     */
    public static int underline(long style) {
        return (int) ((style & UNDERLINE_MASK) >>> UNDERLINE_SHIFT);
    }

    /**
     * Replaces the underline style.
     *
     * @param style a style
     * @param underline one of the {@code UNDERLINE_} constants
     * @return the new style
     */
    public static long withUnderline(long style, int underline) {
        return (style & ~UNDERLINE_MASK) | ((long) underline << UNDERLINE_SHIFT);
    }

    /**
     * The style erased cells get (xterm's back-colour erase): only the background colour survives.
     *
     * @param style the current style
     * @return default style with the same background
     */
    public static long eraseStyle(long style) {
        return style & BG_MASK;
    }

    /**
     * Readable form for test failures, e.g. {@code "fg=p16:1 bold underline=2"}.
     *
     * @param style a style
     * @return description, "default" for 0
     */
    public static String describe(long style) {
        if (style == DEFAULT) {
            return "default";
        }
        StringBuilder text = new StringBuilder();
        appendColor(text, "fg", fg(style));
        appendColor(text, "bg", bg(style));
        appendFlag(text, style, BOLD, "bold");
        appendFlag(text, style, FAINT, "faint");
        appendFlag(text, style, ITALIC, "italic");
        appendFlag(text, style, BLINK, "blink");
        appendFlag(text, style, INVERSE, "inverse");
        appendFlag(text, style, INVISIBLE, "invisible");
        appendFlag(text, style, STRIKETHROUGH, "strikethrough");
        appendFlag(text, style, OVERLINE, "overline");
        appendFlag(text, style, PROTECTED, "protected");
        if (underline(style) != UNDERLINE_NONE) {
            text.append(" underline=").append(underline(style));
        }
        return text.toString().trim();
    }

    private static void appendColor(StringBuilder text, String name, int color) {
        if (color == 0) {
            return;
        }
        String mode = switch (colorMode(color)) {
            case COLOR_P16 -> "p16:";
            case COLOR_P256 -> "p256:";
            default -> "rgb:";
        };
        String value = colorMode(color) == COLOR_RGB
            ? String.format("%06x", colorValue(color))
            : Integer.toString(colorValue(color));
        text.append(' ').append(name).append('=').append(mode).append(value);
    }

    private static void appendFlag(StringBuilder text, long style, long flag, String name) {
        if ((style & flag) != 0) {
            text.append(' ').append(name);
        }
    }
}
