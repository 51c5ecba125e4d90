package dev.ptyctl.protocol.ws;

import java.util.Optional;

/**
 * A frame that cannot be understood. When the frame got as far as naming its {@code clientId} and
 * {@code clientSeq}, they are kept, so the server can acknowledge the frame (a client must not resend it forever)
 * while reporting what is wrong.
 */
public final class FrameFormatException extends Exception {
    private final String clientId;
    private final Long clientSeq;

    /** A frame that did not even identify itself. */
    public FrameFormatException(String message) {
        this(message, null, null);
    }

    /** A frame with a valid {@code clientId}/{@code clientSeq} and something else wrong. */
    public FrameFormatException(String message, String clientId, Long clientSeq) {
        super(message);
        this.clientId = clientId;
        this.clientSeq = clientSeq;
    }

    /** The frame's {@code clientId}, when it had a valid one. */
    public Optional<String> clientId() {
        return Optional.ofNullable(clientId);
    }

    /** The frame's {@code clientSeq}, when it had a valid one (together with {@link #clientId()}). */
    public Optional<Long> clientSeq() {
        return clientId == null ? Optional.empty() : Optional.ofNullable(clientSeq);
    }
}
