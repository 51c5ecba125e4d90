package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a cell must look like for {@link TerminalDriver#getByStyle(Style)} and {@link LocatorAssert#hasStyle(Style)}:
 * only the attributes named are checked, everything else may be anything. Immutable. Start from {@link Styles} and
 * chain: each method gives this style with one more condition.
 *
 * <pre>{@code
 * t.getByStyle(Styles.bold().fg("red"));
 * assertThat(t.getByText("Error")).hasStyle(Styles.color("bright-red"));
 * Styles.inverse().underline();
 * }</pre>
 *
 * <p>The starting points are static methods of {@link Styles}, not of this class, so that every method called on a
 * style is an instance method: {@code Styles.bold().italic()} is bold and italic. (With static factories here,
 * {@code Style.bold().italic()} compiled, javac warning only under {@code -Xlint:static}, and meant italic alone.)
 *
 * <p>Colours as programs set them: {@code black red green yellow blue magenta cyan white} (palette 0–7),
 * {@code bright-red} and the like (8–15), a palette index {@code "208"}, {@code "#ff8700"} for direct colour, or
 * {@code default}. A name matches its palette index only: bright red (SGR 91) is not {@code red} (SGR 31).
 */
public final class Style {
    private static final List<String> NAMES = List.of("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white");

    private final Boolean bold;
    private final Boolean faint;
    private final Boolean italic;
    private final Boolean underline;
    private final Boolean inverse;
    private final Boolean strikethrough;
    private final String fg;
    private final String bg;

    private Style(Boolean bold, Boolean faint, Boolean italic, Boolean underline, Boolean inverse, Boolean strikethrough,
                  String fg, String bg) {
        this.bold = bold;
        this.faint = faint;
        this.italic = italic;
        this.underline = underline;
        this.inverse = inverse;
        this.strikethrough = strikethrough;
        this.fg = fg;
        this.bg = bg;
    }

    /** Any cell: no condition ({@link Styles#any()}). */
    static final Style ANY = new Style(null, null, null, null, null, null, null, null);

    /** Not bold, faint, italic, underlined, inverse or struck through, default colours ({@link Styles#plain()}). */
    static final Style PLAIN = new Style(false, false, false, false, false, false, "default", "default");

    /** This style, and bold (SGR 1). */
    public Style bold() {
        return new Style(true, faint, italic, underline, inverse, strikethrough, fg, bg);
    }

    /** This style, and faint (SGR 2). */
    public Style faint() {
        return new Style(bold, true, italic, underline, inverse, strikethrough, fg, bg);
    }

    /** This style, and italic (SGR 3). */
    public Style italic() {
        return new Style(bold, faint, true, underline, inverse, strikethrough, fg, bg);
    }

    /** This style, and underlined in any underline style (SGR 4, 4:x, 21). */
    public Style underline() {
        return new Style(bold, faint, italic, true, inverse, strikethrough, fg, bg);
    }

    /** This style, and inverse video (SGR 7): how menus and selections are usually highlighted. */
    public Style inverse() {
        return new Style(bold, faint, italic, underline, true, strikethrough, fg, bg);
    }

    /** This style, and struck through (SGR 9). */
    public Style strikethrough() {
        return new Style(bold, faint, italic, underline, inverse, true, fg, bg);
    }

    /** This style with a foreground colour too. */
    public Style fg(String color) {
        return new Style(bold, faint, italic, underline, inverse, strikethrough, checkColor(color), bg);
    }

    /** This style with a background colour too. */
    public Style bg(String color) {
        return new Style(bold, faint, italic, underline, inverse, strikethrough, fg, checkColor(color));
    }

    /** Both styles' conditions; where both name an attribute, {@code other}'s wins. */
    public Style and(Style other) {
        return new Style(pick(other.bold, bold), pick(other.faint, faint), pick(other.italic, italic),
                pick(other.underline, underline), pick(other.inverse, inverse), pick(other.strikethrough, strikethrough),
                pick(other.fg, fg), pick(other.bg, bg));
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }

    /** Whether {@code cell} has every attribute this style names. */
    boolean matches(CellView cell) {
        return is(bold, cell.bold()) && is(faint, cell.faint()) && is(italic, cell.italic())
                && is(underline, cell.underline() != 0) && is(inverse, cell.inverse())
                && is(strikethrough, cell.strikethrough())
                && (fg == null || colorMatches(fg, cell.fgMode(), cell.fg()))
                && (bg == null || colorMatches(bg, cell.bgMode(), cell.bg()));
    }

    private static boolean is(Boolean wanted, boolean actual) {
        return wanted == null || wanted == actual;
    }

    private static boolean colorMatches(String color, int mode, int value) {
        if (color.equals("default")) {
            return mode == CellView.COLOR_DEFAULT;
        }
        if (color.startsWith("#")) {
            return mode == CellView.COLOR_RGB && value == Integer.parseInt(color.substring(1), 16);
        }
        return mode == CellView.COLOR_PALETTE && value == paletteIndex(color);
    }

    private static int paletteIndex(String color) {
        int named = NAMES.indexOf(color);
        if (named >= 0) {
            return named;
        }
        if (color.startsWith("bright-")) {
            return 8 + NAMES.indexOf(color.substring("bright-".length()));
        }
        return Integer.parseInt(color);
    }

    private static String checkColor(String color) {
        Objects.requireNonNull(color, "color");
        String c = color.strip().toLowerCase(Locale.ROOT);
        boolean ok = c.equals("default") || NAMES.contains(c)
                || c.startsWith("bright-") && NAMES.contains(c.substring("bright-".length()))
                || c.matches("#[0-9a-f]{6}")
                || c.matches("\\d{1,3}") && Integer.parseInt(c) < 256;
        if (!ok) {
            throw new IllegalArgumentException("unknown colour \"" + color + "\": use black, red, green, yellow, blue,"
                    + " magenta, cyan, white, bright-<one of those>, a palette index 0-255, #rrggbb or default");
        }
        return c;
    }

    /** The conditions, e.g. {@code bold fg=red}; {@code any style} when there are none. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        flag(parts, bold, "bold");
        flag(parts, faint, "faint");
        flag(parts, italic, "italic");
        flag(parts, underline, "underline");
        flag(parts, inverse, "inverse");
        flag(parts, strikethrough, "strikethrough");
        if (fg != null) {
            parts.add("fg=" + fg);
        }
        if (bg != null) {
            parts.add("bg=" + bg);
        }
        return parts.isEmpty() ? "any style" : String.join(" ", parts);
    }

    private static void flag(List<String> parts, Boolean value, String name) {
        if (value != null) {
            parts.add(value ? name : "not " + name);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Style s && toString().equals(s.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
