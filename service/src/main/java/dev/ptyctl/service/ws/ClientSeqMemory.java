package dev.ptyctl.service.ws;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The highest {@code clientSeq} handled per {@code clientId} of one terminal (SPEC §5.3), so a client that
 * reconnects and resends its unacknowledged frames gets each applied exactly once.
 *
 * <p>An id is remembered while a connection uses it and for {@link #RETENTION} after its last use. Memory is
 * bounded: ids are at most {@link dev.ptyctl.protocol.ws.ClientFrame#MAX_CLIENT_ID_LENGTH} characters, expired ids
 * are dropped whenever an id is added, and beyond {@link #MAX_CLIENTS} ids the least recently used idle ones go
 * first even if younger than the retention (only a flood of distinct ids gets there).
 */
final class ClientSeqMemory {
    /** SPEC §5.3: at least ten minutes, long enough for a laptop lid or a network change. */
    static final Duration RETENTION = Duration.ofMinutes(10);
    /** Far above the clients one terminal really has; ~100 bytes each keeps the worst case under a megabyte. */
    static final int MAX_CLIENTS = 4096;

    private final ReentrantLock lock = new ReentrantLock();
    /** In access order: the least recently used id first. */
    private final LinkedHashMap<String, Client> clients = new LinkedHashMap<>(16, 0.75f, true);
    private final LongSupplier nanoClock;

    ClientSeqMemory() {
        this(System::nanoTime);
    }

    ClientSeqMemory(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /**
     * What is remembered about one client id. Frames of one id are handled one at a time under {@link #lock()},
     * so a frame resent on a second connection while the first is still applying it cannot be applied twice.
     */
    static final class Client {
        private final ReentrantLock lock = new ReentrantLock();
        private long highestHandled = -1;
        private long lastUsedNanos;
        private int connections;

        /** Held while checking and applying one frame. */
        ReentrantLock lock() {
            return lock;
        }

        /** Whether a frame numbered {@code clientSeq} was already handled; call under {@link #lock()}. */
        boolean alreadyHandled(long clientSeq) {
            return clientSeq <= highestHandled;
        }

        /** Records that the frame numbered {@code clientSeq} was handled; call under {@link #lock()}. */
        void handled(long clientSeq) {
            highestHandled = Math.max(highestHandled, clientSeq);
        }
    }

    /** The record of {@code clientId}, created if needed, marked as used now. */
    Client touch(String clientId) {
        lock.lock();
        try {
            Client client = clients.get(clientId);
            if (client == null) {
                forgetStale();
                client = new Client();
                clients.put(clientId, client);
            }
            client.lastUsedNanos = nanoClock.getAsLong();
            return client;
        } finally {
            lock.unlock();
        }
    }

    /** A connection starts using {@code clientId}: it is kept at least until {@link #disconnected}. */
    void connected(String clientId) {
        lock.lock();
        try {
            touch(clientId).connections++;
        } finally {
            lock.unlock();
        }
    }

    /** A connection using {@code clientId} ended: the retention period starts. */
    void disconnected(String clientId) {
        lock.lock();
        try {
            Client client = clients.get(clientId);
            if (client != null) {
                client.connections = Math.max(0, client.connections - 1);
                client.lastUsedNanos = nanoClock.getAsLong();
            }
        } finally {
            lock.unlock();
        }
    }

    /** How many ids are remembered. */
    int size() {
        lock.lock();
        try {
            return clients.size();
        } finally {
            lock.unlock();
        }
    }

    /** Drops expired idle ids, then, while at the limit, the least recently used idle ones. Under {@link #lock}. */
    private void forgetStale() {
        long now = nanoClock.getAsLong();
        Iterator<Client> oldestFirst = clients.values().iterator();
        while (oldestFirst.hasNext()) {
            Client client = oldestFirst.next();
            if (client.connections > 0) {
                continue;
            }
            boolean expired = now - client.lastUsedNanos >= RETENTION.toNanos();
            if (!expired && clients.size() < MAX_CLIENTS) {
                return;
            }
            oldestFirst.remove();
        }
    }
}
