package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.vt.CellRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Assertions on a {@link Locator}, from {@link TerminalAssertions#assertThat(Locator)}. Each waits until it holds —
 * checked again whenever the terminal's screen changes, never on a timer — for at most the driver's default timeout
 * or the one given with {@link #within(Duration)}; then it fails with a {@link TerminalAssertionError} showing the
 * screen. On a {@link Replay} they check its last screen at once.
 *
 * <pre>{@code
 * assertThat(t.getByText("Saved")).isVisible();
 * assertThat(t.getByStyle(Styles.bold().fg("red"))).hasCount(0);
 * assertThat(t.getByText("OK").within(Region.row(24))).hasStyle(Styles.inverse());
 * }</pre>
 */
public final class LocatorAssert {
    private final Locator locator;
    private final Duration timeout;

    LocatorAssert(Locator locator, Duration timeout) {
        this.locator = Objects.requireNonNull(locator, "locator");
        this.timeout = timeout;
    }

    /** The same assertions with their own timeout. */
    public LocatorAssert within(Duration timeout) {
        return new LocatorAssert(locator, Objects.requireNonNull(timeout, "timeout"));
    }

    private Duration timeout() {
        return timeout != null ? timeout : locator.source().defaultTimeout();
    }

    /** Something matches. */
    public LocatorAssert isVisible() {
        return await(matches -> !matches.isEmpty(), "expected " + locator + " to be visible");
    }

    /** Nothing matches (waits for it to go away). */
    public LocatorAssert isHidden() {
        return await(List::isEmpty, "expected " + locator + " not to be visible");
    }

    /** Exactly {@code count} matches. */
    public LocatorAssert hasCount(int count) {
        return await(matches -> matches.size() == count, "expected " + count + " of " + locator);
    }

    /** Something matches, and every cell of every match has {@code style}. */
    public LocatorAssert hasStyle(Style style) {
        Objects.requireNonNull(style, "style");
        if (locator.includesScrollback()) {
            throw new IllegalStateException("hasStyle reads the cells of the screen, and " + locator
                    + " finds lines above it as text: assert the style on a locator of the screen");
        }
        Cells[] seen = new Cells[1];
        return await(matches -> !matches.isEmpty() && matches.stream().allMatch(m -> styled(seen[0], m, style)),
                "expected " + locator + " to have style " + style, seen, true, null);
    }

    /**
     * The locator has exactly one match, and it reads exactly {@code text} (useful with a style or regex locator).
     * Strict, as Playwright's and tui-test's: with several matches it waits for one, then fails naming them all; pick
     * one with {@link Locator#first()}, {@link Locator#last()}, {@link Locator#nth} or {@link Locator#within}.
     */
    public LocatorAssert hasText(String text) {
        Objects.requireNonNull(text, "text");
        // A style run leaves out the blank cells at its ends (an inverse bar padded with spaces would otherwise read
        // as its whole width): text asked with them cannot match, which the failure says rather than leave to a diff.
        String blanks = locator.byStyle() && !text.equals(text.strip()) ? " (a style match leaves out the blank cells"
                + " at its ends: hasText(" + ScreenAssert.quote(text.strip()) + "))" : "";
        return await(matches -> matches.size() == 1 && matches.getFirst().text().equals(text),
                "expected " + locator + " to read " + ScreenAssert.quote(text) + blanks, new Cells[1], false, "hasText reads");
    }

    /** Whether every cell of {@code match}, on each row it covers, has {@code style}. */
    private static boolean styled(Cells cells, Locator.Match match, Style style) {
        for (int r = match.row(); r <= match.endRow(); r++) {
            CellRow row = cells.row(r);
            for (int col = match.fromOn(r); col < match.toOn(r, cells.cols()); col++) {
                if (row.width(col) != 0 && !style.matches(row, col)) {
                    return false;
                }
            }
        }
        return true;
    }

    private LocatorAssert await(Predicate<List<Locator.Match>> holds, String expectation) {
        return await(holds, expectation, new Cells[1], false, null);
    }

    /**
     * {@code seen[0]} is the screen the predicate is looking at, for checks that need cells; {@code withStyles} names
     * each match's style in the failure (the screen's text, which the failure shows, has none); {@code strictAction},
     * unless null, what needs one match ({@code "hasText reads"}): a failure that found several then says so.
     */
    private LocatorAssert await(Predicate<List<Locator.Match>> holds, String expectation, Cells[] seen,
                                boolean withStyles, String strictAction) {
        Duration wait = timeout();
        long start = System.nanoTime();
        // What the last look found (each look's own list, kept, not copied), and the last look that found something
        // and when: what flickered past (a selection shown for 0.3 s) and was gone by the timeout is otherwise
        // reported as "found none", hiding that it read differently than expected.
        Looks looks = new Looks();
        LiveScreen.Outcome<List<Locator.Match>> outcome = locator.source().await(cells -> {
            seen[0] = cells;
            List<Locator.Match> matches = locator.find(cells);
            looks.add(matches);
            return holds.test(matches) ? Optional.of(matches) : Optional.empty();
        }, wait);
        if (outcome.result().isEmpty()) {
            Cells cells = outcome.cells();
            // what the last look found, not a search again: the scrollback (includingScrollback) read now would be
            // newer than those cells, and a line that scrolled off since would be listed twice
            List<Locator.Match> found = looks.last;
            String styledInstead = found.isEmpty() && locator.byStyle() ? "; styled cells on the screen: "
                    + styledRuns(cells) : "";
            String scrolledOff = found.isEmpty() && !locator.byStyle() && !locator.includesScrollback()
                    && locator.inScrollback(cells)
                    ? ServerWaits.SCROLLED_OFF : "";
            List<ScreenDump.Underline> marked = Locator.underlines(found, cells.cols());
            if (strictAction != null && found.size() > 1) {
                throw locator.source().failure(expectation + " within " + Durations.describe(wait) + "; "
                        + locator.strictViolation(found, strictAction), outcome, marked);
            }
            String gone = found.isEmpty() && !looks.lastSeen.isEmpty() ? "; " + Durations.describe(
                    Duration.ofNanos(looks.lastSeenAt - start)) + " into the wait it found "
                    + Locator.describe(looks.lastSeen)
                    + ", gone since" : "";
            throw locator.source().failure(expectation + " within " + Durations.describe(wait) + "; found "
                    + describe(found, withStyles ? cells : null) + gone + styledInstead + scrolledOff, outcome, marked);
        }
        locator.source().held(expectation.replaceFirst("^expected ", "") + foundAt(outcome.result().get()), start);
        return this;
    }

    /** What a wait's looks found: the last look's matches, and the last matches any look found and when. */
    private static final class Looks {
        private List<Locator.Match> last = List.of();
        private List<Locator.Match> lastSeen = List.of();
        private long lastSeenAt;

        void add(List<Locator.Match> matches) {
            last = matches;
            if (!matches.isEmpty()) {
                lastSeen = matches;
                lastSeenAt = System.nanoTime();
            }
        }
    }

    /**
     * Where an assertion that held found its first match, for the test's steps: a match on an unexpected row (the
     * command line the shell echoed, which holds the text typed) tells why a later step failed.
     */
    private static String foundAt(List<Locator.Match> matches) {
        if (matches.isEmpty()) {
            return "";
        }
        return ", found at " + matches.getFirst().place()
                + (matches.size() > 1 ? " and " + (matches.size() - 1) + " more" : "");
    }

    /** The matches, each with its style when {@code cells} is given. */
    private static String describe(List<Locator.Match> found, Cells cells) {
        return cells == null ? Locator.describe(found) : Locator.describe(found, m -> " (" + styleOf(cells, m) + ")");
    }

    /** The styles of a match's cells, as {@link Style} names them: "plain", "fg=green", "bold / bold fg=red". */
    private static String styleOf(Cells cells, Locator.Match match) {
        return IntStream.rangeClosed(match.row(), match.endRow()).boxed().flatMap(r -> {
            CellRow row = cells.row(r);
            return IntStream.range(match.fromOn(r), match.toOn(r, cells.cols()))
                    .filter(col -> row.width(col) != 0)
                    .mapToObj(col -> {
                        String look = SnapshotText.describe(row, col);
                        return look.isEmpty() ? "plain" : look;
                    });
        }).distinct().collect(Collectors.joining(" / "));
    }

    /** Every row's runs of styled cells, as a snapshot's style layer has them, or "none". */
    private static String styledRuns(Cells cells) {
        List<String> rows = new ArrayList<>();
        for (int row = 0; row < cells.rows() && rows.size() < 10; row++) {
            String runs = SnapshotText.styles(cells, row);
            if (!runs.isEmpty()) {
                rows.add("row " + (row + 1) + ": " + runs);
            }
        }
        return rows.isEmpty() ? "none" : String.join(", ", rows);
    }
}
