package dev.ptyctl.service.pty;

/**
 * Sees every chunk of PTY output, in order, right after the emulator has applied it and while the session lock is
 * held: an output log that records here stays consistent with screen snapshots taken under the same lock. Runs on
 * the PTY reader thread, so it must be quick and must not block or call back into the session.
 */
@FunctionalInterface
public interface OutputListener {

    /**
     * @param data           the buffer; valid only during the call
     * @param offset         where the chunk starts in {@code data}
     * @param length         the chunk length
     * @param outputSeqAfter the output offset just after this chunk
     */
    void output(byte[] data, int offset, int length, long outputSeqAfter);
}
