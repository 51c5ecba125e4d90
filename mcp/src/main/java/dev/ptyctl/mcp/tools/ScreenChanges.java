package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.Terminal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What of a terminal's screen an agent has not seen yet, for {@code terminal_wait}'s answer: a wait's answer used to
 * be the whole screen, every time, so an agent polling a REPL or a build paid for the same 40 rows again and again.
 * Compared with the session's last look at the terminal ({@link Look}, kept by {@link SessionTerminals}):
 * <ul>
 *   <li>on the main screen, the lines from the row the cursor was on at the last look down to the end of what the
 *       screen shows now (the command typed there, what it printed, the prompt after it), from the scrollback for
 *       those that scrolled off, the last {@value #MAX_NEW_LINES} at most;</li>
 *   <li>on the alternate screen (vim, htop, less), the rows that changed, by number; when more than half changed
 *       (a monitor redrawing every row), the rows that moved or are like others with other numbers (a sorted
 *       process list) named in one line ({@link #newNumbersOnly}), the others shown;</li>
 *   <li>nothing when nothing changed;</li>
 *   <li>the whole screen when there is no earlier look, the size changed, a full-screen program started or ended,
 *       the rows above the old cursor line changed (a {@code clear}, a redraw), or more than half the rows of a
 *       full-screen program changed other than by moving (the screen is then the shorter answer).</li>
 * </ul>
 */
final class ScreenChanges {
    /** The most new lines an answer shows: the end of a build's output, where it says why it failed. */
    static final int MAX_NEW_LINES = 25;
    private static final String REDRAWN = "redrawn since your last look";
    // The patterns of shape() are compiled once: it runs on every row of two looks, under the session's lock, at
    // each wait on a monitor that redraws every row.
    /** A number as monitors print them: {@code 77.4}, {@code 0:01.38}, {@code 8680M}, {@code 7.52G/23.5G}, {@code 100.0%}. */
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,:]\\d+)*[KMGTPkmgtp%]?");
    /** A meter's bar: {@code [||||||||   } grows and shrinks. */
    private static final Pattern BAR = Pattern.compile("[|#*=]+");
    /** A field of one letter: a process's state ({@code R}, {@code S}). */
    private static final Pattern ONE_LETTER = Pattern.compile("(?<=^|\\s)\\p{L}(?=\\s|$)");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    /**
     * What one look at a terminal saw: enough to tell next time what is new.
     *
     * @param seq       the output seq the screen shows everything up to, read with it: the answer's {@code seq}, so that
     *                  the screen, what changed and the seq describe one moment
     * @param scrolled  the terminal's count of lines scrolled into the scrollback ({@link Terminal#scrolledLineCount})
     * @param cursorRow 0-based
     * @param rowTexts  every row of the screen, trailing spaces removed
     * @param main      for a look at the alternate screen, the last look at the main screen before it (null if none):
     *                  the main screen comes back as it was when the full-screen program ends, and what is new then
     *                  is what follows that look (the program's command line, the next prompt)
     */
    record Look(int cols, int rows, boolean altScreen, long seq, long scrolled, int cursorRow,
                List<String> rowTexts, Look main) {
        /**
         * @param seq  the output seq {@code t} shows everything up to
         * @param last the look before this one, null if none
         */
        static Look of(Terminal t, long seq, Look last) {
            List<String> texts = new ArrayList<>(t.rows());
            for (int row = 0; row < t.rows(); row++) {
                texts.add(t.rowText(row));
            }
            boolean alt = t.alternateScreenActive();
            Look main = !alt || last == null ? null : last.altScreen() ? last.main() : last;
            return new Look(t.cols(), t.rows(), alt, seq, t.scrolledLineCount(), t.cursorRow(), List.copyOf(texts),
                    main);
        }
    }

    /** What an answer shows of the screen, as its {@code shown} field names it. */
    enum Shown {
        SCREEN("screen"), NEW_LINES("newLines"), CHANGED_ROWS("changedRows"), UNCHANGED("unchanged");

        private final String wireName;

        Shown(String wireName) {
            this.wireName = wireName;
        }

        /** The value of {@code shown} in the answer. */
        String wireName() {
            return wireName;
        }
    }

    /**
     * One answer's view of the screen.
     *
     * @param text           what the answer shows: the screen, the new lines or the changed rows, each line ending
     *                       with a newline; "" when unchanged
     * @param linesLeftOut   new lines before the ones shown that the cap left out
     * @param scrollbackUsed how far above the screen the new lines start: terminal_read {scrollback} with it shows them
     * @param look           this look, for the next answer
     * @param why            for the whole screen after an earlier look, why it is not what changed ("" otherwise)
     */
    record View(Shown shown, String text, int linesLeftOut, int scrollbackUsed, Look look, String why) {
        /** The whole screen at this look (SPEC 4.2's rules), whatever {@link #text} shows of it. */
        String screen() {
            return ScreenChanges.text(look.rowTexts(), true);
        }

        /**
         * For the answer's line of facts: what the text shows, when it is not the whole screen or when the whole
         * screen follows answers that showed what changed (a model reading it then knows it is not all new).
         */
        Optional<String> describe() {
            return switch (shown) {
                case SCREEN -> why.isEmpty() ? Optional.empty() : Optional.of("whole screen: " + why);
                case NEW_LINES -> Optional.of("new lines since your last look"
                        + (linesLeftOut == 0 ? "" : ", the last " + MAX_NEW_LINES + "; " + linesLeftOut
                        + " before them left out (terminal_read with scrollback " + scrollbackUsed
                        + " shows them)"));
                case CHANGED_ROWS -> Optional.of("rows changed since your last look (terminal_read for the whole "
                        + "screen)");
                case UNCHANGED -> Optional.of("screen unchanged since your last look");
            };
        }
    }

    private ScreenChanges() {
    }

    /**
     * The view of {@code session}'s screen against {@code last}, taken under the session's lock with the output seq it
     * shows ({@link Look#seq()}): one moment, however fast the program prints.
     *
     * @param whole the whole screen, whatever changed (the agent asked for it)
     */
    static View view(TerminalSession session, Optional<Look> last, boolean whole) {
        return session.snapshot((t, progress) -> view(t, progress.outputSeq(), last.orElse(null), whole));
    }

    /**
     * This terminal's look now, for a tool that showed its screen or output some other way.
     *
     * @param last the session's look before it, if any
     */
    static Look look(TerminalSession session, Optional<Look> last) {
        return session.snapshot((t, progress) -> Look.of(t, progress.outputSeq(), last.orElse(null)));
    }

    /** @param seq the output seq {@code t} shows everything up to */
    static View view(Terminal t, long seq, Look before, boolean whole) {
        Look now = Look.of(t, seq, before);
        // Back from a full-screen program: the main screen as it was at the last look at it.
        Look last = before != null && before.altScreen() && !now.altScreen() ? before.main() : before;
        if (whole || before == null) {
            return screen(now, "");
        }
        if (last == null) {
            // The looks so far were all at a full-screen program (the agent started vim before its first look): the
            // main screen it left is all new, yet the answers before showed rows that changed.
            return screen(now, "a full-screen program ended");
        }
        if (last.cols() != now.cols() || last.rows() != now.rows()) {
            return screen(now, "resized since your last look");
        }
        if (last.altScreen() != now.altScreen()) {
            return screen(now, now.altScreen() ? "a full-screen program started" : "a full-screen program ended");
        }
        if (now.rowTexts().equals(last.rowTexts()) && now.scrolled() == last.scrolled()) {
            return new View(Shown.UNCHANGED, "", 0, 0, now, "");
        }
        return now.altScreen() ? changedRows(last, now) : newLines(t, last, now);
    }

    private static View screen(Look now, String why) {
        return new View(Shown.SCREEN, text(now.rowTexts(), true), 0, 0, now, why);
    }

    private static View changedRows(Look last, Look now) {
        List<String> changed = new ArrayList<>();
        for (int row = 0; row < now.rows(); row++) {
            if (!now.rowTexts().get(row).equals(last.rowTexts().get(row))) {
                changed.add("row " + (row + 1) + ": " + now.rowTexts().get(row));
            }
        }
        if (changed.size() * 2 <= now.rows()) {
            return new View(Shown.CHANGED_ROWS, text(changed, false), 0, 0, now, "");
        }
        return newNumbersOnly(last, now);
    }

    /**
     * Most rows of a full-screen program changed (htop, top-like monitors redraw every row at every refresh): the rows
     * that are lines of the last look moved to another row (htop sorts by CPU; a log pane scrolled), and the rows of a
     * list of like rows whose words were on the screen at the last look, only with other numbers, bars or one-letter
     * fields (a process's CPU time, its state R or S; htop shows a row like it for each thread of a program), are
     * named in one line, and only the others are shown; the whole screen when those are still most rows. Each of
     * htop's waits cost about 4,300 characters, the whole screen again, though what a model learns from it is the few
     * processes that came or went.
     *
     * <p>A row like no other on the screen with other numbers is shown: a counter or a meter ({@code failed: 0} now
     * {@code failed: 3}, {@code tests 12/40} now {@code 40/40}), often what the agent waits for; named in the one line
     * as "only numbers changed", a model reading the text concluded nothing had happened.
     */
    private static View newNumbersOnly(Look last, Look now) {
        Set<String> seenRows = new HashSet<>(last.rowTexts());
        Set<String> seenShapes = new HashSet<>();
        for (String text : last.rowTexts()) {
            seenShapes.add(shape(text));
        }
        List<String> shapes = now.rowTexts().stream().map(ScreenChanges::shape).toList();
        Map<String, Integer> likeRows = new HashMap<>();
        for (String shape : shapes) {
            likeRows.merge(shape, 1, Integer::sum);
        }
        List<String> shown = new ArrayList<>();
        List<Integer> named = new ArrayList<>();
        for (int row = 0; row < now.rows(); row++) {
            String text = now.rowTexts().get(row);
            if (text.equals(last.rowTexts().get(row))) {
                continue;
            }
            String shape = shapes.get(row);
            if (!text.isBlank() && (seenRows.contains(text) || likeRows.get(shape) > 1 && seenShapes.contains(shape))) {
                named.add(row + 1);
            } else {
                shown.add("row " + (row + 1) + ": " + text);
            }
        }
        if (shown.size() * 2 > now.rows()) {
            return screen(now, "most rows changed since your last look");
        }
        shown.add(named.size() + " more rows are lines of your last look that moved, or rows of a list of like rows "
                + "with other numbers, bars or one-letter fields (rows " + ranges(named)
                + "; terminal_read shows them)");
        return new View(Shown.CHANGED_ROWS, text(shown, false), 0, 0, now, "");
    }

    /**
     * A row's words without its numbers, bars and one-letter fields: {@code  8994 root  20 0 8680M 125M S 77.4 0.5
     * 0:01.38 java} and the same process a refresh later have one shape.
     */
    static String shape(String row) {
        String numbered = NUMBER.matcher(BAR.matcher(row).replaceAll("")).replaceAll("0");
        return SPACES.matcher(ONE_LETTER.matcher(numbered).replaceAll("?")).replaceAll(" ").strip();
    }

    /** 1-based row numbers, ascending, as {@code 2-4, 9, 11-40}. */
    private static String ranges(List<Integer> rows) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            int first = rows.get(i);
            while (i + 1 < rows.size() && rows.get(i + 1) == rows.get(i) + 1) {
                i++;
            }
            text.append(text.isEmpty() ? "" : ", ").append(first)
                    .append(rows.get(i) == first ? "" : "-" + rows.get(i));
        }
        return text.toString();
    }

    private static View newLines(Terminal t, Look last, Look now) {
        long scrolledSince = now.scrolled() - last.scrolled();
        if (scrolledSince < 0 || scrolledSince > Integer.MAX_VALUE) {
            return screen(now, REDRAWN);
        }
        // Where the old cursor line is now: above the screen (< 0) once that many lines scrolled off.
        long from = last.cursorRow() - scrolledSince;
        // The rows above it that are still on the screen must be as they were; otherwise the screen was redrawn
        // (clear, a program that moves the cursor up) and only the whole of it says what it shows.
        for (int row = 0; row < from; row++) {
            if (!now.rowTexts().get(row).equals(last.rowTexts().get((int) (row + scrolledSince)))) {
                return screen(now, REDRAWN);
            }
        }
        int end = now.rows();
        while (end > now.cursorRow() + 1 && now.rowTexts().get(end - 1).isEmpty()) {
            end--;
        }
        List<String> lines = new ArrayList<>();
        int history = t.scrollbackSize();
        int above = (int) Math.min(history, Math.max(0, -from));
        for (int line = history - above; line < history; line++) {
            lines.add(t.scrollbackRowText(line));
        }
        lines.addAll(now.rowTexts().subList((int) Math.min(Math.max(0, from), end), end));
        int leftOut = Math.max(0, lines.size() - MAX_NEW_LINES);
        return new View(Shown.NEW_LINES, text(lines.subList(leftOut, lines.size()), true), leftOut, above, now, "");
    }

    /** The lines, each ending with a newline; with {@code trimEnd} the blank ones at the end dropped. */
    private static String text(List<String> lines, boolean trimEnd) {
        int end = lines.size();
        while (trimEnd && end > 0 && lines.get(end - 1).isEmpty()) {
            end--;
        }
        StringBuilder text = new StringBuilder();
        for (String line : lines.subList(0, end)) {
            text.append(line).append('\n');
        }
        return text.toString();
    }
}
