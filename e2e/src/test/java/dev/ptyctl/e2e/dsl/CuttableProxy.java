package dev.ptyctl.e2e.dsl;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of the server whose connections a test can cut at any moment, as a dropped network does
 * (with a reset, so neither side gets a polite goodbye).
 */
public final class CuttableProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Sockets whose bytes are dropped (see {@link #silence()}). */
    private final Set<Socket> silenced = ConcurrentHashMap.newKeySet();
    private volatile boolean down;
    /** New connections are silenced as they are made (see {@link #blackHole()}). */
    private volatile boolean blackHole;
    /** Connections reset at once because the network was down; guarded by this. */
    private long refused;
    /** New connections are held, not forwarded, while this is on (see {@link #hold()}); guarded by this. */
    private boolean holding;
    /** Connections held, oldest first, each its client's socket; guarded by this. */
    private final java.util.List<Socket> held = new java.util.ArrayList<>();

    private CuttableProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("proxy-accept").start(this::acceptLoop);
    }

    /** A proxy to the server at {@code url}. */
    public static CuttableProxy to(URI url) throws IOException {
        return new CuttableProxy(url.getHost(), url.getPort());
    }

    /** The proxy's own base URL. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /**
     * Cuts every connection open now. Under the lock that accepting takes to add a connection: a connection accepted
     * while the sockets were being reset was otherwise dropped from the list unreset, and no later cut reached it.
     */
    public synchronized void cut() {
        for (Socket socket : sockets) {
            reset(socket);
        }
        sockets.clear();
    }

    /**
     * Every connection open now dies without a word, as over a phone that slept or a NAT that forgot it: from now on
     * nothing passes either way and nothing is closed, so neither side learns of it but by a timeout. Connections made
     * after are forwarded as ever.
     */
    public synchronized void silence() {
        silenced.addAll(sockets);
    }

    /**
     * The network takes connections and routes nothing, as a phone's Wi-Fi just woken or a captive portal: every
     * connection, open now or made later, passes nothing either way and is not closed, until {@link #up()}. A client
     * learns of it only by a timeout of its own. Connections silenced stay so after {@code up()}.
     */
    public synchronized void blackHole() {
        blackHole = true;
        silence();
    }

    /**
     * The network goes down (every connection cut, every new one reset at once) until {@link #up()}: a client keeps
     * failing to reconnect, as across a long outage.
     */
    public synchronized void down() {
        down = true;
        cut();
    }

    /**
     * Waits until {@code count} more connections than {@code before} (a {@link #refusedConnections()}) were reset for
     * the network being down: a client that retries has then made a fresh attempt after the moment {@code before}
     * was read, with what it knew at that time.
     */
    public synchronized void awaitRefused(long before, long count, java.time.Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (refused < before + count) {
            long left = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new AssertionError("the client made " + (refused - before) + " connection attempts in "
                        + timeout + ", not " + count);
            }
            wait(left);
        }
    }

    /**
     * New connections are taken and held, nothing read from them and nothing forwarded, until {@link #release()}: a
     * client's connection attempt stays under way (its upgrade unanswered) for as long as a test needs. Wins over
     * {@link #down()}.
     */
    public synchronized void hold() {
        holding = true;
    }

    /** Waits until {@code count} connections are held (see {@link #hold()}). */
    public synchronized void awaitHeld(int count, java.time.Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (held.size() < count) {
            long left = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new AssertionError("the client made " + held.size() + " connection attempts in " + timeout
                        + ", not " + count);
            }
            wait(left);
        }
    }

    /**
     * Stops holding: the network is up, and the connections held are forwarded, in the order they were made, with what
     * their clients sent meanwhile.
     */
    public void release() throws IOException {
        java.util.List<Socket> waiting;
        synchronized (this) {
            holding = false;
            down = false;
            blackHole = false;
            waiting = java.util.List.copyOf(held);
            held.clear();
        }
        for (Socket client : waiting) {
            forward(client);
        }
    }

    /** How many sockets (two a connection, the client's and the server's) pass nothing (see {@link #blackHole()}). */
    public int silencedSockets() {
        return silenced.size();
    }

    /** How many connections were reset at once because the network was down. */
    public synchronized long refusedConnections() {
        return refused;
    }

    /** The network is back: connections are forwarded again. */
    public void up() {
        down = false;
        blackHole = false;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
        synchronized (this) {
            held.forEach(CuttableProxy::reset);
            held.clear();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (!held(client)) {
                    forward(client);
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Connects a client's connection to the server and pumps both ways, or resets it when the network is down. */
    private void forward(Socket client) throws IOException {
        Socket server = down ? null : new Socket(targetHost, targetPort);
        if (!track(client, server)) {
            return;
        }
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        Thread.ofVirtual().start(() -> pump(client, server));
        Thread.ofVirtual().start(() -> pump(server, client));
    }

    /** Holds a new connection while {@link #hold()} is on. */
    private synchronized boolean held(Socket client) {
        if (holding) {
            held.add(client);
            notifyAll();
        }
        return holding;
    }

    /**
     * Adds a new connection to those {@link #cut()} reaches, or resets it when the network is down: checked under the
     * lock of {@code cut} and {@code down}, so that no connection slips past either (one accepted just before
     * {@code down()} and added after its cut would have carried on through the whole outage).
     */
    private synchronized boolean track(Socket client, Socket server) {
        if (down || server == null) {
            refused++;
            notifyAll();
            reset(client);
            if (server != null) {
                reset(server);
            }
            return false;
        }
        sockets.add(client);
        sockets.add(server);
        if (blackHole) {
            silenced.add(client);
            silenced.add(server);
        }
        return true;
    }

    private void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            byte[] buffer = new byte[16 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (silenced.contains(from)) {
                    continue; // lost on the way
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // cut
        } finally {
            reset(from);
            reset(to);
        }
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
