package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.CellView;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    /**
     * The on/off attributes a style can name, each with how a cell shows it; declared in the order in which
     * {@link #toString()} and snapshots name them.
     */
    enum Attribute {
        BOLD(CellRow::bold),
        FAINT(CellRow::faint),
        ITALIC(CellRow::italic),
        /** Any underline style (SGR 4, 4:x, 21). */
        UNDERLINE((row, col) -> row.underline(col) != 0),
        INVERSE(CellRow::inverse),
        STRIKETHROUGH(CellRow::strikethrough);

        private final CellTest on;

        Attribute(CellTest on) {
            this.on = on;
        }

        /** Whether the cell at {@code col} of {@code row} has this attribute. */
        boolean in(CellRow row, int col) {
            return on.test(row, col);
        }

        /** The name styles and snapshots use: {@code bold}, {@code strikethrough}. */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A question about one cell of a copied row, asked without an object per cell. */
    @FunctionalInterface
    private interface CellTest {
        boolean test(CellRow row, int col);
    }

    /** The attributes this style names: on (true) or off (false); an attribute not in the map may be either. */
    private final EnumMap<Attribute, Boolean> attributes;
    private final String fg;
    private final String bg;

    private Style(EnumMap<Attribute, Boolean> attributes, String fg, String bg) {
        this.attributes = attributes;
        this.fg = fg;
        this.bg = bg;
    }

    /** Any cell: no condition ({@link Styles#any()}). */
    static final Style ANY = new Style(new EnumMap<>(Attribute.class), null, null);

    /** Not bold, faint, italic, underlined, inverse or struck through, default colours ({@link Styles#plain()}). */
    static final Style PLAIN = new Style(allOff(), "default", "default");

    private static EnumMap<Attribute, Boolean> allOff() {
        EnumMap<Attribute, Boolean> off = new EnumMap<>(Attribute.class);
        for (Attribute a : Attribute.values()) {
            off.put(a, false);
        }
        return off;
    }

    /** This style, and {@code attribute} on. */
    Style with(Attribute attribute) {
        EnumMap<Attribute, Boolean> more = new EnumMap<>(attributes);
        more.put(attribute, true);
        return new Style(more, fg, bg);
    }

    /** This style, and bold (SGR 1). */
    public Style bold() {
        return with(Attribute.BOLD);
    }

    /** This style, and faint (SGR 2). */
    public Style faint() {
        return with(Attribute.FAINT);
    }

    /** This style, and italic (SGR 3). */
    public Style italic() {
        return with(Attribute.ITALIC);
    }

    /** This style, and underlined in any underline style (SGR 4, 4:x, 21). */
    public Style underline() {
        return with(Attribute.UNDERLINE);
    }

    /** This style, and inverse video (SGR 7): how menus and selections are usually highlighted. */
    public Style inverse() {
        return with(Attribute.INVERSE);
    }

    /** This style, and struck through (SGR 9). */
    public Style strikethrough() {
        return with(Attribute.STRIKETHROUGH);
    }

    /** This style with a foreground colour too. */
    public Style fg(String color) {
        return new Style(attributes, checkColor(color), bg);
    }

    /** This style with a background colour too. */
    public Style bg(String color) {
        return new Style(attributes, fg, checkColor(color));
    }

    /** Both styles' conditions; where both name an attribute, {@code other}'s wins. */
    public Style and(Style other) {
        EnumMap<Attribute, Boolean> both = new EnumMap<>(attributes);
        both.putAll(other.attributes);
        return new Style(both, pick(other.fg, fg), pick(other.bg, bg));
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }

    /** Whether the cell at {@code col} of {@code row} has every attribute this style names. */
    boolean matches(CellRow row, int col) {
        for (Map.Entry<Attribute, Boolean> named : attributes.entrySet()) {
            if (named.getKey().in(row, col) != named.getValue()) {
                return false;
            }
        }
        return (fg == null || colorMatches(fg, row.fgMode(col), row.fg(col)))
                && (bg == null || colorMatches(bg, row.bgMode(col), row.bg(col)));
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
        int named = ColorNames.index(color);
        return named >= 0 ? named : Integer.parseInt(color);
    }

    private static String checkColor(String color) {
        Objects.requireNonNull(color, "color");
        String c = color.strip().toLowerCase(Locale.ROOT);
        boolean ok = c.equals("default") || ColorNames.index(c) >= 0
                || c.matches("#[0-9a-f]{6}")
                || c.matches("\\d{1,3}") && Integer.parseInt(c) < 256;
        if (!ok) {
            throw new IllegalArgumentException("unknown colour \"" + color + "\": use " + ColorNames.basicNames()
                    + ", bright-<one of those>, a palette index 0-255, #rrggbb or default");
        }
        return c;
    }

    /** The conditions, e.g. {@code bold fg=red}; {@code any style} when there are none. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        attributes.forEach((attribute, on) -> parts.add(on ? attribute.label() : "not " + attribute.label()));
        if (fg != null) {
            parts.add("fg=" + fg);
        }
        if (bg != null) {
            parts.add("bg=" + bg);
        }
        return parts.isEmpty() ? "any style" : String.join(" ", parts);
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
