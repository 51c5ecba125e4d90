package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.FrameFormatException;
import dev.ptyctl.protocol.ws.ServerFrame;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One client attached to one terminal: its connection parameters, its place in size arbitration, and its
 * {@link ClientSender}. Frames the client sends arrive here on the client's connection thread, are parsed, and
 * go to the {@link SharedTerminal} to be applied once.
 */
final class ClientAttachment {
    private final SharedTerminal shared;
    private final ConnectionParams params;
    private final java.net.SocketAddress remote;
    private final AtomicBoolean detached = new AtomicBoolean();
    private ClientSender sender;
    private SizeArbiter.Seat seat;
    /** The client id this connection keeps alive in the dedupe memory; the URL's, else the first frame's. */
    private String pinnedClientId;

    ClientAttachment(SharedTerminal shared, ConnectionParams params, java.net.SocketAddress remote) {
        this.shared = shared;
        this.params = params;
        this.remote = remote;
    }

    /** The client's address, for the event log. */
    java.net.SocketAddress remote() {
        return remote;
    }

    /** Completes construction; called once, by {@link SharedTerminal#attach}. */
    void bind(ClientSender clientSender, SizeArbiter.Seat arbiterSeat) {
        this.sender = clientSender;
        this.seat = arbiterSeat;
    }

    SharedTerminal shared() {
        return shared;
    }

    ConnectionParams params() {
        return params;
    }

    ClientSender sender() {
        return sender;
    }

    SizeArbiter.Seat seat() {
        return seat;
    }

    boolean viewer() {
        return params.viewer();
    }

    /** Whether this attachment, not detached, is the connection of the client {@code clientId}. */
    synchronized boolean isOf(String clientId) {
        return clientId.equals(pinnedClientId) && !detached.get();
    }

    /**
     * Marks the attachment detached.
     *
     * @return empty when it already was; otherwise the pinned client id, to release (empty string for none)
     */
    synchronized Optional<String> markDetached() {
        if (!detached.compareAndSet(false, true)) {
            return Optional.empty();
        }
        return Optional.of(pinnedClientId == null ? "" : pinnedClientId);
    }

    /**
     * Pins {@code clientId} unless an id is pinned already or the attachment is detached, running {@code onPin}
     * under the same lock as {@link #markDetached}, so a pin and its release can never cross.
     */
    synchronized void pin(String clientId, Consumer<String> onPin) {
        if (pinnedClientId == null && !detached.get()) {
            pinnedClientId = clientId;
            onPin.accept(clientId);
        }
    }

    /** Handles one complete text message from the client. */
    void receive(String text) throws InterruptedException {
        ClientFrame frame;
        try {
            frame = ClientFrame.parse(text);
        } catch (FrameFormatException e) {
            refuseMalformed(e);
            return;
        }
        switch (frame) {
            case ClientFrame.Ping ping -> {
                if (ping.srtt() >= 0) {
                    sender.roundTrip(ping.srtt());
                }
                sender.enqueue(new ServerFrame.Pong(ping.t()));
            }
            case ClientFrame.Sequenced sequenced -> shared.apply(this, sequenced);
        }
    }

    /**
     * A malformed frame gets an error frame. When it still named its client and number it is also acknowledged
     * and counted as handled, so the client does not resend it forever.
     */
    private void refuseMalformed(FrameFormatException e) throws InterruptedException {
        if (e.clientSeq().isPresent()) {
            shared.refuse(this, e.clientId().orElseThrow(), e.clientSeq().get(), e.getMessage());
        } else {
            error(e.getMessage(), Optional.empty());
        }
    }

    /** Answers a WebSocket ping with a pong carrying {@code payload}; never blocks. */
    void pong(byte[] payload) {
        sender.offerPong(payload);
    }

    /** Sends an error frame. */
    void error(String message, Optional<Long> clientSeq) throws InterruptedException {
        sender.enqueue(new ServerFrame.Error(message, clientSeq));
    }

    /** Acknowledges frame {@code clientSeq}, handled when the output stood at {@code outputSeq}. */
    void ack(long clientSeq, long outputSeq) throws InterruptedException {
        sender.enqueue(new ServerFrame.Ack(clientSeq, outputSeq));
    }
}
