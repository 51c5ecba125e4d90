package dev.ptyctl.service.pty;

import dev.ptyctl.protocol.ProcessExit;

/**
 * Sees every chunk of PTY output, in order, with its place in the output stream. A session calls a listener at one
 * of two moments (chosen when it is registered, see {@link SpawnOptions}):
 * <ul>
 *   <li>as read: on the PTY reader thread, before the emulator has applied the chunk. An output log records here,
 *       so clients get bytes without waiting for the emulator;</li>
 *   <li>as applied: right after the emulator has applied the chunk, under the session lock, so whatever the
 *       listener reads from the screen (a title, a prompt) matches the bytes it is given.</li>
 * </ul>
 * Either way it runs on the session's own threads and must be quick: it must not block or call back into the
 * session (other than reading the screen, for an applied listener).
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

    /**
     * For a listener as applied: {@link #output}, told also whether the emulator began an OSC sequence in the chunk
     * ({@link dev.ptyctl.vt.Terminal#oscsBegun}); if not, the chunk holds no {@code ESC ]}, and a listener that looks
     * only for OSC sequences (the prompt tracker) may pass over its bytes.
     *
     * @param oscBegun whether the chunk began an OSC sequence
     */
    default void applied(byte[] data, int offset, int length, long outputSeqAfter, boolean oscBegun) {
        output(data, offset, length, outputSeqAfter);
    }

    /**
     * For a listener as applied (a screen listener; one as read is not told): the program ended as {@code end} says
     * (its exit status, or the signal that killed it) and every chunk of its output has been given
     * to {@link #output}. Called once, under the session lock, just before the session reports the exit, so whoever
     * learns of the exit sees what the listener made of it (the prompt tracker ends the command the shell was
     * running).
     */
    default void ended(ProcessExit end) {
    }
}
