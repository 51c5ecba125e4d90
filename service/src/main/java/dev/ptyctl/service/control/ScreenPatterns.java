package dev.ptyctl.service.control;

import dev.ptyctl.vt.serialize.JoinedText;
import dev.ptyctl.vt.unicode.UnicodeWidth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * The texts a wait looks for, one or several (pexpect's {@code expect([...])}), and which of them the screen shows:
 * its index, the text it matched, what a regular expression captured and where on the screen it starts.
 *
 * <p>When several are on the screen, the one found lowest wins (the one that starts last in the text; on a tie the
 * one asked first): a terminal keeps what was printed earlier, so the lowest is what the program printed last, as a
 * {@code yes/no} question answered above a {@code password:} prompt shows. For the same reason each is located at its
 * last occurrence. Each is looked for in {@link MatchText}'s rows and in its lines with soft-wrapped rows joined, the
 * lowest in either winning, and placed on the row and column where it starts, in the scrollback too.
 */
public final class ScreenPatterns {
    /**
     * One text to wait for.
     *
     * @param text  the substring, or the regular expression's source
     * @param regex the compiled expression, or {@code null} for a substring
     */
    public record Entry(String text, Pattern regex) {
        public Entry {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * What the wait found.
     *
     * @param index  which entry, 0-based in the order asked
     * @param text   the text it matched
     * @param groups a regular expression's groups 1…n in order, empty for one that took no part in the match; none for
     *               a substring
     * @param named  a regular expression's named groups that took part, by name
     * @param row    the 1-based screen row where the match starts; in the scrollback 0 for the line right above the
     *               screen, -1 for the one above it, and so on ({@link #find}); 0 with {@code col} 0 when not known
     *               (a match in the output read as a stream, {@link #first})
     * @param col    the 1-based column (a wide character takes two) where it starts; 0 when not known
     */
    public record Found(int index, String text, List<Optional<String>> groups, Map<String, String> named, int row,
                        int col) {
        public Found {
            groups = List.copyOf(groups);
            named = Map.copyOf(named);
        }
    }

    /**
     * The longest match of a regular expression that a search of a stream, going on after each chunk, is sure to find
     * ({@link #reach}): a bound on what each look reads again, so that a wait on a long stream without a match costs
     * time in proportion to the stream, not to its square. 16 Ki characters is some 200 lines of a shell's output;
     * reading it again per look costs about what the chunk itself does (the server reads up to 16 KiB at a time).
     */
    public static final int REGEX_REACH = 16 * 1024;

    private final List<Entry> entries;
    /**
     * Each entry's expression, a substring's compiled once as a literal: a wait looks after every chunk of output, and
     * compiling there was work for each look.
     */
    private final List<Pattern> patterns;

    public ScreenPatterns(List<Entry> entries) {
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("no texts to wait for");
        }
        this.entries = List.copyOf(entries);
        this.patterns = this.entries.stream()
                .map(entry -> entry.regex() != null ? entry.regex() : Pattern.compile(entry.text(), Pattern.LITERAL))
                .toList();
    }

    /** The texts and expressions, in their order. */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * Which entry {@code text} shows, if any, and where it starts: on the screen, a row 1 to rows; in the scrollback
     * ({@link MatchText#history} lines before the screen), row 0 for the line right above the screen, -1 for the one
     * above that, and so on; for a match in a line that wrapped, the row and column of its first character.
     *
     * @throws IllegalArgumentException when a regular expression is too deep for the text ({@link DeadlineText})
     */
    public Optional<Found> find(MatchText text, long deadlineNanos) {
        long budgetEnd = DeadlineText.budgetEnd(deadlineNanos); // one budget for every search of this look
        Optional<Lowest> inRows = lowest(text.rows(), budgetEnd)
                .map(lowest -> lowest.placed(rowsPlace(text.rows(), lowest.start(), text.history())));
        if (text.lines().isEmpty()) {
            return inRows.map(Lowest::found);
        }
        // A text found only with soft-wrapped rows joined (a long URL or message) may be lower than another's match
        // in the rows, and one text's last occurrence may be such a line: the lowest of both wins.
        JoinedText joined = text.lines().get();
        Optional<Lowest> inLines = lowest(joined.text(), budgetEnd)
                .map(lowest -> lowest.placed(linesPlace(joined, lowest.start(), text.history())));
        if (inRows.isEmpty() || inLines.isEmpty()) {
            return inRows.or(() -> inLines).map(Lowest::found);
        }
        int rowsAfter = inRows.get().printedAfter();
        int linesAfter = inLines.get().printedAfter();
        boolean linesLower = linesAfter < rowsAfter
                || linesAfter == rowsAfter && inLines.get().found().index() < inRows.get().found().index();
        return Optional.of((linesLower ? inLines : inRows).get().found());
    }

    /** Row and column (1-based; rows up to 0 in the scrollback) of {@code start} in the rows' text. */
    private static int[] rowsPlace(String rows, int start, int history) {
        int rowStart = rows.lastIndexOf('\n', start - 1) + 1;
        int line = 0;
        for (int i = rows.indexOf('\n'); i >= 0 && i < rowStart; i = rows.indexOf('\n', i + 1)) {
            line++;
        }
        return new int[] {line - history + 1, 1 + width(rows, rowStart, start)};
    }

    /** Row and column of {@code start} in the joined lines: the row whose cells hold it, counted as in the rows. */
    private static int[] linesPlace(JoinedText joined, int start, int history) {
        int row = joined.rowAt(start);
        return new int[] {row - history + 1, 1 + width(joined.text(), joined.rowStart(row), start)};
    }

    /** The columns that {@code text[from, to)} takes: a wide character two, a combining mark none. */
    private static int width(String text, int from, int to) {
        return text.substring(from, to).codePoints().map(UnicodeWidth::of).sum();
    }

    /**
     * The lowest match in one text.
     *
     * @param start where it starts in {@code text}
     */
    private record Lowest(Found found, String text, int start) {
        /** The same match at {@code place}: its row and column. */
        Lowest placed(int[] place) {
            Found f = found;
            return new Lowest(new Found(f.index(), f.text(), f.groups(), f.named(), place[0], place[1]), text, start);
        }

        /**
         * The characters other than white space from the match's start to the end of the text. The rows and the
         * lines differ only in line breaks and blanks (a wrapped row's margin), so this places a match in either
         * text on one scale: the fewer printed after it, the lower it is.
         */
        int printedAfter() {
            int printed = 0;
            for (int i = start; i < text.length(); i++) {
                if (!Character.isWhitespace(text.charAt(i))) {
                    printed++;
                }
            }
            return printed;
        }
    }

    /**
     * What a text read as a stream shows first, pexpect's way: the entry whose match starts earliest (on a tie the
     * one asked first), at its first occurrence, with the index in {@code text} where that match ends, so that the
     * next look can begin after it. No screen position ({@code row} and {@code col} 0).
     *
     * @throws DeadlineText.SearchCut   when an expression's search ran out of time: what it has not read is unknown
     * @throws IllegalArgumentException as {@link #find}
     */
    public Optional<InStream> first(CharSequence text, long deadlineNanos) {
        return first(text, 0, deadlineNanos);
    }

    /**
     * {@link #first(CharSequence, long)} among the matches that start at {@code from} or later; what comes before it
     * is read only where an expression looks back ({@code ^}, {@code \b}, a lookbehind).
     *
     * @throws DeadlineText.SearchCut   when an expression's search ran out of time (at least 1 s, at most 5 s, the
     *                                  wait's deadline between): what it has not read is unknown
     * @throws IllegalArgumentException as {@link #find}
     */
    public Optional<InStream> first(CharSequence text, int from, long deadlineNanos) {
        long budgetEnd = DeadlineText.streamBudgetEnd(deadlineNanos); // one budget for every search of this look
        int bestIndex = -1;
        MatchResult best = null;
        for (int i = 0; i < patterns.size(); i++) {
            Optional<MatchResult> found = DeadlineText.findFirst(patterns.get(i), text, from, budgetEnd);
            if (found.isPresent() && (best == null || found.get().start() < best.start())) {
                bestIndex = i;
                best = found.get();
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        return Optional.of(new InStream(new Found(bestIndex, best.group(), groups(best), named(best), 0, 0),
                best.end()));
    }

    /**
     * How far before the end of a text, searched with no match, a match may start that more text completes: for a
     * substring one character less than its length; for a regular expression {@link #REGEX_REACH}, as its length
     * cannot be known. A stream searched again only from there ({@link OutputMatch}) finds every match of a substring
     * and every match of at most {@link #REGEX_REACH} characters of an expression.
     */
    public int reach() {
        int reach = 0;
        for (Entry entry : entries) {
            reach = Math.max(reach, entry.regex() != null ? REGEX_REACH : entry.text().length() - 1);
        }
        return reach;
    }

    /**
     * What {@link #first} found.
     *
     * @param end the index in the text just after the match
     */
    public record InStream(Found found, int end) {
    }

    /** The lowest match in {@code text}, not placed yet (row and column 0). */
    private Optional<Lowest> lowest(String text, long budgetEnd) {
        int bestStart = -1;
        int bestIndex = -1;
        MatchResult best = null;
        for (int i = 0; i < entries.size(); i++) {
            Optional<MatchResult> found = last(i, text, budgetEnd);
            if (found.isPresent() && found.get().start() > bestStart) {
                bestStart = found.get().start();
                bestIndex = i;
                best = found.get();
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        return Optional.of(new Lowest(new Found(bestIndex, best.group(), groups(best), named(best), 0, 0), text,
                bestStart));
    }

    private Optional<MatchResult> last(int index, String text, long budgetEnd) {
        Entry entry = entries.get(index);
        if (entry.regex() != null) {
            return DeadlineText.findLast(entry.regex(), text, budgetEnd);
        }
        int at = text.lastIndexOf(entry.text());
        return at < 0 ? Optional.empty()
                : Optional.of(patterns.get(index).matcher(text).region(at, text.length()).results().findFirst()
                        .orElseThrow());
    }

    private static List<Optional<String>> groups(MatchResult match) {
        List<Optional<String>> groups = new ArrayList<>();
        for (int g = 1; g <= match.groupCount(); g++) {
            groups.add(Optional.ofNullable(match.group(g)));
        }
        return groups;
    }

    private static Map<String, String> named(MatchResult match) {
        Map<String, String> named = new TreeMap<>();
        if (match.hasMatch()) {
            match.namedGroups().forEach((name, g) -> {
                if (match.group(g.intValue()) != null) {
                    named.put(name, match.group(g.intValue()));
                }
            });
        }
        return named;
    }
}
