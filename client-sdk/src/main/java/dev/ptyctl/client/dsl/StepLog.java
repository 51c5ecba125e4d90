package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;

/**
 * What a test did with its terminal, in order, for its {@link FailureReport}: the keys and text it sent, the waits and
 * assertions that held (with how long they took) and the one that failed, each at its time since the driver was
 * connected. The final screen and the recording show what the program did; this shows what the test did to it.
 */
final class StepLog {
    /**
     * Steps kept; older ones are dropped. A report is read from its end (what led to the failure), and a test that
     * loops over thousands of keys would otherwise keep them all in memory.
     */
    static final int MAX_STEPS = 200;
    /** The longest argument shown in a step; the rest is elided, a step being one line. */
    private static final int MAX_ARGUMENT = 80;

    /** One step: when it ended, in milliseconds since the log began, and what it was. */
    record Step(long atMillis, String what, boolean failed) {
        /** {@code +  1.234 s  typeLine("ls")}, {@code FAILED} before a failed one. */
        String line() {
            return String.format(Locale.ROOT, "+%7.3f s  %s%s", atMillis / 1000.0, failed ? "FAILED " : "", what);
        }
    }

    private final long start = System.nanoTime();
    private final ArrayDeque<Step> steps = new ArrayDeque<>();
    private long dropped;

    /** Notes a step that just ended. */
    synchronized void add(String what) {
        add(what, false);
    }

    /** Notes a step that began at {@code startNanos} ({@link System#nanoTime()}) and just ended, with its duration. */
    void timed(String what, long startNanos) {
        add(what + " (" + Durations.describe(Duration.ofNanos(System.nanoTime() - startNanos)) + ")", false);
    }

    /** Notes the expectation that failed. */
    void failed(String expectation) {
        add(expectation, true);
    }

    private synchronized void add(String what, boolean failed) {
        if (steps.size() == MAX_STEPS) {
            steps.removeFirst();
            dropped++;
        }
        steps.addLast(new Step((System.nanoTime() - start) / 1_000_000, what, failed));
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
