package dev.ptyctl.client.dsl;

/**
 * Where a {@link Style} starts: {@code Styles.bold().fg("red")}, {@code Styles.inverse().underline()},
 * {@code Styles.color("bright-red")}. Static methods only, and in their own class so that none of them can be called
 * through a style, where it would drop what the chain said before it ({@link Style} explains).
 */
public final class Styles {
    private Styles() {
    }

    /** Any cell (add conditions with {@link Style}'s methods). */
    public static Style any() {
        return Style.ANY;
    }

    /** Plain: not bold, faint, italic, underlined, inverse or struck through, default colours. */
    public static Style plain() {
        return Style.PLAIN;
    }

    /** A foreground colour, as {@link Style} describes colours. */
    public static Style color(String fg) {
        return Style.ANY.fg(fg);
    }

    /** Bold (SGR 1). */
    public static Style bold() {
        return Style.ANY.bold();
    }

    /** Faint (SGR 2). */
    public static Style faint() {
        return Style.ANY.faint();
    }

    /** Italic (SGR 3). */
    public static Style italic() {
        return Style.ANY.italic();
    }

    /** Underlined, in any underline style (SGR 4, 4:x, 21). */
    public static Style underline() {
        return Style.ANY.underline();
    }

    /** Inverse video (SGR 7): how menus and selections are usually highlighted. */
    public static Style inverse() {
        return Style.ANY.inverse();
    }

    /** Struck through (SGR 9). */
    public static Style strikethrough() {
        return Style.ANY.strikethrough();
    }
}
