package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.CellRow;
import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.terminal.StateView;
import java.util.List;
import java.util.Locale;

/**
 * The screen as an SVG picture, drawn from the emulator's cells: colours (palette, 256 and direct, with the
 * program's own palette changes), bold, faint, italic, underline, strikethrough, inverse and invisible text, wide
 * characters over two cells, and the cursor. No browser and no fonts are involved in making it; a viewer draws the
 * text with its own monospace font, each run stretched to its cells ({@code textLength}), so columns line up whatever
 * font it has. Test reports use it to show what the screen looked like when an expectation failed, with what the
 * test's locator found there framed ({@link Outline}).
 *
 * <p>Geometry: every cell is {@value #CELL_WIDTH} by {@value #CELL_HEIGHT} units, row {@code r} (0-based) spans
 * {@code y = r * CELL_HEIGHT} to the next row. The output depends only on the cells, so it is stable across machines.
 */
public final class SvgSerializer {
    /** Width of a cell in SVG units: about the advance of a 15-unit monospace font. */
    public static final int CELL_WIDTH = 9;
    /** Height of a cell: the font size plus line spacing. */
    public static final int CELL_HEIGHT = 18;
    private static final int FONT_SIZE = 15;
    /** Where the text baseline sits in a cell: below the ascent of a 15-unit font. */
    private static final int BASELINE = 14;
    /** OSC numbers of the default foreground, background and cursor colours. */
    private static final int FOREGROUND = 10;
    private static final int BACKGROUND = 11;
    private static final int CURSOR = 12;
    /**
     * The frame of an {@link Outline}: orange, which reads on a dark background and a light one and is rare as a
     * terminal's own colour, so it is not taken for the program's drawing.
     */
    private static final String OUTLINE_COLOR = "#ff8c00";

    private final Terminal terminal;
    private final StateView state;
    private final List<Outline> outlines;
    private final StringBuilder svg = new StringBuilder();
    /** The row being drawn, copied into the same arrays for every row: no object per cell. */
    private final CellRow cells = new CellRow();

    private SvgSerializer(Terminal terminal, List<Outline> outlines) {
        this.terminal = terminal;
        this.state = terminal.emulator().state();
        this.outlines = outlines;
    }

    /**
     * Cells framed over the picture: {@code cells} cells of {@code row} from {@code col} (both 0-based), such as a
     * match a test's locator found, so that a failure's picture shows which text it means, as its message marks it
     * with {@code ~} under the row. A frame is drawn inside its cells, so frames of adjacent matches stay apart.
     *
     * @param row   the row, 0-based
     * @param col   the first column, 0-based
     * @param cells how many cells, at least 1
     */
    public record Outline(int row, int col, int cells) {
        /** Checks the place. */
        public Outline {
            if (row < 0 || col < 0 || cells < 1) {
                throw new IllegalArgumentException("an outline is cells >= 1 cells from row >= 0, column >= 0 (0-based),"
                    + " got " + cells + " from row " + row + ", column " + col);
            }
        }
    }

    /**
     * The screen of {@code terminal} (not its scrollback) as an SVG document.
     *
     * @param terminal the terminal; not changed
     * @return the SVG text, UTF-8 safe, no external references
     */
    public static String render(Terminal terminal) {
        return render(terminal, List.of());
    }

    /**
     * The screen of {@code terminal} as an SVG document, with {@code outlines} framed over it (those outside the
     * screen are left out, a frame past the right edge is cut there).
     *
     * @param terminal the terminal; not changed
     * @param outlines the cells to frame
     * @return the SVG text, UTF-8 safe, no external references
     */
    public static String render(Terminal terminal, List<Outline> outlines) {
        return new SvgSerializer(terminal, List.copyOf(outlines)).run();
    }

    private String run() {
        int width = terminal.cols() * CELL_WIDTH;
        int height = terminal.rows() * CELL_HEIGHT;
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
            .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
            .append("\" font-family=\"'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace\" font-size=\"")
            .append(FONT_SIZE).append("\">\n");
        svg.append("<rect width=\"").append(width).append("\" height=\"").append(height).append("\" fill=\"")
            .append(hex(state.dynamicColor(BACKGROUND))).append("\"/>\n");
        for (int row = 0; row < terminal.rows(); row++) {
            backgrounds(row);
        }
        cursor();
        for (int row = 0; row < terminal.rows(); row++) {
            texts(row);
        }
        outlines();
        return svg.append("</svg>\n").toString();
    }

    /** The frames, over the text; a stroke of 2 centred one unit inside the cells' edges stays within them. */
    private void outlines() {
        for (Outline outline : outlines) {
            if (outline.row() >= terminal.rows() || outline.col() >= terminal.cols()) {
                continue;
            }
            int cells = Math.min(outline.cells(), terminal.cols() - outline.col());
            svg.append("<rect class=\"found\" x=\"").append(outline.col() * CELL_WIDTH + 1).append("\" y=\"")
                .append(outline.row() * CELL_HEIGHT + 1).append("\" width=\"").append(cells * CELL_WIDTH - 2)
                .append("\" height=\"").append(CELL_HEIGHT - 2).append("\" fill=\"none\" stroke=\"")
                .append(OUTLINE_COLOR).append("\" stroke-width=\"2\"/>\n");
        }
    }

