package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

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
     * Waits for {@code drawn}; {@code what} it waits for ("X to be drawn after ...") is both the test's step and,
     * after "expected" and with the timeout, its failure.
     */
    private TerminalDriver await(Predicate<String> drawn, String what, Duration timeout) {
        LiveScreen screen = driver.live("expectAfter(mark)").screen();
        long start = System.nanoTime();
        LiveScreen.Outcome<Boolean> outcome = TerminalDriver.interruptible(() -> screen.awaitSince(mark,
                cells -> drawn.test(cells.text()) ? Optional.of(true) : Optional.empty(), timeout));
        if (outcome.result().isEmpty()) {
            throw driver.failure("expected " + what + " within " + Durations.describe(timeout)
                    + driver.endedWhileWaiting() + "; drawn since then:\n"
                    + outcome.cells().text().replace(Cells.STALE, '\u00b7'), driver.screen());
        }
        driver.steps().timed(what, start);
        return driver;
    }

    private String describe() {
        return "the mark at output offset " + mark.seq();
    }
}
