package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.vt.keys.MouseEncoder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link TerminalDriver#click} and {@link TerminalDriver#scroll}: a click of a button or turns of the wheel, sent as
 * the terminal would report them to the program, in the protocol and encoding the program turned on
 * ({@link MouseEncoder}). Each waits, as a locator's assertion does, until the program reports the mouse (a program
 * turns reporting on once it has started, after the test may already want to click) in a protocol and encoding that
 * can carry it and, on a locator, until the locator finds exactly one target; then the report goes in one write.
 */
final class MouseInput {
    /**
     * How long after a click the next is sent at the earliest. A program reads two presses within its double-click
     * time as one gesture: a test's clicks, sent as fast as it runs, would be read so, where a person's never are.
     * {@link TerminalDriver#doubleClick} sends one on purpose. Every click is spaced, whatever its button and cell:
     * tmux (300 ms) takes a second press of the same button on any cell as a double click and drops a press of another
     * button (a right click 50 ms after a left one opened no menu), so spacing only clicks on one cell or of one
     * button would not do; vim's 'mousetime' (500 ms, one cell) sets the length. Measured on the e2e mouse tests: 3 of
     * 20 clicks waited, 1.1 s in all, the test's own steps between clicks counting toward the interval.
     */
    static final Duration CLICK_INTERVAL = Duration.ofMillis(500);

    private final TerminalDriver driver;
    /** When the last click was sent ({@link System#nanoTime()}); 0 before the first. */
    private long lastClick;

    MouseInput(TerminalDriver driver) {
        this.driver = driver;
    }

    /**
     * What the mouse does at a cell: {@code clicks} clicks of {@code button} (2: a double click), a drag of
     * {@code button} from it to {@code dragTo}, or {@code lines} notches of the wheel (down > 0).
     */
    record Gesture(MouseButton button, int clicks, int lines, At dragTo) {
        static Gesture click(MouseButton button) {
            return new Gesture(java.util.Objects.requireNonNull(button, "button"), 1, 0, null);
        }

        static Gesture doubleClick() {
            return new Gesture(MouseButton.LEFT, 2, 0, null);
        }

        static Gesture drag(MouseButton button, At to) {
            return new Gesture(java.util.Objects.requireNonNull(button, "button"), 0, 0, to);
        }

        static Gesture scroll(int lines) {
            if (lines == 0) {
                throw new IllegalArgumentException("scroll turns the wheel at least one line: down > 0, up < 0; got 0");
            }
            return new Gesture(null, 0, lines, null);
        }

        /** The report of this gesture on the cell {@code at}, once the program takes it in a form that can carry it. */
        Optional<String> report(Cells cells, At at) {
            if (cells.mouseProtocol() == 0 || why(cells, at).isPresent()) {
                return Optional.empty();
            }
            if (dragTo != null) {
                return Optional.of(MouseEncoder.drag(cells.mouseProtocol(), cells.mouseEncoding(), button.encoded(),
                        at.row(), at.col(), dragTo.row(), dragTo.col()));
            }
            if (button != null) {
                return Optional.of(MouseEncoder.click(cells.mouseProtocol(), cells.mouseEncoding(), button.encoded(),
                        at.row(), at.col()).repeat(clicks));
            }
            return Optional.of(MouseEncoder.wheel(cells.mouseProtocol(), cells.mouseEncoding(), lines > 0, at.row(),
                    at.col()).repeat(Math.abs(lines)));
        }

        /** Why the program, reporting the mouse, cannot be told this gesture on {@code at}; empty when it can. */
        Optional<String> why(Cells cells, At at) {
            Optional<String> noWheel = button == null ? MouseEncoder.noWheel(cells.mouseProtocol()) : Optional.empty();
            Optional<String> noDrag = dragTo != null ? MouseEncoder.noDrag(cells.mouseProtocol()) : Optional.empty();
            return noWheel.or(() -> noDrag).or(() -> MouseEncoder.unreportable(cells.mouseEncoding(), at.row(), at.col()))
                    .or(() -> dragTo == null ? Optional.empty()
                            : MouseEncoder.unreportable(cells.mouseEncoding(), dragTo.row(), dragTo.col()));
        }

        /** What a strict mode violation says it does with one match: {@code click(locator) clicks}. */
        String strictAction() {
            return button == null ? "scroll(locator) scrolls at" : clicks == 2 ? "doubleClick(locator) clicks"
                    : "click(locator) clicks";
        }

        /** As the test's steps and failures name it: {@code click}, {@code right-click}, {@code scroll 3 lines down}. */
        String verb() {
            if (button == null) {
                return "scroll " + Math.abs(lines) + (Math.abs(lines) == 1 ? " line " : " lines ")
                        + (lines > 0 ? "down" : "up") + " at";
            }
            String click = dragTo != null ? "drag" : clicks == 2 ? "double-click" : "click";
            return button == MouseButton.LEFT ? click : button.name().toLowerCase(java.util.Locale.ROOT) + "-" + click;
        }

        /** The test's step: {@code click(row 3, column 7)}, {@code right-click(...)}, {@code scroll(..., -3)}. */
        String step(String where) {
            return button == null ? "scroll(" + where + ", " + lines + ")" : verb() + "(" + where + ")";
        }
    }

    /** {@code gesture} at the cell at {@code row}, {@code col} (1-based). */
    void at(int row, int col, Gesture gesture) {
        // a driver without a copy of the screen cannot tell how the program reads the mouse
        driver.live(gesture.verb() + "(row, col)");
        ScreenSource source = driver.source();
        onScreen(source.cells(), gesture, row, col);
        String cell = "row " + row + ", column " + col;
        send(source, gesture, cells -> Optional.of(cell), cells -> Optional.of(new At(row, col)), cell, null);
    }

