package dev.ptyctl.service.pty;

import dev.ptyctl.protocol.ProcessExit;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a session stands at one moment: how much output it has produced, when the last of it arrived, and whether
 * the hosted process is still running.
 *
 * @param outputSeq       total bytes read from the PTY so far (the offset of the next output byte)
 * @param lastOutputNanos {@link System#nanoTime()} when output last arrived, or when the session started
 * @param exit            how the process ended (its exit status, or the signal that killed it) once it has, else
 *                        empty
 */
public record SessionProgress(long outputSeq, long lastOutputNanos, Optional<ProcessExit> exit) {

    /** Whether the hosted process is still running. */
    public boolean running() {
        return exit.isEmpty();
    }

    /** The exit code once the process has exited (128 + the signal's number after a signal), else empty. */
    public OptionalInt exitCode() {
        return exit.map(end -> OptionalInt.of(end.exitCode())).orElse(OptionalInt.empty());
    }
}
