package dev.ptyctl.service.pty;

import java.util.OptionalInt;

/**
 * Where a session stands at one moment: how much output it has produced, when the last of it arrived, and whether
 * the hosted process is still running.
 *
 * @param outputSeq       total bytes read from the PTY so far (the offset of the next output byte)
 * @param lastOutputNanos {@link System#nanoTime()} when output last arrived, or when the session started
 * @param exitCode        the exit code once the process has exited (128 + signal number after a signal), else
 *                        empty
 */
public record SessionProgress(long outputSeq, long lastOutputNanos, OptionalInt exitCode) {

    /** Whether the hosted process is still running. */
    public boolean running() {
        return exitCode.isEmpty();
    }
}
