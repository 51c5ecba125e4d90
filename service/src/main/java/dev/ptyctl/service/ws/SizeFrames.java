package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.pty.GridSize;
import java.util.ArrayDeque;
import java.util.Optional;

/**
 * The {@code size} frames one client is owed, each to be sent at the point of the output where the server's emulator
 * took that size: after the output drawn at the old size, before the output drawn at the new one. A page that resizes
 * its own terminal when the frame arrives then wraps every line exactly as the server did; a size frame sent as soon
 * as it is known would land a few chunks early or late while output flows, and those lines would wrap at the other
 * width. Offers come from any thread (the resizing client's, a JSON-RPC connection's), the sending thread takes them.
 */
final class SizeFrames {
    /**
     * Sizes kept for a client that is behind: a resize storm beyond this keeps only the newest ones (the oldest
     * positions are then lost, and with them exact wrapping for that stretch of output; memory stays bounded).
     */
    static final int MAX_PENDING = 64;

    private final ArrayDeque<GridSize> pending = new ArrayDeque<>();
    /** The newest reading offered: older readings arriving late (another thread's) are dropped. */
    private long newestResizes = -1;

    /** A reading of the terminal's size; ignored when a newer one was offered already. */
    synchronized void offer(GridSize size) {
        if (size.resizes() < newestResizes) {
            return;
        }
        GridSize last = pending.peekLast();
        if (last != null && last.sinceSeq() >= size.sinceSeq()) {
            pending.pollLast(); // no output between the two: only the newer size is ever seen
        }
        if (pending.size() >= MAX_PENDING) {
            pending.pollFirst();
        }
        pending.addLast(size);
        newestResizes = size.resizes();
    }

    /**
     * The next size due once the output before {@code cursor} has been sent, if one is: the client then gets it
     * before any output at or after {@code cursor}.
     */
    synchronized Optional<ServerFrame.Size> takeDue(long cursor) {
        GridSize first = pending.peekFirst();
        if (first == null || first.sinceSeq() > cursor) {
            return Optional.empty();
        }
        pending.pollFirst();
        return Optional.of(new ServerFrame.Size(first.cols(), first.rows()));
    }

    /** Where the next size change lies beyond {@code cursor} (output must stop there for it), or -1 for none. */
    synchronized long nextAfter(long cursor) {
        GridSize first = pending.peekFirst();
        return first == null || first.sinceSeq() <= cursor ? -1 : first.sinceSeq();
    }

    /** Forgets the sizes a reset frame already stands for: every reading no newer than {@code snapshot}. */
    synchronized void coveredBy(GridSize snapshot) {
        pending.removeIf(size -> size.resizes() <= snapshot.resizes());
    }
}
