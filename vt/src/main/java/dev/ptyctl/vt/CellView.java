package dev.ptyctl.vt;

import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Style;

/**
 * A read-only snapshot of one screen cell, in the terms xterm.js's public cell API uses.
 *
 * @param chars "" for an empty cell or the right half of a wide character; otherwise the base
 *     character plus any combining marks
 * @param width 1, 2 (left half of a wide character) or 0 (right half; also a lone zero-width
 *     character)
 * @param fgMode foreground colour mode: 0 default, 1 palette, 2 RGB
 * @param fg palette index (0..255) or 0xRRGGBB; 0 for the default colour
 * @param bgMode background colour mode, as {@code fgMode}
 * @param bg background colour, as {@code fg}
 * @param bold SGR 1
 * @param faint SGR 2
 * @param italic SGR 3
 * @param underline 0 none, 1 single, 2 double, 3 curly, 4 dotted, 5 dashed
 * @param blink SGR 5
 * @param inverse SGR 7
 * @param invisible SGR 8
 * @param strikethrough SGR 9
 * @param overline SGR 53
 * @param underlineColorMode underline colour mode (SGR 58), as {@code fgMode}; the default means
 *     "same as the foreground"
 * @param underlineColor underline colour, as {@code fg}
 * @param hyperlink the URI of the OSC 8 hyperlink the cell belongs to, "" for none
 */
public record CellView(String chars,
                       int width,
                       int fgMode, int fg,
                       int bgMode, int bg,
                       boolean bold, boolean faint, boolean italic, int underline,
                       boolean blink, boolean inverse, boolean invisible, boolean strikethrough, boolean overline,
                       int underlineColorMode, int underlineColor, String hyperlink) {
    /** Colour mode: the terminal's default colour. */
    public static final int COLOR_DEFAULT = 0;
    /** Colour mode: a palette index 0..255 (both 16- and 256-colour SGR forms). */
    public static final int COLOR_PALETTE = 1;
    /** Colour mode: direct colour 0xRRGGBB. */
    public static final int COLOR_RGB = 2;

    /**
     * A cell without underline colour or hyperlink (the shape of this record before those were
     * added).
     *
     * @param chars the text, see the record
     * @param width 0, 1 or 2
     * @param fgMode foreground colour mode
     * @param fg foreground colour
     * @param bgMode background colour mode
     * @param bg background colour
     * @param bold SGR 1
     * @param faint SGR 2
     * @param italic SGR 3
     * @param underline underline style
     * @param blink SGR 5
     * @param inverse SGR 7
     * @param invisible SGR 8
     * @param strikethrough SGR 9
     * @param overline SGR 53
     */
    public CellView(String chars, int width, int fgMode, int fg, int bgMode, int bg,
                    boolean bold, boolean faint, boolean italic, int underline,
                    boolean blink, boolean inverse, boolean invisible, boolean strikethrough, boolean overline) {
        this(chars, width, fgMode, fg, bgMode, bg, bold, faint, italic, underline, blink, inverse, invisible,
            strikethrough, overline, COLOR_DEFAULT, 0, "");
    }

    /** The view of a cell kept as {@link dev.ptyctl.vt.screen.Line} keeps it: packed style and extras. */
    static CellView of(String chars, int width, long style, long extra, String hyperlink) {
        int fg = Style.fg(style);
        int bg = Style.bg(style);
        int underlineColor = Extras.underlineColor(extra);
        return new CellView(chars, width,
            colorMode(fg), Style.colorValue(fg), colorMode(bg), Style.colorValue(bg),
            (style & Style.BOLD) != 0, (style & Style.FAINT) != 0, (style & Style.ITALIC) != 0,
            Style.underline(style), (style & Style.BLINK) != 0, (style & Style.INVERSE) != 0,
            (style & Style.INVISIBLE) != 0, (style & Style.STRIKETHROUGH) != 0, (style & Style.OVERLINE) != 0,
            colorMode(underlineColor), Style.colorValue(underlineColor), hyperlink);
    }

    /** This record's colour mode of a packed colour: the 16- and 256-colour forms are both the palette. */
    static int colorMode(int color) {
        return switch (Style.colorMode(color)) {
            case Style.COLOR_DEFAULT -> COLOR_DEFAULT;
            case Style.COLOR_RGB -> COLOR_RGB;
            default -> COLOR_PALETTE;
        };
    }
}
