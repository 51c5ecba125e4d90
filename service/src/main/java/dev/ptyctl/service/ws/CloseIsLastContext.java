package dev.ptyctl.service.ws;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;
import io.helidon.common.buffers.DataWriter;
import io.helidon.common.socket.HelidonSocket;
import io.helidon.common.socket.PeerInfo;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ListenerContext;
import io.helidon.webserver.ProxyProtocolData;
import io.helidon.webserver.Router;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * An upgraded WebSocket connection's context whose writer lets no frame out after a close frame (RFC 6455 §5.5.1:
 * the close frame is the last frame an endpoint sends).
 *
 * <p>Helidon writes a close frame itself when it refuses a client's frame (an extension bit with no extension, a
 * continuation of no message, an oversized frame), on the connection's thread, while a terminal client's sender may
 * be writing output or its first frames on its own thread. Helidon's own lock orders the two writes but does not
 * stop the later one, so now and then an output frame followed the close. Our own closes go through the sender
 * ({@link ClientSender#closeWith}), but Helidon's cannot; this writer is where every frame of the connection passes,
 * whoever writes it, so the rule is kept here once for all three sockets (terminal, RPC, events).
 *
 * <p>It relies on how Helidon 4.5's {@code WsConnection} writes: each frame in one {@code writeNow} call, under its
 * send lock, from the frame's first byte.
 */
final class CloseIsLastContext implements ConnectionContext {
    private final ConnectionContext context;
    private final DataWriter writer;

    CloseIsLastContext(ConnectionContext context) {
        this.context = context;
        this.writer = new CloseIsLastWriter(context.dataWriter());
    }

    @Override
    public DataWriter dataWriter() {
        return writer;
    }

    @Override
    public DataReader dataReader() {
        return context.dataReader();
    }

    @Override
    public ListenerContext listenerContext() {
        return context.listenerContext();
    }

    @Override
    public ExecutorService executor() {
        return context.executor();
    }

    @Override
    public Router router() {
        return context.router();
    }

    @Override
    public Optional<ProxyProtocolData> proxyProtocolData() {
        return context.proxyProtocolData();
    }

    @Override
    public HelidonSocket serverSocket() {
        return context.serverSocket();
    }

    @Override
    public PeerInfo remotePeer() {
        return context.remotePeer();
    }

    @Override
    public PeerInfo localPeer() {
        return context.localPeer();
    }

    @Override
    public boolean isSecure() {
        return context.isSecure();
    }

    @Override
    public String socketId() {
        return context.socketId();
    }

    @Override
    public String childSocketId() {
        return context.childSocketId();
    }

    @Override
    public void log(System.Logger logger, System.Logger.Level level, String format, Object... parameters) {
        context.log(logger, level, format, parameters);
    }

    @Override
    public void log(System.Logger logger, System.Logger.Level level, String format, Throwable throwable,
                    Object... parameters) {
        context.log(logger, level, format, throwable, parameters);
    }

    /** Writes frames until a close frame has been written, then drops whatever follows. */
    static final class CloseIsLastWriter implements DataWriter {
        /** The opcode is the low four bits of a frame's first byte; a server's frames are unmasked. */
        private static final int OPCODE_BITS = 0x0F;
        private static final int CLOSE_OPCODE = 0x8;

        private final DataWriter writer;
        /** Set under Helidon's send lock by the write of the close frame; read by every later write. */
        private volatile boolean closeWritten;

        CloseIsLastWriter(DataWriter writer) {
            this.writer = writer;
        }

        @Override
        public void writeNow(BufferData frame) {
            if (admit(frame)) {
                writer.writeNow(frame);
            }
        }

        @Override
        public void write(BufferData frame) {
            if (admit(frame)) {
                writer.write(frame);
            }
        }

        @Override
        public void writeNow(BufferData... frame) {
            if (frame.length > 0 && admit(frame[0])) {
                writer.writeNow(frame);
            }
        }

        @Override
        public void write(BufferData... frame) {
            if (frame.length > 0 && admit(frame[0])) {
                writer.write(frame);
            }
        }

        @Override
        public void flush() {
            writer.flush();
        }

        @Override
        public void close() {
            writer.close();
        }

        /** Whether {@code frame} may go out: nothing after a close frame; a close frame ends the admitting. */
        private boolean admit(BufferData frame) {
            if (closeWritten) {
                return false;
            }
            if (frame.available() > 0 && (frame.get(0) & OPCODE_BITS) == CLOSE_OPCODE) {
                closeWritten = true;
            }
            return true;
        }
    }
}
