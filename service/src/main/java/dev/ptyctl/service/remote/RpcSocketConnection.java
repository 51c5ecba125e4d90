package dev.ptyctl.service.remote;

import dev.ptyctl.protocol.UnknownTerminal;
import dev.ptyctl.service.rpc.RpcDispatcher;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.ws.ConnectionEnd;
import dev.ptyctl.service.ws.UpgradePolicy;
import dev.ptyctl.service.ws.UpgradeRefusal;
import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsListener;
import io.helidon.websocket.WsSession;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One WebSocket client of {@code /v1/terminals/{id}/rpc}. Helidon calls it on the connection's thread, which only
 * collects messages and queues them; a virtual thread of this connection executes them in order and sends each
 * response, so a long {@code pty/wait} neither stops pings from being answered nor the close from being seen. A
 * message is a line of the terminal's socket: one request, and an array (a batch) is refused with -32600 as there
 * (requests are pipelined instead); only the POST form, which has one body per round trip, takes batches. A third
 * virtual thread pings the client while the connection lasts ({@link RpcSocketEndpoint}).
 */
final class RpcSocketConnection implements WsListener {
    private static final System.Logger LOG = System.getLogger(RpcSocketConnection.class.getName());

    /** A queued message; {@code bytes} is null for one that was longer than the limit (answered -32600). */
    private record Message(byte[] bytes) {
    }

    /** Queued when the terminal's endpoint closes (a kill by another client, a deletion): the worker closes. */
    private static final Message END = new Message(new byte[0]);

    private final RpcSocketEndpoint endpoint;
    private final BlockingQueue<Message> queue = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private boolean partialTooLarge;
    private HostedTerminal terminal;
    private volatile Thread worker;
    private volatile AutoCloseable endpointWatch;
    private final java.util.concurrent.atomic.AtomicBoolean closing = new java.util.concurrent.atomic.AtomicBoolean();
    /** Counted down when the connection ends, which stops the keepalive pings. */
    private final CountDownLatch ended = new CountDownLatch(1);

    RpcSocketConnection(RpcSocketEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) {
        Map<String, String> query = UpgradePolicy.query(prologue);
        Optional<String> refusal = endpoint.policy().refuse(headers, query);
        if (refusal.isPresent()) {
            throw UpgradeRefusal.of(prologue, headers, Status.FORBIDDEN_403, refusal.get());
        }
        if (endpoint.policy().viewOnly(headers, query)) {
            throw UpgradeRefusal.of(prologue, headers, Status.FORBIDDEN_403,
                    "the view token may only read: JSON-RPC needs the full token");
        }
        String id = RpcSocketEndpoint.terminalId(prologue.uriPath().path())
                .orElseThrow(() -> UpgradeRefusal.of(prologue, headers, Status.NOT_FOUND_404, "not a terminal rpc path"));
        terminal = endpoint.lookup(id)
                .orElseThrow(() -> UpgradeRefusal.of(prologue, headers, Status.NOT_FOUND_404, UnknownTerminal.message(id)));
        return Optional.empty();
    }

    @Override
    public void onOpen(WsSession session) {
        if (terminal == null) {
            session.close(WsCloseCodes.UNEXPECTED_CONDITION, "upgrade was not checked");
            return;
        }
        worker = Thread.ofVirtual().name("rpc-ws-" + terminal.terminalId()).start(() -> execute(session));
        // A pty/kill from another client (or the terminal's deletion) ends this connection too, as it ends the
        // socket's: a client waiting here learns at once that the terminal is gone. The worker closes it, after the
        // answers already under way (its pty/wait returns as the program ends): frames are only written by it.
        endpointWatch = terminal.onRpcEndpointClosed(() -> queue.add(END));
        ConnectionEnd.whenThisConnectionEnds("rpc-ws-watch-" + terminal.terminalId(), this::stop);
        Thread.ofVirtual().name("rpc-ws-keepalive-" + terminal.terminalId()).start(() -> keepAlive(session));
    }

    /**
     * Pings the client every {@link RpcSocketEndpoint#keepalive()} until the connection ends or closes: its pong is
     * what keeps Helidon from closing, as idle, a connection whose client waits minutes for one answer. A ping that
     * races the close frame does not follow it: the connection writes through
     * {@link dev.ptyctl.service.ws.RfcGuardedUpgradeProvider}'s close-is-last writer, which drops every frame after a
     * close (a ping and the close are each one write under Helidon's send lock).
     */
    private void keepAlive(WsSession session) {
        try {
            while (!ended.await(endpoint.keepalive().toNanos(), TimeUnit.NANOSECONDS) && !closing.get()) {
                session.ping(BufferData.empty());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "rpc socket keepalive ended: " + e);
        }
    }

    /** Runs the queued requests in order until the connection ends or the terminal is killed. */
    private void execute(WsSession session) {
        RpcDispatcher dispatcher = terminal.rpcDispatcher();
        RpcDispatcher.ConnectionState state = dispatcher.newAuthenticatedConnection();
        try {
            while (true) {
                Message message = queue.take();
                if (message == END) {
                    close(session, "terminal killed");
                    return;
                }
                RpcDispatcher.Reply reply = message.bytes() == null
                        ? RpcDispatcher.lineTooLong(endpoint.maxMessageBytes())
                        : dispatcher.handle(message.bytes(), message.bytes().length, state);
                if (reply.response() != null) {
                    session.send(reply.response(), true);
                }
                if (reply.closeEndpoint()) {
                    terminal.closeRpcEndpoint();
                    close(session, "terminal killed");
                    return;
                }
            }
        } catch (InterruptedException e) {
            LOG.log(System.Logger.Level.DEBUG, "rpc socket closed during a request");
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "rpc socket ended: " + e);
        }
    }

    @Override
    public void onMessage(WsSession session, String text, boolean last) {
        if (!partialTooLarge) {
            partial.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            partialTooLarge = partial.size() > endpoint.maxMessageBytes();
            if (partialTooLarge) {
                partial.reset();
            }
        }
        if (!last) {
            return;
        }
        queue.add(new Message(partialTooLarge ? null : partial.toByteArray()));
        partial.reset();
        partialTooLarge = false;
    }

    @Override
    public void onMessage(WsSession session, BufferData buffer, boolean last) {
        if (last) {
            session.close(WsCloseCodes.CANNOT_ACCEPT, "send JSON-RPC messages as text frames");
        }
    }

    @Override
    public void onPing(WsSession session, BufferData buffer) {
        session.pong(buffer);
    }

    @Override
    public void onClose(WsSession session, int status, String reason) {
        stop();
    }

    @Override
    public void onError(WsSession session, Throwable t) {
        LOG.log(System.Logger.Level.DEBUG, "rpc socket error", t);
        stop();
    }

    /** Closes the connection once, whichever of the kill's paths gets here first. */
    private void close(WsSession session, String reason) {
        if (closing.compareAndSet(false, true)) {
            session.close(WsCloseCodes.NORMAL_CLOSE, reason);
        }
    }

    private void stop() {
        ended.countDown();
        AutoCloseable watch = endpointWatch;
        if (watch != null) {
            try {
                watch.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.DEBUG, "forgetting the endpoint watch: " + e);
            }
        }
        Thread running = worker;
        if (running != null) {
            running.interrupt();
        }
    }
}
