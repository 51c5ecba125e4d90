package dev.ptyctl.vt.oracle;

import dev.ptyctl.vt.CellView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Compares two {@link ScreenState}s aspect by aspect and words the differences for a failure
 * message: cells by (row, col) with both sides' contents and attributes, rows by their text.
 */
final class ScreenDiff {
    /** Cell and row differences listed before the message says "and N more". */
    private static final int MAX_LISTED = 40;

    /** What can be compared; SKIP.md names them in lower case with dashes ({@code cursor-visible}). */
    enum Aspect {
        CURSOR, CURSOR_VISIBLE, ALT_SCREEN, TEXT, CELLS, SCROLLBACK, TITLE, REPLIES, MODES;

        /** The name used in SKIP.md. */
        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Aspect fromLabel(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /**
     * One difference.
     *
     * @param aspect what differs
     * @param message where and how, ours first
     */
    record Difference(Aspect aspect, String message) {
    }

    private ScreenDiff() {
    }

    /**
     * Lists every difference in the compared aspects, worded "ours ... | xterm ...".
     *
     * @param xterm the reference
     * @param ours our emulator
     * @param compared aspects to look at
     * @return the differences, empty when the screens agree
     */
    static List<Difference> differences(ScreenState xterm, ScreenState ours, Set<Aspect> compared) {
        return differences(xterm, ours, compared, new Sides("ours", "xterm"));
    }

    /**
     * The names the two sides have in messages.
     *
     * @param other the side under test, named first
     * @param reference the reference side
     */
    record Sides(String other, String reference) {
        String pair(Object otherValue, Object referenceValue) {
            return other + " " + otherValue + " | " + reference + " " + referenceValue;
        }
    }

    /**
     * Lists every difference in the compared aspects.
     *
     * <p>Row text is compared without trailing spaces: xterm's {@code translateToString(true)}
     * keeps spaces a program wrote at the end of a row, while our row text drops them as
     * {@code pty/read} does. Whether a cell holds a written space or nothing is still compared,
     * cell by cell.
     *
     * @param reference the reference
     * @param other the state under test
     * @param compared aspects to look at
     * @param sides how messages name the two
     * @return the differences, empty when the states agree
     */
    static List<Difference> differences(ScreenState reference, ScreenState other, Set<Aspect> compared, Sides sides) {
        List<Difference> out = new ArrayList<>();
        if (compared.contains(Aspect.CURSOR)
            && (reference.cursorRow() != other.cursorRow() || reference.cursorCol() != other.cursorCol())) {
            out.add(new Difference(Aspect.CURSOR, "cursor (row,col): " + sides.pair(
                "(" + other.cursorRow() + "," + other.cursorCol() + ")",
                "(" + reference.cursorRow() + "," + reference.cursorCol() + ")")));
        }
        same(out, compared, Aspect.CURSOR_VISIBLE, "cursor visible", sides, other.cursorVisible(),
            reference.cursorVisible());
        same(out, compared, Aspect.ALT_SCREEN, "alternate screen", sides, other.altScreen(), reference.altScreen());
        same(out, compared, Aspect.TITLE, "title", sides, quote(other.title()), quote(reference.title()));
        same(out, compared, Aspect.REPLIES, "replies", sides, quote(other.replies()), quote(reference.replies()));
        same(out, compared, Aspect.MODES, "modes", sides, other.modes(), reference.modes());
        if (compared.contains(Aspect.TEXT)) {
            rows(out, Aspect.TEXT, "row", sides, other.lines(), reference.lines());
        }
        if (compared.contains(Aspect.SCROLLBACK)) {
            if (other.scrollback().size() != reference.scrollback().size()) {
                out.add(new Difference(Aspect.SCROLLBACK, "scrollback lines: "
                    + sides.pair(other.scrollback().size(), reference.scrollback().size())));
            }
            rows(out, Aspect.SCROLLBACK, "scrollback line", sides, other.scrollback(), reference.scrollback());
        }
        if (compared.contains(Aspect.CELLS)) {
            cells(out, sides, other.cells(), reference.cells());
        }
        return out;
    }

    /**
     * Words a failure: a header line, then at most {@value #MAX_LISTED} differences per aspect.
     *
     * @param header what was run (case, size, chunking, seed)
     * @param differences from {@link #differences}
     * @return the message
     */
    static String report(String header, List<Difference> differences) {
        StringBuilder sb = new StringBuilder(header).append(": ").append(differences.size())
            .append(differences.size() == 1 ? " difference" : " differences").append(" (ours vs xterm.js)");
        for (Aspect aspect : Aspect.values()) {
            List<Difference> ofAspect = differences.stream().filter(d -> d.aspect() == aspect).toList();
            for (int i = 0; i < Math.min(MAX_LISTED, ofAspect.size()); i++) {
                sb.append("\n  ").append(ofAspect.get(i).message());
            }
            if (ofAspect.size() > MAX_LISTED) {
                sb.append("\n  ... and ").append(ofAspect.size() - MAX_LISTED).append(" more ").append(aspect.label())
                    .append(" differences");
            }
        }
        return sb.toString();
    }

    /**
     * A cell in a few words: {@code 'a' w1 fg=p1 bg=#0a141e bold ul=2}; defaults are left out.
     *
     * @param c the cell
     * @return the description
     */
    static String describe(CellView c) {
        StringBuilder sb = new StringBuilder(quote(c.chars())).append(" w").append(c.width());
        color(sb, "fg", c.fgMode(), c.fg());
        color(sb, "bg", c.bgMode(), c.bg());
        flag(sb, c.bold(), "bold");
        flag(sb, c.faint(), "faint");
        flag(sb, c.italic(), "italic");
        if (c.underline() != 0) {
            sb.append(" ul=").append(c.underline());
        }
        flag(sb, c.blink(), "blink");
        flag(sb, c.inverse(), "inverse");
        flag(sb, c.invisible(), "invisible");
        flag(sb, c.strikethrough(), "strike");
        flag(sb, c.overline(), "overline");
        color(sb, "ulcolor", c.underlineColorMode(), c.underlineColor());
        if (!c.hyperlink().isEmpty()) {
            sb.append(" link=").append(c.hyperlink());
        }
        return sb.toString();
    }

    private static void cells(List<Difference> out, Sides sides, List<List<CellView>> other,
                              List<List<CellView>> reference) {
        int rows = Math.min(other.size(), reference.size());
        for (int row = 0; row < rows; row++) {
            List<CellView> a = other.get(row);
            List<CellView> b = reference.get(row);
            for (int col = 0; col < Math.min(a.size(), b.size()); col++) {
                if (!a.get(col).equals(b.get(col))) {
                    out.add(new Difference(Aspect.CELLS, "cell (" + row + "," + col + "): "
                        + sides.pair(describe(a.get(col)), describe(b.get(col)))));
                }
            }
        }
    }

    private static void rows(List<Difference> out, Aspect aspect, String what, Sides sides, List<String> other,
                             List<String> reference) {
        int n = Math.min(other.size(), reference.size());
        for (int i = 0; i < n; i++) {
            String a = withoutTrailingSpaces(other.get(i));
            String b = withoutTrailingSpaces(reference.get(i));
            if (!a.equals(b)) {
                out.add(new Difference(aspect, what + " " + i + ": " + sides.pair(quote(a), quote(b))));
            }
        }
    }

    private static String withoutTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    private static void same(List<Difference> out, Set<Aspect> compared, Aspect aspect, String what, Sides sides,
                             Object other, Object reference) {
        if (compared.contains(aspect) && !Objects.equals(other, reference)) {
            out.add(new Difference(aspect, what + ": " + sides.pair(other, reference)));
        }
    }

    private static void color(StringBuilder sb, String name, int mode, int value) {
        switch (mode) {
            case 0 -> {
            }
            case 1 -> sb.append(' ').append(name).append("=p").append(value);
            case 2 -> sb.append(' ').append(name).append(String.format("=#%06x", value));
            default -> sb.append(' ').append(name).append("=mode").append(mode).append(':').append(value);
        }
    }

    private static void flag(StringBuilder sb, boolean on, String name) {
        if (on) {
            sb.append(' ').append(name);
        }
    }

    /** Java-style quoting that shows control and invisible characters as escapes. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        s.codePoints().forEach(cp -> {
            if (cp == '"' || cp == '\\') {
                sb.append('\\').appendCodePoint(cp);
            } else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || Character.getType(cp) == Character.FORMAT
                || Character.getType(cp) == Character.NON_SPACING_MARK) {
                sb.append(cp == 0x1b ? "\\e" : String.format(cp > 0xffff ? "\\u{%x}" : "\\u%04x", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.append('"').toString();
    }
}
