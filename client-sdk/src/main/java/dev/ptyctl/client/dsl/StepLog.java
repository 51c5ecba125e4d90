package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a test did with its terminal, in order, for its {@link FailureReport}: the keys and text it sent, the waits and
 * assertions that held (with how long they took) and the one that failed, each at its time since the driver was
 * connected, and for the last {@link #MAX_SCREENS} the screen as the driver's copy had it when the step ended (as
 * tui-test's trace viewer shows a test's screens). The final screen and the recording show what the program did;
 * this shows what the test did to it, and what it saw then.
 */
final class StepLog {
    /**
     * Steps kept; older ones are dropped. A report is read from its end (what led to the failure), and a test that
     * loops over thousands of keys would otherwise keep them all in memory.
     */
    static final int MAX_STEPS = 200;
    /**
     * Steps that keep their screen (an SVG of a few tens of KiB): the ones just before a failure are those a report's
     * reader looks at, and 30 pictures keep a report page quick to open.
     */
    static final int MAX_SCREENS = 30;
    /** The longest argument shown in a step; the rest is elided, a step being one line. */
    private static final int MAX_ARGUMENT = 80;

    /**
     * One step: when it ended, in milliseconds since the log began, what it was, and the screen then as an SVG
     * ({@code null} without a live copy, or for a step older than the last {@link #MAX_SCREENS}).
     */
    record Step(long atMillis, String what, boolean failed, String screen) {
        /** {@code +  1.234 s  typeLine("ls")}, {@code FAILED} before a failed one. */
        String line() {
            return String.format(Locale.ROOT, "+%7.3f s  %s%s", atMillis / 1000.0, failed ? "FAILED " : "", what);
        }
    }

    private final long start = System.nanoTime();
    private final List<Step> steps = new ArrayList<>();
    /** The screen now as an SVG, or null when there is none to show. */
    private final Supplier<String> screen;
    private long dropped;

    StepLog(Supplier<String> screen) {
        this.screen = screen;
    }

    /** Notes a step that just ended. */
    void add(String what) {
        add(what, false);
    }

    /** Notes a step that began at {@code startNanos} ({@link System#nanoTime()}) and just ended, with its duration. */
    void timed(String what, long startNanos) {
        add(what + " (" + Durations.describe(Duration.ofNanos(System.nanoTime() - startNanos)) + ")", false);
    }

    /** Notes the expectation that failed, with the screen now. */
    void failed(String expectation) {
        add(expectation, true);
    }

    /** Notes the expectation that failed, with {@code picture}, the screen it looked at (an SVG). */
    void failed(String expectation, String picture) {
        add(expectation, true, picture);
    }

    private void add(String what, boolean failed) {
        add(what, failed, screen.get()); // outside this log's lock: it takes the screen copy's
    }

    private void add(String what, boolean failed, String picture) {
        long at = (System.nanoTime() - start) / 1_000_000;
        synchronized (this) {
            if (steps.size() == MAX_STEPS) {
                steps.removeFirst();
                dropped++;
            }
            steps.add(new Step(at, what, failed, picture));
            int older = steps.size() - MAX_SCREENS - 1; // the step that just left the last MAX_SCREENS
            if (older >= 0 && steps.get(older).screen() != null) {
                Step step = steps.get(older);
                steps.set(older, new Step(step.atMillis(), step.what(), step.failed(), null));
            }
        }
    }

    synchronized List<Step> steps() {
        return List.copyOf(steps);
    }

    /** How many early steps were dropped to keep the last {@link #MAX_STEPS}. */
    synchronized long dropped() {
        return dropped;
    }

    /** Every step kept, one per line, after a line saying how many were dropped, if any. */
    synchronized String text() {
        if (steps.isEmpty()) {
            return "(no step: the test sent nothing and waited for nothing)\n";
        }
        StringBuilder text = new StringBuilder();
        if (dropped > 0) {
            text.append("(").append(dropped).append(" earlier steps left out)\n");
        }
        steps.forEach(step -> text.append(step.line()).append('\n'));
        return text.toString();
    }

    /** A text argument as a step shows it: quoted and escaped as failures quote it, elided past its first characters. */
    static String argument(String text) {
        return ScreenAssert.quote(text.length() > MAX_ARGUMENT ? text.substring(0, MAX_ARGUMENT) + "..." : text);
    }
}
