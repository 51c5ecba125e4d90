package dev.ptyctl.service.rpc;

import java.util.regex.Pattern;

/**
 * Text that stops a regular-expression search once a deadline has passed. A pattern such as {@code (a+)+b} can take
 * exponential time on the wrong text; {@link java.util.regex.Matcher} cannot be interrupted, but it reads the text
 * through {@link #charAt}, which checks the clock now and then and throws when time is up.
 */
final class DeadlineText implements CharSequence {
    /** Reading the clock on every character would cost more than the search; every 4096th is often enough. */
    private static final int CHECK_EVERY = 4096;

    private final CharSequence text;
    private final long deadlineNanos;
    private int untilCheck = CHECK_EVERY;

    private DeadlineText(CharSequence text, long deadlineNanos) {
        this.text = text;
        this.deadlineNanos = deadlineNanos;
    }

    /** Whether {@code pattern} is found in {@code text}; false when the search outlived {@code deadlineNanos}. */
    static boolean find(Pattern pattern, String text, long deadlineNanos) {
        try {
            return pattern.matcher(new DeadlineText(text, deadlineNanos)).find();
        } catch (TimeUp e) {
            return false;
        }
    }

    /** Thrown out of the matcher when the deadline has passed. */
    private static final class TimeUp extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimeUp() {
            super(null, null, false, false);
        }
    }

    @Override
    public char charAt(int index) {
        if (--untilCheck == 0) {
            untilCheck = CHECK_EVERY;
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new TimeUp();
            }
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new DeadlineText(text.subSequence(start, end), deadlineNanos);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
