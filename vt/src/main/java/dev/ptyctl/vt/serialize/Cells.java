package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.unicode.UnicodeWidth;

/** How the VT serializer sees one cell of a {@link Line}: its kind and whether printing recreates it. */
final class Cells {
    /** The kinds of cell, after {@link Line}'s content bits. */
    enum Kind {
        /** No text, width 1. */
        EMPTY,
        /** Text of width 1. */
        NARROW,
        /** Left half of a wide character. */
        WIDE,
        /** Right half of a wide character. */
        SPACER,
        /** A zero-width character that had nothing to join. */
        ZERO_WIDTH
    }

    private Cells() {
    }

    static Kind kind(Line line, int col) {
        if (col >= line.cols()) {
            return Kind.EMPTY;
        }
        int width = line.width(col);
        if (!line.hasText(col)) {
            return width == 0 ? Kind.SPACER : Kind.EMPTY;
        }
        return width == 2 ? Kind.WIDE : width == 1 ? Kind.NARROW : Kind.ZERO_WIDTH;
    }

    static long style(Line line, int col) {
        return col < line.cols() ? line.style(col) : Style.DEFAULT;
    }

    static long extra(Line line, int col) {
        return col < line.cols() ? line.extra(col) : 0;
    }

    /** A blank cell with more than a background colour: no erase can make it. */
    static boolean isSpecialBlank(Line line, int col) {
        long style = style(line, col);
        return kind(line, col) == Kind.EMPTY && (Style.eraseStyle(style) != style || extra(line, col) != 0);
    }

    /**
     * Whether printing the cell's text (with US ASCII in GL) gives the same cell: the base
     * character has the cell's width, the rest are combining marks, and a wide character has its
     * right half after it.
     */
    static boolean printable(Line line, int col, int cols) {
        Kind kind = kind(line, col);
        if (kind == Kind.EMPTY || kind == Kind.SPACER) {
            return false;
        }
        String text = line.chars(col);
        int base = text.codePointAt(0);
        int expected = kind == Kind.NARROW ? 1 : kind == Kind.WIDE ? 2 : 0;
        if (UnicodeWidth.of(base) != expected
            || (kind == Kind.ZERO_WIDTH && text.length() > Character.charCount(base))) {
            return false;
        }
        for (int i = Character.charCount(base); i < text.length(); i += Character.charCount(text.codePointAt(i))) {
            if (UnicodeWidth.of(text.codePointAt(i)) != 0) {
                return false;
            }
        }
        return kind != Kind.WIDE || (col + 1 < cols && kind(line, col + 1) == Kind.SPACER);
    }

    /**
     * The column to print again so that the last cell is rewritten and the wrap is pending: the
     * last column, or the wide character whose right half it is; -1 when that cell is not text.
     */
    static int lastTextColumn(Line line, int cols) {
        int last = cols - 1;
        if (kind(line, last) == Kind.SPACER && last > 0 && printable(line, last - 1, cols)) {
            return last - 1;
        }
        // printing in the last column blanks a two-column cell before it (a state autowrap-off printing leaves)
        return printable(line, last, cols) && (last == 0 || line.width(last - 1) != 2) ? last : -1;
    }
}
