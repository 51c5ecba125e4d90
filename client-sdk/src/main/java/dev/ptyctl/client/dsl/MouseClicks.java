package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.vt.keys.MouseEncoder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link TerminalDriver#click}: a left click sent as the terminal would report it to the program, in the protocol and
 * encoding the program turned on ({@link MouseEncoder}). A click waits, as a locator's assertion does, until the
 * program reports the mouse (a program turns reporting on once it has started, after the test may already want to
 * click) and, on a locator, until the locator finds its target; then the report goes in one write.
 */
final class MouseClicks {
    private final TerminalDriver driver;

    MouseClicks(TerminalDriver driver) {
        this.driver = driver;
    }

    /** A click on the cell at {@code row}, {@code col} (1-based). */
    void at(int row, int col) {
        driver.live("click(row, col)"); // a driver without a copy of the screen cannot tell how the program reads clicks
        ScreenSource source = driver.source();
        Cells now = source.cells();
        if (row < 1 || col < 1 || row > now.rows() || col > now.cols()) {
            throw new IllegalArgumentException("click(" + row + ", " + col + ") is outside the " + now.cols() + "x"
                    + now.rows() + " screen (rows and columns count from 1)");
        }
        String cell = "row " + row + ", column " + col;
        click(source, cells -> Optional.of(cell), cells -> report(cells, row, col), cell);
    }

    /** A click on the first cell of {@code target}'s first match, once it has one. */
    void on(Locator target) {
        if (target.includesScrollback()) {
            throw new IllegalArgumentException("click(" + target + "): a click reaches the screen only; click a "
                    + "locator of the screen");
        }
        click(target.source(), cells -> target.find(cells).stream().findFirst().map(m -> target + " at " + m.place()),
                cells -> target.find(cells).stream().findFirst()
                        .flatMap(match -> report(cells, match.row() + 1, match.from() + 1)),
                target.toString());
    }

    /**
     * Waits until {@code report} can be made of the screen, and sends it. {@code target} describes what is clicked on
     * a screen (empty while it is not there), {@code missing} what is clicked when it is not there.
     */
    private void click(ScreenSource source, Function<Cells, Optional<String>> target,
                       Function<Cells, Optional<String>> report, String missing) {
        Duration timeout = source.defaultTimeout();
        LiveScreen.Outcome<String> outcome;
        try {
            outcome = source.await(report, timeout);
        } catch (IllegalArgumentException cannotBeReported) {
            throw new IllegalStateException("click(" + missing + "): " + cannotBeReported.getMessage(),
                    cannotBeReported);
        }
        Optional<String> clicked = target.apply(outcome.cells());
        if (outcome.result().isEmpty()) {
            throw source.failure(clicked.isEmpty()
                    ? "expected " + missing + " to be visible, to click it, within " + Durations.describe(timeout)
                    : "expected the program to turn mouse reporting on (CSI ? 1000 h) within "
                            + Durations.describe(timeout) + ", to click " + clicked.get(), outcome);
        }
        driver.send(List.of(Action.text(outcome.result().get())), "click(" + clicked.orElse(missing) + ")");
    }

    /** The report of a left click at {@code row}, {@code col} (1-based), once the program reports the mouse. */
    private static Optional<String> report(Cells cells, int row, int col) {
        if (cells.mouseProtocol() == 0) {
            return Optional.empty();
        }
        return Optional.of(MouseEncoder.click(cells.mouseProtocol(), cells.mouseEncoding(), MouseEncoder.Button.LEFT,
                row, col));
    }
}