    /** A drag of {@code button} from the cell at {@code fromRow}, {@code fromCol} to {@code toRow}, {@code toCol}. */
    void drag(int fromRow, int fromCol, int toRow, int toCol, MouseButton button) {
        Gesture drag = Gesture.drag(button, new At(toRow, toCol));
        driver.live(drag.verb() + "(fromRow, fromCol, toRow, toCol)");
        ScreenSource source = driver.source();
        Cells now = source.cells();
        onScreen(now, drag, fromRow, fromCol);
        onScreen(now, drag, toRow, toCol);
        if (fromRow == toRow && fromCol == toCol) {
            throw new IllegalArgumentException(drag.verb() + "(" + fromRow + ", " + fromCol + ", " + toRow + ", " + toCol
                    + ") goes nowhere: a drag ends on another cell than it starts (one cell: click)");
        }
        String cells = "row " + fromRow + ", column " + fromCol + " to row " + toRow + ", column " + toCol;
        send(source, drag, c -> Optional.of(cells), c -> Optional.of(new At(fromRow, fromCol)), cells, null);
    }

    /** Refuses a cell outside the screen {@code now}. */
    private static void onScreen(Cells now, Gesture gesture, int row, int col) {
        if (row < 1 || col < 1 || row > now.rows() || col > now.cols()) {
            throw new IllegalArgumentException(gesture.verb() + "(" + row + ", " + col + ") is outside the "
                    + now.cols() + "x" + now.rows() + " screen (rows and columns count from 1)");
        }
    }

    /**
     * {@code gesture} on the first cell of {@code target}'s match, once it has exactly one: with several, which one
     * is clicked would depend on what else the screen shows (strict mode, see {@link Locator#strictViolation}).
     */
    void on(Locator target, Gesture gesture) {
        if (target.includesScrollback()) {
            throw new IllegalArgumentException(gesture.verb() + "(" + target + "): the mouse reaches the screen only;"
                    + " use a locator of the screen");
        }
        send(target.source(), gesture, cells -> only(target, cells).map(m -> target + " at " + m.place()),
                cells -> only(target, cells).map(m -> new At(m.row() + 1, m.from() + 1)), target.toString(), target);
    }

    /** The target's match on {@code cells} when it has exactly one. */
    private static Optional<Locator.Match> only(Locator target, Cells cells) {
        List<Locator.Match> found = target.find(cells);
        return found.size() == 1 ? Optional.of(found.getFirst()) : Optional.empty();
    }

    /**
     * Waits until {@code gesture}'s report can be made of the screen, and sends it. {@code target} describes what is
     * clicked on a screen (empty while it is not there), {@code missing} what is clicked when it is not there,
     * {@code cell} the cell clicked on a screen (empty while the target is not there), {@code locator} the locator
     * that finds it, if one does (a screen where it finds several fails as a strict mode violation).
     */
    private void send(ScreenSource source, Gesture gesture, Function<Cells, Optional<String>> target,
                      Function<Cells, Optional<At>> cell, String missing, Locator locator) {
        if (gesture.button() != null) {
            awaitClickInterval();
        }
        Duration timeout = source.defaultTimeout();
        LiveScreen.Outcome<String> outcome = source.await(cells -> cell.apply(cells)
                .flatMap(at -> gesture.report(cells, at)), timeout);
        String verb = gesture.verb();
        if (outcome.result().isPresent()) {
            driver.send(List.of(action(outcome.result().get())),
                    gesture.step(target.apply(outcome.cells()).orElse(missing)));
            if (gesture.button() != null) {
                lastClick = System.nanoTime();
            }
            return;
        }
        Cells last = outcome.cells();
        Optional<String> clicked = target.apply(last);
        String within = " within " + Durations.describe(timeout);
        if (clicked.isEmpty()) {
            List<Locator.Match> found = locator == null ? List.of() : locator.find(last);
            if (found.size() > 1) {
                throw source.failure("expected one match of " + missing + ", to " + verb + " it," + within + "; "
                        + locator.strictViolation(found, gesture.strictAction()), outcome,
                        Locator.underlines(found, last.cols()));
            }
            throw source.failure("expected " + missing + " to be visible, to " + verb + " it," + within, outcome);
        }
        if (last.mouseProtocol() == 0) {
            throw source.failure("expected the program to turn mouse reporting on (CSI ? 1000 h)" + within
                    + ", to " + verb + " " + clicked.get() + ": a program reads no mouse until it does, and many do"
                    + " only when told (vim: set mouse=a; less: --mouse; tmux: set -g mouse on); drive one that takes"
                    + " no mouse with keys", outcome);
        }
        At at = cell.apply(last).orElseThrow();
        throw source.failure("expected a " + verb.replaceFirst(" at$", "") + " on " + clicked.get()
                + " to be reportable to the program" + within + ": " + gesture.why(last, at).orElseThrow(), outcome);
    }

    /**
     * The write of a report: text while its characters are below 128, else its bytes (one a character: the default
     * encoding past column or row 95, whose coordinates are bytes 128 to 255 that text would send as two each).
     */
    private static Action action(String report) {
        return report.chars().allMatch(c -> c < 0x80) ? Action.text(report)
                : Action.bytes(report.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    /** Waits until {@link #CLICK_INTERVAL} has passed since the last click: no event tells when a program's has. */
    private void awaitClickInterval() {
        long left = lastClick == 0 ? 0 : lastClick + CLICK_INTERVAL.toNanos() - System.nanoTime();
        if (left > 0) {
            Unchecked.interruptible(() -> {
                Thread.sleep(Duration.ofNanos(left));
                return null;
            });
        }
    }

    /** The cell a gesture lands on, counted from 1. */
    record At(int row, int col) {
    }
}
