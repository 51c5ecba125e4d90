package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CellRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A way to find things on the screen, evaluated afresh each time it is used: text, a regular expression or a style
 * ({@link TerminalDriver#getByText}, {@link TerminalDriver#getByRegex}, {@link TerminalDriver#getByStyle}), narrowed
 * to rows ({@link #within}) and to one of its matches ({@link #nth}, {@link #first}, {@link #last}). Assertions on it ({@link
 * TerminalAssertions#assertThat(Locator)}) wait until they hold, woken by the terminal's output. Immutable.
 *
 * <pre>{@code
 * assertThat(t.getByText("Save").within(Region.rows(23, 24))).isVisible();
 * assertThat(t.getByStyle(Styles.inverse()).nth(0)).hasText("Open");
 * }</pre>
 *
 * <p>Text and patterns are searched line by line, a line being the rows that text wrapped across at the right edge
 * joined (see {@link WrappedLines}; never rows that a line break separates), so a match may start on one row and end on
 * the next; its text reads as the program wrote it. Rows are read without trailing spaces, a wide character once;
 * text that ends in spaces may end on the last row's blank cells, so {@code getByText(">>> ")} finds a prompt with the
 * cursor after it. A style match is a run of adjacent cells with that style within one row, blanks at its ends left
 * out.
 *
 * <p>A locator looks at the screen alone, as a person sees it; {@link #includingScrollback()} makes a text or pattern
 * locator search the lines that scrolled off above it too (tui-test's {@code getByText(text, { full: true })}).
 */
public final class Locator {
    /** What a locator looks for, in one line of text and its cells. */
    private interface Query {
        /** Adds the matches in {@code line} (of {@code cells}, or of the scrollback) to {@code into}. */
        void find(WrappedLines.Line line, Cells cells, List<Match> into);

        String describe();

        /** Whether it looks for a style: its failures then list the styles the screen has instead. */
        default boolean byStyle() {
            return false;
        }
    }

    /**
     * One thing found: where it starts (its row, 0-based, negative for a scrollback line: -1 is the line right above
     * the screen, and its first column), where it ends (its last row, the row it starts on unless text wrapped, and the
     * column after its last cell there) and its text, as the program wrote it (no line break where it wrapped).
     */
    record Match(int row, int from, int endRow, int to, String text) {
        /** A match within one row: columns [from, to) of {@code row}. */
        Match(int row, int from, int to, String text) {
            this(row, from, row, to, text);
        }

        /** Whether it was found above the screen, in the scrollback. */
        boolean inScrollback() {
            return row < 0;
        }

        /** The first column of the match on {@code row}, one of its rows: its start on its first, 0 on the others. */
        int fromOn(int row) {
            return row == this.row ? from : 0;
        }

        /** The column after the match's last cell on {@code row}: its end on its last row, the row's width before. */
        int toOn(int row, int cols) {
            return row == endRow ? to : cols;
        }

        /**
         * Where it is, for messages: {@code row 3, column 5}, {@code 2 lines above the screen, column 1}, and for
         * text that wrapped, {@code row 3, column 50 (wrapped onto row 4)}.
         */
        String place() {
            return line(row) + ", column " + (from + 1) + (endRow == row ? "" : " (wrapped onto " + line(endRow) + ")");
        }

        private static String line(int row) {
            return row >= 0 ? "row " + (row + 1) : -row + (row == -1 ? " line" : " lines") + " above the screen";
        }
    }

    private final ScreenSource source;
    private final Query query;
    private final Region region;
    /** The match kept: an index from 0, {@link #ALL} or {@link #LAST}. */
    private final int nth;
    private static final int ALL = -1;
    private static final int LAST = -2;
    /** Whether the scrollback's lines are searched too, before the screen's rows. */
    private final boolean scrollback;

    private Locator(ScreenSource source, Query query, Region region, int nth) {
        this(source, query, region, nth, false);
    }

    private Locator(ScreenSource source, Query query, Region region, int nth, boolean scrollback) {
        this.source = source;
        this.query = query;
        this.region = region;
        this.nth = nth;
        this.scrollback = scrollback;
    }

    static Locator text(ScreenSource source, String text) {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty() || text.contains("\n")) {
            throw new IllegalArgumentException("getByText looks for text within one line: non-empty, without \\n");
        }
        return new Locator(source, new Query() {
            @Override
            public void find(WrappedLines.Line line, Cells cells, List<Match> into) {
                if (text.isBlank() && line.inScrollback()) {
                    return; // blanks are everywhere past a scrollback line's end: no place worth naming
                }
                // Text ending in spaces may end on the row's trailing blank cells: a prompt ">>> " is found as typed.
                CharSequence searched = text.endsWith(" ") ? line.padded() : line.text();
                for (int i = WrappedLines.Line.indexOf(searched, text, 0); i >= 0;
                     i = WrappedLines.Line.indexOf(searched, text, i + text.length())) {
                    into.add(line.match(i, i + text.length(), text));
                }
            }

            @Override
            public String describe() {
                return "text " + ScreenAssert.quote(text);
            }
        }, Region.all(), ALL);
    }

    static Locator regex(ScreenSource source, String regex) {
        Pattern pattern = Pattern.compile(regex);
        return new Locator(source, new Query() {
            @Override
            public void find(WrappedLines.Line line, Cells cells, List<Match> into) {
                line.eachMatch(pattern, into::add);
            }

            @Override
            public String describe() {
                return "/" + regex + "/";
            }
        }, Region.all(), ALL);
    }

    static Locator style(ScreenSource source, Style style) {
        Objects.requireNonNull(style, "style");
        return new Locator(source, new Query() {
            @Override
            public void find(WrappedLines.Line lines, Cells cells, List<Match> into) {
                for (int row = Math.max(0, lines.firstRow()); row <= lines.lastRow(); row++) {
                    findInRow(cells, row, lines, into);
                }
            }

            /** A style run lies within a row (and the searched columns): the runs of a row's cells with the style. */
            private void findInRow(Cells cells, int row, WrappedLines.Line lines, List<Match> into) {
                String line = cells.rowText(row);
                CellRow cellRow = cells.row(row);
                int start = -1;
                for (int i = 0; i <= line.length(); i++) {
                    boolean styled = i < line.length() && lines.coversColumn(cells.columnOf(row, i))
                            && style.matches(cellRow, cells.columnOf(row, i));
                    if (styled && start < 0) {
                        start = i;
                    } else if (!styled && start >= 0) {
                        addTrimmed(cells, row, line, start, i, into);
                        start = -1;
                    }
                }
            }

            @Override
            public String describe() {
                return "cells with style " + style;
            }

            @Override
            public boolean byStyle() {
                return true;
            }
        }, Region.all(), ALL);
    }

    private static void addTrimmed(Cells cells, int row, String line, int from, int to, List<Match> into) {
        while (from < to && line.charAt(from) == ' ') {
            from++;
        }
        while (to > from && line.charAt(to - 1) == ' ') {
            to--;
        }
        if (to > from) {
            into.add(match(cells, row, line, from, to));
        }
    }

    /** The characters {@code [from, to)} of {@code line}, a row's text as {@link Cells} gives it, as a match. */
    private static Match match(Cells cells, int row, String line, int from, int to) {
        int[] span = cells.columnSpan(row, from, to);
        return new Match(row, span[0], span[1], line.substring(from, to));
    }

    /**
     * This locator, searching only {@code region} of the screen.
     *
     * @throws IllegalStateException on a locator that {@link #includingScrollback() includes the scrollback}: a region
     *                               counts the screen's rows, which the scrollback is above
     */
    public Locator within(Region region) {
        Objects.requireNonNull(region, "region");
        if (scrollback && !region.equals(Region.all())) {
            throw new IllegalStateException(this + ": within(" + region + ") counts the screen's rows, and this locator"
                    + " searches above the screen too; use one or the other");
        }
        return new Locator(source, query, region, nth, scrollback);
    }

    /** Only the {@code index}-th match (from 0, in reading order: top to bottom, left to right). */
    public Locator nth(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("nth counts from 0, got " + index + " (the last match: last())");
        }
        return new Locator(source, query, region, index, scrollback);
    }

    /** Only the first match in reading order: {@code nth(0)}, as Playwright's {@code first()}. */
    public Locator first() {
        return nth(0);
    }

    /**
     * Only the last match in reading order (the lowest, rightmost), as Playwright's {@code last()}: the newest line of
     * a log, the prompt at the bottom.
     */
    public Locator last() {
        return new Locator(source, query, region, LAST, scrollback);
    }

    /**
     * This locator, searching the scrollback's lines (what scrolled off the top of the screen, oldest first) and then
     * the screen: for output that a test cannot see on the screen any more, such as a build log's early lines. Matches
     * come in reading order from the oldest kept line, so {@link #nth nth(0)} is the earliest. Assertions wait as on
     * the screen, woken by each change; each change reads only the lines that scrolled in since the last (see
     * {@link ScrollbackText}), but searches them all again.
     *
     * <pre>{@code
     * t.typeLine("make");
     * t.waitForPrompt();
     * assertThat(t.getByText("Compiling parser.c").includingScrollback()).isVisible();
     * }</pre>
     *
     * @throws IllegalStateException for a style locator (the scrollback is searched as text) or one narrowed
     *                               {@link #within} a region of the screen
     */
    public Locator includingScrollback() {
        if (query.byStyle()) {
            throw new IllegalStateException(this + ": a style locator searches the screen's cells only; the scrollback"
                    + " is searched as text, with getByText or getByRegex");
        }
        if (!region.equals(Region.all())) {
            throw new IllegalStateException(this + ": includingScrollback() searches above the screen, and within("
                    + region + ") counts the screen's rows; use one or the other");
        }
        return new Locator(source, query, region, nth, true);
    }

    /** How many matches the screen has now (no waiting). */
    public int count() {
        return source.read(this::find).size();
    }

    /** The text of the first match now, if there is one (no waiting). */
    public Optional<String> text() {
        return source.read(this::find).stream().findFirst().map(Match::text);
    }

    /**
     * The matches on {@code cells} (and, {@link #includingScrollback including the scrollback}, in the source's
     * scrollback as it is now), in reading order, narrowed by region and index.
     */
    List<Match> find(Cells cells) {
        List<Match> all = new ArrayList<>();
        WrappedLines.forEach(cells, region, scrollback ? source.scrollback() : List.of(),
                line -> query.find(line, cells, all));
        if (nth == ALL) {
            return all;
        }
        if (nth == LAST) {
            return all.isEmpty() ? List.of() : List.of(all.getLast());
        }
        return nth < all.size() ? List.of(all.get(nth)) : List.of();
    }

    ScreenSource source() {
        return source;
    }

    /**
     * Why {@code found}, this locator's matches, are too many for {@code action}, which acts on one match ({@code
     * "hasText reads"}, {@code "click(locator) clicks"}): Playwright's and tui-test's strict mode. Acting on the first
     * of several would pass or click by the luck of which is drawn higher (the command line the shell echoed holds the
     * text the program prints), so the test is told to say which.
     */
    String strictViolation(List<Match> found, String action) {
        return "strict mode violation: " + this + " resolved to " + found.size() + " matches (" + list(found, m -> "")
                + "); " + action + " one: pick it with first(), last(), nth(i) or within(Region)";
    }

    /** Where {@code found} lies on the screen, row by row (a wrapped match on each of its rows), to mark it there. */
    static List<ScreenDump.Underline> underlines(List<Match> found, int cols) {
        List<ScreenDump.Underline> underlines = new ArrayList<>();
        for (Match match : found) {
            for (int row = Math.max(0, match.row()); row <= match.endRow(); row++) {
                underlines.add(new ScreenDump.Underline(row, match.fromOn(row), Math.min(cols, match.toOn(row, cols))));
            }
        }
        return underlines;
    }

    /** Matches for messages: {@code 2: "Save" at row 4, column 3, "Save" at row 6, column 1}, or {@code none}. */
    static String describe(List<Match> found) {
        return describe(found, m -> "");
    }

    /** As {@link #describe(List)}, each match followed by {@code more} of it (its style: {@code " (inverse)"}). */
    static String describe(List<Match> found, java.util.function.Function<Match, String> more) {
        return found.isEmpty() ? "none" : found.size() + ": " + list(found, more);
    }

    /** The first 10 matches, each with its place and {@code more}. */
    private static String list(List<Match> found, java.util.function.Function<Match, String> more) {
        return found.stream().limit(10).map(m -> ScreenAssert.quote(m.text()) + " at " + m.place() + more.apply(m))
                .collect(java.util.stream.Collectors.joining(", ")) + (found.size() > 10 ? ", ..." : "");
    }

    boolean byStyle() {
        return query.byStyle();
    }

    /** Whether this locator searches the scrollback too. */
    boolean includesScrollback() {
        return scrollback;
    }

    /**
     * Whether the source's scrollback, above {@code cells}, has a match (the region and index aside: they count the
     * screen's rows).
     */
    boolean inScrollback(Cells cells) {
        List<Match> found = new ArrayList<>();
        WrappedLines.forEach(cells, Region.all(), source.scrollback(), line -> {
            if (line.inScrollback()) {
                query.find(line, cells, found);
            }
        });
        return found.stream().anyMatch(Match::inScrollback);
    }

    /** E.g. {@code text "Save" in rows 23-24, match 0}, {@code text "Done" including the scrollback}. */
    @Override
    public String toString() {
        return query.describe() + (scrollback ? " including the scrollback" : "")
                + (region.equals(Region.all()) ? "" : " in " + region) + (nth == ALL ? "" : nth == LAST ? ", the last match" : ", match " + nth);
    }
}