    /** Runs of cells with one non-default background, as rectangles. */
    private void backgrounds(int row) {
        terminal.copyRow(row, cells);
        int col = 0;
        while (col < terminal.cols()) {
            int bg = background(col);
            int end = col + 1;
            while (end < terminal.cols() && background(end) == bg) {
                end++;
            }
            if (bg != state.dynamicColor(BACKGROUND)) {
                rect(col, row, end - col, bg, "");
            }
            col = end;
        }
    }

    private void cursor() {
        if (!terminal.cursorVisible()) {
            return;
        }
        int col = Math.min(terminal.cursorCol(), terminal.cols() - 1);
        int width = Math.max(1, terminal.copyRow(terminal.cursorRow(), cells).width(col));
        rect(col, terminal.cursorRow(), width, state.dynamicColor(CURSOR), " class=\"cursor\" fill-opacity=\"0.6\"");
    }

    private void rect(int col, int row, int cells, int rgb, String more) {
        svg.append("<rect x=\"").append(col * CELL_WIDTH).append("\" y=\"").append(row * CELL_HEIGHT)
            .append("\" width=\"").append(cells * CELL_WIDTH).append("\" height=\"").append(CELL_HEIGHT)
            .append("\" fill=\"").append(hex(rgb)).append('"').append(more).append("/>\n");
    }

    /** Runs of narrow characters with one look as one text element; a wide character alone. */
    private void texts(int row) {
        terminal.copyRow(row, cells);
        int col = 0;
        while (col < terminal.cols()) {
            if (!cells.hasText(col) || cells.invisible(col)) {
                col++;
                continue;
            }
            int width = cells.width(col);
            StringBuilder run = cells.appendChars(col, new StringBuilder());
            int end = col + Math.max(1, width);
            while (width == 1 && end < terminal.cols() && cells.width(end) == 1 && !cells.invisible(end)
                && sameLook(col, end)) {
                if (cells.hasText(end)) {
                    cells.appendChars(end, run);
                } else {
                    run.append(' ');
                }
                end++;
            }
            String chars = run.toString().stripTrailing();
            text(row, col, width == 2 ? 2 : cellsOf(chars), chars, look(col));
            col = end;
        }
    }

    /**
     * Whether two cells' text is drawn alike ({@link #look}): the same style draws the same, and cells of different
     * styles may too (an inverse cell's foreground is the other's background), which comparing colours finds.
     */
    private boolean sameLook(int col, int other) {
        return cells.sameStyle(col, other) || look(col).equals(look(other));
    }

    private void text(int row, int col, int cells, String chars, String look) {
        svg.append("<text x=\"").append(col * CELL_WIDTH).append("\" y=\"").append(row * CELL_HEIGHT + BASELINE)
            .append("\" textLength=\"").append(cells * CELL_WIDTH)
            .append("\" lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\"").append(look).append('>');
        escape(chars);
        svg.append("</text>\n");
    }

    /** Cells a run of narrow characters covers: one per character, combining marks riding on theirs. */
    private static int cellsOf(String chars) {
        return (int) chars.codePoints().filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK
            && Character.getType(cp) != Character.ENCLOSING_MARK && cp != 0x200D).count();
    }

    /** The attributes that draw a cell's text. */
    private String look(int col) {
        StringBuilder look = new StringBuilder(" fill=\"").append(hex(foreground(col))).append('"');
        if (cells.bold(col)) {
            look.append(" font-weight=\"bold\"");
        }
        if (cells.italic(col)) {
            look.append(" font-style=\"italic\"");
        }
        if (cells.faint(col)) {
            look.append(" fill-opacity=\"0.5\"");
        }
        String decoration = (cells.underline(col) != 0 ? "underline " : "")
            + (cells.strikethrough(col) ? "line-through " : "") + (cells.overline(col) ? "overline" : "");
        if (!decoration.isBlank()) {
            look.append(" text-decoration=\"").append(decoration.strip()).append('"');
        }
        return look.toString();
    }

    private int foreground(int col) {
        return cells.inverse(col) ? color(cells.bgMode(col), cells.bg(col), BACKGROUND)
            : color(cells.fgMode(col), cells.fg(col), FOREGROUND);
    }

    private int background(int col) {
        return cells.inverse(col) ? color(cells.fgMode(col), cells.fg(col), FOREGROUND)
            : color(cells.bgMode(col), cells.bg(col), BACKGROUND);
    }

    private int color(int mode, int value, int defaultIndex) {
        return switch (mode) {
            case CellView.COLOR_RGB -> value;
            case CellView.COLOR_PALETTE -> state.paletteColor(value);
            default -> state.dynamicColor(defaultIndex);
        };
    }

    private static String hex(int rgb) {
        return String.format(Locale.ROOT, "#%06x", rgb & 0xFFFFFF);
    }

    private void escape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> svg.append("&amp;");
                case '<' -> svg.append("&lt;");
                case '>' -> svg.append("&gt;");
                case '"' -> svg.append("&quot;");
                default -> svg.append(c < 0x20 ? ' ' : c);
            }
        }
    }
}
