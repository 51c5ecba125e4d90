package dev.ptyctl.service.rpc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One client: reads request lines, executes them one after another in arrival order, and writes each response
 * followed by {@code \n}. It ends when the client closes its side (after answering what it sent), when a write to
 * the client fails, when {@code pty/kill} succeeds (after the response, and then it asks the endpoint to close),
 * or when the endpoint closes it.
 *
 * <p>A client that disconnects during a long {@code pty/wait} is noticed when the response cannot be written; the
 * wait itself only holds this connection's (virtual) thread, never the session or other connections.
 */
public final class RpcConnection {
    private static final System.Logger LOG = System.getLogger(RpcConnection.class.getName());

    private final InputStream in;
    private final OutputStream out;
    private final RpcDispatcher dispatcher;
    private final int maxLineBytes;
    private final Runnable afterKill;

    /**
     * @param afterKill run after a successful {@code pty/kill} has been answered (closes the endpoint)
     */
    public RpcConnection(InputStream in, OutputStream out, RpcDispatcher dispatcher, int maxLineBytes,
                         Runnable afterKill) {
        this.in = in;
        this.out = out;
        this.dispatcher = dispatcher;
        this.maxLineBytes = maxLineBytes;
        this.afterKill = afterKill;
    }

    /**
     * Serves the client until one of the ends described above. Never throws for anything the client does.
     *
     * @throws InterruptedException when the endpoint closes the connection during a request
     */
    public void serve() throws InterruptedException {
        RpcDispatcher.ConnectionState state = dispatcher.newConnection();
        LineReader lines = new LineReader(in, maxLineBytes);
        try {
            while (true) {
                RpcDispatcher.Reply reply = switch (lines.next()) {
                    case LineReader.EndOfStream end -> null;
                    case LineReader.TooLong tooLong -> RpcDispatcher.lineTooLong(maxLineBytes);
                    case LineReader.Line line -> dispatcher.handle(line.bytes(), line.length(), state);
                };
                if (reply == null) {
                    return;
                }
                if (reply.response() != null) {
                    send(reply.response());
                }
                if (reply.closeEndpoint()) {
                    afterKill.run();
                    return;
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "client connection ended: " + e);
        }
    }

    private void send(String response) throws IOException {
        byte[] bytes = (response + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(bytes);
        out.flush();
    }
}
