package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * Plain-text rendering of a terminal. Newline policy (SPEC section 4.2): each row is its text with
 * trailing spaces removed; trailing blank rows are dropped; every remaining row ends with
 * {@code "\n"}; nothing at all gives {@code ""}. Wide characters appear once; soft-wrapped rows are
 * still separate rows.
 */
public final class TextSerializer {
    private TextSerializer() {
    }

    /**
     * SPEC section 4.2 text of the whole screen: rows with trailing spaces removed, trailing blank
     * rows dropped, every remaining row ends with "\n", blank screen is "".
     *
     * @param t the terminal
     * @return the screen text
     */
    public static String screen(Terminal t) {
        return screenRows(t, 0, t.rows());
    }

    /**
     * The same rules applied to screen rows [fromRow, toRowExclusive) (0-based) only.
     *
     * @param t the terminal
     * @param fromRow first row, clamped to the screen
     * @param toRowExclusive row after the last, clamped to the screen
     * @return the text of those rows
     */
    public static String screenRows(Terminal t, int fromRow, int toRowExclusive) {
        int from = Math.max(0, fromRow);
        int to = Math.min(t.rows(), toRowExclusive);
        String[] rows = new String[Math.max(0, to - from)];
        for (int row = from; row < to; row++) {
            rows[row - from] = t.rowText(row);
        }
        return join(rows);
    }

    /**
     * Scrollback lines then screen, same rules.
     *
     * @param t the terminal
     * @return the text of the scrollback followed by the screen
     */
    public static String withScrollback(Terminal t) {
        return withScrollbackRows(t, 0, t.scrollbackSize() + t.rows());
    }

    /**
     * The same rules applied to lines [fromLine, toLineExclusive) (0-based) of the scrollback followed by the screen:
     * line 0 is the oldest scrollback line, line {@code scrollbackSize()} the screen's first row.
     *
     * @param t the terminal
     * @param fromLine first line, clamped to the text
     * @param toLineExclusive line after the last, clamped to the text
     * @return the text of those lines
     */
    public static String withScrollbackRows(Terminal t, int fromLine, int toLineExclusive) {
        int history = t.scrollbackSize();
        int from = Math.max(0, fromLine);
        int to = Math.min(history + t.rows(), toLineExclusive);
        String[] rows = new String[Math.max(0, to - from)];
        for (int line = from; line < to; line++) {
            rows[line - from] = line(t, history, line).text();
        }
        return join(rows);
    }

    /**
     * The screen (with {@code scrollback}: the scrollback, then the screen) as the program wrote its lines: a row that
     * the text went on from (the next row is a soft-wrapped continuation of it) is joined with the row after it, its
     * cells up to the last column kept (blank cells there read as spaces), so a long path or URL that wrapped reads
     * whole. Otherwise the rules of {@link #screen}. The alternate screen's first row never continues the main screen's
     * scrollback.
     *
     * @param t          the terminal
     * @param scrollback whether the scrollback comes first
     * @return the text, one line per logical line
     */
    public static String unwrapped(Terminal t, boolean scrollback) {
        return unwrappedIfWrapped(t, scrollback).orElseGet(() -> scrollback ? withScrollback(t) : screen(t));
    }

    /**
     * {@link #unwrapped}'s text when at least one row goes on into the next; empty when none does, as the text is then
     * that of the rows ({@link #screen}, {@link #withScrollback}): a caller that has those (a wait, which looks after
     * every chunk of output) builds nothing twice.
     *
     * @param t          the terminal
     * @param scrollback whether the scrollback comes first
     * @return the text, one line per logical line, when it differs from the rows'
     */
    public static Optional<String> unwrappedIfWrapped(Terminal t, boolean scrollback) {
        return joinedIfWrapped(t, scrollback).map(JoinedText::text);
    }

    /**
     * {@link #unwrappedIfWrapped}'s text with where each row begins in it, so that what is found in the joined lines
     * can be placed on the row and column where it starts.
     *
     * @param t          the terminal
     * @param scrollback whether the scrollback comes first
     * @return the joined text and its rows, when at least one row goes on into the next
     */
    public static Optional<JoinedText> joinedIfWrapped(Terminal t, boolean scrollback) {
        int history = scrollback ? t.scrollbackSize() : 0;
        IntPredicate continues = continuation(t, history);
        if (IntStream.range(0, history + t.rows()).noneMatch(continues)) {
            return Optional.empty();
        }
        int[] rowStarts = new int[history + t.rows()];
        String text = text(logicalLines(t, history, continues, rowStarts));
        return Optional.of(new JoinedText(text, rowStarts));
    }

