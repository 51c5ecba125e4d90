package dev.ptyctl.client;

/**
 * The server handled a frame by refusing it (for example {@code input} from a view-only
 * attachment, or input after the program has exited). The frame was acknowledged and is not resent.
 *
 * <pre>{@code
 * attachment.input("ls\r").exceptionally(failure -> {
 *     if (failure instanceof FrameRefusedException refused) {
 *         System.err.println("not typed: " + refused.getMessage());
 *     }
 *     return null;
 * });
 * }</pre>
 */
public final class FrameRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long clientSeq;

    /**
     * Creates the exception.
     *
     * @param clientSeq the refused frame's number
     * @param message   the server's reason
     */
    public FrameRefusedException(long clientSeq, String message) {
        super(message);
        this.clientSeq = clientSeq;
    }

    /** The refused frame's number. */
    public long clientSeq() {
        return clientSeq;
    }
}
