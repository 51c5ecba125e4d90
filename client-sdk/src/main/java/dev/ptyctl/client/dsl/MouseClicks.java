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
 * click) in an encoding that can carry the cell and, on a locator, until the locator finds its target; then the report
 * goes in one write.
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
        click(source, cells -> Optional.of(cell), cells -> Optional.of(new At(row, col)), cell,
                cells -> Optional.empty());
    }

    /**
     * A click on the first cell of {@code target}'s match, once it has exactly one: with several, which one is clicked
     * would depend on what else the screen shows (strict mode, see {@link Locator#strictViolation}).
     */
    void on(Locator target) {
        if (target.includesScrollback()) {
            throw new IllegalArgumentException("click(" + target + "): a click reaches the screen only; click a "
                    + "locator of the screen");
        }
        click(target.source(), cells -> only(target, cells).map(m -> target + " at " + m.place()),
                cells -> only(target, cells).map(m -> new At(m.row() + 1, m.from() + 1)), target.toString(),
                cells -> {
                    List<Locator.Match> found = target.find(cells);
                    return found.size() > 1 ? Optional.of(target.strictViolation(found, "click(locator) clicks"))
                            : Optional.empty();
                });
    }

    /** The target's match on {@code cells} when it has exactly one. */
    private static Optional<Locator.Match> only(Locator target, Cells cells) {
        List<Locator.Match> found = target.find(cells);
        return found.size() == 1 ? Optional.of(found.getFirst()) : Optional.empty();
    }

    /**
     * Waits until {@code report} can be made of the screen, and sends it. {@code target} describes what is clicked on
     * a screen (empty while it is not there), {@code missing} what is clicked when it is not there, {@code cell} the
     * cell clicked on a screen (empty while the target is not there), {@code ambiguous} why a screen has too many
     * targets, if it has.
     */
    private void click(ScreenSource source, Function<Cells, Optional<String>> target,
                       Function<Cells, Optional<At>> cell, String missing,
                       Function<Cells, Optional<String>> ambiguous) {
        Duration timeout = source.defaultTimeout();
        LiveScreen.Outcome<String> outcome = source.await(cells -> cell.apply(cells)
                .flatMap(at -> report(cells, at)), timeout);
        if (outcome.result().isPresent()) {
            driver.send(List.of(Action.text(outcome.result().get())),
                    "click(" + target.apply(outcome.cells()).orElse(missing) + ")");
            return;
        }
        Cells last = outcome.cells();
        Optional<String> clicked = target.apply(last);
        String within = " within " + Durations.describe(timeout);
        if (clicked.isEmpty()) {
            Optional<String> tooMany = ambiguous.apply(last);
            if (tooMany.isPresent()) {
                throw source.failure("expected one match of " + missing + ", to click it," + within + "; "
                        + tooMany.get(), outcome);
            }
            throw source.failure("expected " + missing + " to be visible, to click it," + within, outcome);
        }
        if (last.mouseProtocol() == 0) {
            throw source.failure("expected the program to turn mouse reporting on (CSI ? 1000 h)" + within
                    + ", to click " + clicked.get() + ": a program reads no clicks until it does, and many do only"
                    + " when told (vim: set mouse=a; less: --mouse; tmux: set -g mouse on); drive one that takes no"
                    + " mouse with keys", outcome);
        }
        At at = cell.apply(last).orElseThrow();
        throw source.failure("expected a click on " + clicked.get() + " to be reportable to the program" + within
                + ": " + MouseEncoder.unreportable(last.mouseEncoding(), at.row(), at.col()).orElseThrow(), outcome);
    }

    /**
     * The report of a left click on the cell {@code at}, once the program reports the mouse in an
     * encoding that can carry the cell: a program may turn reporting on and
     * choose its encoding in two writes, which reach the copy of the screen one after the other.
     */
    private static Optional<String> report(Cells cells, At at) {
        if (cells.mouseProtocol() == 0
                || MouseEncoder.unreportable(cells.mouseEncoding(), at.row(), at.col()).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(MouseEncoder.click(cells.mouseProtocol(), cells.mouseEncoding(), MouseEncoder.Button.LEFT,
                at.row(), at.col()));
    }

    /** The cell a click lands on, counted from 1. */
    private record At(int row, int col) {
    }
}