    /**
     * {@link #unwrapped}'s lines before the newline policy: one per logical line, trailing spaces removed, the blank
     * rows at the end included (one empty line each), so that a selection can count them as rows are counted.
     *
     * @param t          the terminal
     * @param scrollback whether the scrollback comes first
     * @return the lines, oldest first
     */
    public static List<String> unwrappedLines(Terminal t, boolean scrollback) {
        int history = scrollback ? t.scrollbackSize() : 0;
        return logicalLines(t, history, continuation(t, history), null);
    }

    /**
     * The screen after the last {@code scrollbackLines} lines of the scrollback above it (none for 0), by the rules of
     * {@link #withScrollbackRows}; with {@code joined} the lines are {@link #unwrappedLines}' and
     * {@code scrollbackLines} counts those: the screen's lines are those that end on it, so a line wrapped from the
     * scrollback onto the screen reads whole once any scrollback is asked for.
     *
     * @param t               the terminal
     * @param scrollbackLines how many lines of history to put above the screen (≥ 0)
     * @param joined          whether soft-wrapped rows are joined into the lines the program wrote
     * @return the text
     */
    public static String screenAfterScrollback(Terminal t, int scrollbackLines, boolean joined) {
        int above = Math.max(0, scrollbackLines);
        if (!joined) {
            return withScrollbackRows(t, t.scrollbackSize() - above, t.scrollbackSize() + t.rows());
        }
        int history = above > 0 ? t.scrollbackSize() : 0;
        IntPredicate continues = continuation(t, history);
        // A line ends on the same row whether or not the scrollback comes first, so the lines that end in the
        // scrollback are those before the screen's own.
        int endingAbove = (int) IntStream.range(0, history).filter(continues.negate()).count();
        List<String> lines = logicalLines(t, history, continues, null);
        return text(lines.subList(Math.max(0, endingAbove - above), lines.size()));
    }

    /**
     * Lines as text under this class's newline policy: trailing empty lines dropped, every other line ended by
     * {@code "\n"}.
     *
     * @param lines lines without their newlines ({@link #unwrappedLines}, or part of them)
     * @return the text
     */
    public static String text(List<String> lines) {
        return join(lines.toArray(String[]::new));
    }

    /** Whether line {@code i} goes on into line {@code i + 1}, its soft-wrapped continuation. */
    private static IntPredicate continuation(Terminal t, int history) {
        int total = history + t.rows();
        // The alternate screen's first row never continues the main screen's scrollback.
        boolean joinsAtScreen = !t.alternateScreenActive();
        return i -> i + 1 < total && line(t, history, i + 1).isWrapped() && (i + 1 != history || joinsAtScreen);
    }

    /**
     * @param rowStarts null, or one per line of the text (scrollback first) to be given where that line's cells begin
     *                  in {@link #text} of the lines returned
     */
    private static List<String> logicalLines(Terminal t, int history, IntPredicate continues, int[] rowStarts) {
        List<String> logical = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int lineStart = 0; // where the current logical line begins in the joined text
        for (int i = 0; i < history + t.rows(); i++) {
            Line line = line(t, history, i);
            boolean continued = continues.test(i);
            if (rowStarts != null) {
                rowStarts[i] = lineStart + current.length();
            }
            line.appendText(current, 0, line.cols(), !continued);
            if (!continued) {
                int length = current.length();
                while (length > 0 && current.charAt(length - 1) == ' ') {
                    length--;
                }
                current.setLength(length);
                logical.add(current.toString());
                lineStart += length + 1;
                current.setLength(0);
            }
        }
        return logical;
    }

    /** Line {@code i} of the scrollback ({@code history}: its size, or 0 to leave it out) followed by the screen. */
    private static Line line(Terminal t, int history, int i) {
        return i < history ? t.emulator().mainScreen().scrollback().get(i)
                : t.emulator().activeScreen().line(i - history);
    }

    private static String join(String[] rows) {
        int last = rows.length - 1;
        while (last >= 0 && rows[last].isEmpty()) {
            last--;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i <= last; i++) {
            text.append(rows[i]).append('\n');
        }
        return text.toString();
    }
}
