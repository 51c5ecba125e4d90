package dev.ptyctl.client.dsl;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The DSL's calls that may fail with a checked exception, made unchecked: fluent test code ({@code t.type("ls")
 * .waitFor("$ ")}) needs no {@code throws}, and every DSL failure is an unchecked one.
 */
final class Unchecked {
    private Unchecked() {
    }

    /** An RPC or REST call of the SDK. */
    @FunctionalInterface
    interface Call<T> {
        T call() throws IOException;
    }

    /** A wait on a driver's copy of the screen. */
    @FunctionalInterface
    interface Wait<T> {
        T await() throws InterruptedException;
    }

    /** {@code call}'s result; its {@link IOException} as an {@link UncheckedIOException} with the same message. */
    static <T> T io(Call<T> call) {
        try {
            return call.call();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** {@code wait}'s result; an interruption keeps the thread's interrupt flag and becomes an unchecked failure. */
    static <T> T interruptible(Wait<T> wait) {
        try {
            return wait.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the terminal", e);
        }
    }
}
