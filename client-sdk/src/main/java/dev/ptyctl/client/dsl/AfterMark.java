package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Waits that only output drawn after a {@link Mark} can satisfy ({@link TerminalDriver#expectAfter(Mark)}). A cell
 * counts once the program has written it after the mark, even with the text it had before (a redraw); cells that only
 * scrolled or stayed as they were do not. Each wait is woken by the terminal's output, never by a timer, and returns
 * the driver.
 *
 * <pre>{@code
 * var m = t.mark();
 * t.typeLine("send --to ops");
 * t.expectAfter(m).text("Sent");             // not the "send" echoed before the mark
 * }</pre>
 */
public final class AfterMark {
    private final TerminalDriver driver;
    private final Mark mark;

    AfterMark(TerminalDriver driver, Mark mark) {
        this.driver = driver;
        this.mark = mark;
    }

    /** Waits until {@code text} is drawn after the mark (it may span rows, joined by {@code \n}), at most the default timeout. */
    public TerminalDriver text(String text) {
        return text(text, driver.defaultTimeout());
    }

    /**
     * Waits until {@code text} is drawn after the mark.
     *
     * @throws TerminalAssertionError when it is not within {@code timeout}
     */
    public TerminalDriver text(String text, Duration timeout) {
        Objects.requireNonNull(text, "text");
        return await(RowEndText.finder(text), ScreenAssert.quote(text) + " to be drawn after " + describe(), timeout);
    }

    /**
     * Waits until a Java regular expression matches what was drawn after the mark ({@code ^} and {@code $} at row
     * ends; cells from before the mark never match anything).
     *
     * @throws TerminalAssertionError when it does not within {@code timeout}
     */
    public TerminalDriver pattern(String regex, Duration timeout) {
        Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
        return await(screen -> pattern.matcher(screen).find(), "/" + regex + "/ to be drawn after " + describe(),
                timeout);
    }

    /**
     * Waits until any of {@code texts} is drawn after the mark, at most the default timeout, and returns which (its
     * index; the lowest wins when several are, as the program drew it last): pexpect's {@code i = child.expect([...])}
     * on what came since, where a plain wait would match the prompt the screen still shows from before.
     *
     * <pre>{@code
     * var m = t.mark();
     * t.typeLine("status");
     * if (t.expectAfter(m).anyOf("deploy> ", "unknown command") == 1) { ... }
     * }</pre>
     *
     * @throws TerminalAssertionError when none is within the timeout
     */
    public int anyOf(String... texts) {
        if (texts.length == 0) {
            throw new IllegalArgumentException("anyOf needs at least one text");
        }
        List<ToIntFunction<String>> finders = Arrays.stream(texts).map(RowEndText::lastFinder).toList();
        int[] which = new int[1];
        await(drawn -> {
            int lowestAt = -1;
            for (int i = 0; i < finders.size(); i++) {
                int at = finders.get(i).applyAsInt(drawn);
                if (at > lowestAt) {
                    lowestAt = at;
                    which[0] = i;
                }
            }
            return lowestAt >= 0;
        }, "any of " + Arrays.stream(texts).map(ScreenAssert::quote).collect(Collectors.joining(", "))
                + " to be drawn after " + describe(), driver.defaultTimeout());
        return which[0];
    }

    /**
     * Waits until the program rings the bell (a BEL byte) after the mark, at most the default timeout: a shell's line
     * editor refusing a key (Backspace on an empty line, Tab with nothing to complete), a program's error beep, a
     * long job's "done" signal. Bells rung before the mark do not count.
     *
     * <pre>{@code
     * var m = t.mark();
     * t.press(Key.TAB);
     * t.expectAfter(m).bell();
     * }</pre>
     *
     * @throws TerminalAssertionError when no bell rings within the timeout
     */
    public TerminalDriver bell() {
        // the copy behind the mark starts from the screen's state, which holds no bell: it counts those rung since
        return awaitHolds(cells -> cells.bells() > 0, "the bell to ring after " + describe(), driver.defaultTimeout(),
                cells -> "it did not ring");
    }

    /**
     * Waits for {@code drawn}; {@code what} it waits for ("X to be drawn after ...") is both the test's step and,
     * after "expected" and with the timeout, its failure.
     */
    private TerminalDriver await(Predicate<String> drawn, String what, Duration timeout) {
        return awaitHolds(cells -> drawn.test(cells.text()), what, timeout, cells -> "drawn since then:\n"
                + cells.text().replace(Cells.STALE, '\u00b7'));
    }

    /**
     * Waits until {@code holds} is true of the copy of what was written after the mark; else fails with "expected
     * {@code what} within ...; " and what {@code instead} says of that copy.
     */
    private TerminalDriver awaitHolds(Predicate<Cells> holds, String what, Duration timeout,
                                      Function<Cells, String> instead) {
        LiveScreen screen = driver.live("expectAfter(mark)").screen();
        long start = System.nanoTime();
        LiveScreen.Outcome<Boolean> outcome = Unchecked.interruptible(() -> screen.awaitSince(mark,
                cells -> holds.test(cells) ? Optional.of(true) : Optional.empty(), timeout));
        if (outcome.result().isEmpty()) {
            throw driver.failureShowing("expected " + what + " within " + Durations.describe(timeout)
                    + driver.endedWhileWaiting() + "; " + instead.apply(outcome.cells()), outcome.lastLook());
        }
        driver.steps().timed(what, start);
        return driver;
    }

    private String describe() {
        return "the mark at output offset " + mark.seq();
    }
}
