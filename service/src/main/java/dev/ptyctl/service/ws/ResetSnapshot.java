package dev.ptyctl.service.ws;

import dev.ptyctl.service.pty.GridSize;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.vt.serialize.VtSerializer;

/**
 * A reset frame's content (SPEC §5.2): the emulator's {@code vt} serialization, which starts with a full reset
 * ({@code ESC c}) and rebuilds screen, scrollback, cursor and modes, as of output offset {@code seq}. It is taken
 * under the session lock, where the emulator and the output log agree byte for byte, so the live output a client
 * gets next starts exactly at {@code seq}: nothing lost, nothing twice.
 *
 * @param data the reconstruction, UTF-8
 * @param seq  the output offset it stands for
 * @param size the size it is drawn at (a client takes it before the data)
 */
record ResetSnapshot(byte[] data, long seq, GridSize size) {

    /**
     * Takes the snapshot under the session lock. The PTY reader waits meanwhile (serializing a full scrollback is
     * a few milliseconds of CPU, never a wait for a client).
     */
    static ResetSnapshot capture(TerminalSession session) {
        return session.snapshot((terminal, progress) ->
                new ResetSnapshot(VtSerializer.serializeBytes(terminal), progress.outputSeq(), session.gridSize()));
    }

    /**
     * A redraw for a client that showed the output up to {@code shownSeq} ({@code redrawSince}): no RIS, which would
     * drop the scrollback of some clients' terminals, and only the scrollback lines that scrolled since, which the
     * client has not seen ({@link VtSerializer#repaintBytes}). Taken as {@link #capture} is.
     */
    static ResetSnapshot redraw(TerminalSession session, long shownSeq) {
        return session.snapshot((terminal, progress) -> new ResetSnapshot(
                VtSerializer.repaintBytes(terminal, session.linesScrolledSince(shownSeq)), progress.outputSeq(),
                session.gridSize()));
    }
}
