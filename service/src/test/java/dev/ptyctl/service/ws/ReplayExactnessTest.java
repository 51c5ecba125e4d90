package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.internal.RawWebSocket;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SPEC §5.2: a client that keeps losing its connection and reconnects with the last seq it processed ends up with
 * exactly the bytes of a client that never disconnected: nothing lost, nothing twice.
 *
 * <p>The clients are the SDK's {@link RawWebSocket}s, which see exactly what the server sent (see there why not
 * the JDK's WebSocket client).
 */
class ReplayExactnessTest {
    private static final int LOG_BYTES = 1 << 20;
    private static final int TOTAL_BYTES = 4 << 20;
    private static final int DISCONNECTS = 200;
    private static final long SEED = 20261130L;

    private final SocketTestServer server = new SocketTestServer(SocketSettings.defaults());
    private final FakeTerminal terminal = server.add(new FakeTerminal("t", LOG_BYTES));

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "protocol 2: {0}")
    @ValueSource(booleans = {true, false})
    void severalMebibytesAcross200RandomDisconnectsReassembleByteIdentical(boolean protocol2) throws Exception {
        Random random = new Random(SEED);
        String protocol = protocol2 ? "protocol=2&" : "";
        ReceivedStream steady = new ReceivedStream();
        ReceivedStream flaky = new ReceivedStream();
        steady.connect(server.socket("t", protocol + "lastOutputSeq=0"));
        flaky.connect(server.socket("t", protocol + "lastOutputSeq=0"));
        MessageDigest produced = MessageDigest.getInstance("SHA-256");
        Allowance allowance = new Allowance();
        Thread producer = Thread.ofPlatform().name("producer").start(() -> produce(new Random(SEED + 1),
                produced, allowance, protocol2));

        // Each round lets the producer emit one more slice of the stream, and drops the flaky client at a random
        // point inside that slice while output is still flowing.
        long slice = TOTAL_BYTES / DISCONNECTS;
        for (int i = 0; i < DISCONNECTS; i++) {
            allowance.raise(i == DISCONNECTS - 1 ? TOTAL_BYTES : (i + 1) * slice);
            // A few bytes short of the slice's end: the text producer stops before a character that would not
            // fit in the slice.
            flaky.awaitBytes(i * slice + random.nextLong(slice - 4));
            long resumeAt = flaky.dropConnection();
            flaky.connect(server.socket("t", protocol + "lastOutputSeq=" + resumeAt));
        }
        producer.join();
        steady.awaitBytes(TOTAL_BYTES);
        flaky.awaitBytes(TOTAL_BYTES);

        String expected = HexFormat.of().formatHex(produced.digest());
        assertThat(steady.problems()).isEmpty();
        assertThat(flaky.problems()).isEmpty();
        assertThat(steady.sha256()).isEqualTo(expected);
        assertThat(flaky.sha256()).isEqualTo(expected);
        assertThat(flaky.connections()).isEqualTo(DISCONNECTS + 1);
        steady.dropConnection();
        flaky.dropConnection();
    }

    /**
     * Emits random UTF-8 text until {@link #TOTAL_BYTES}, as far as the test allows at each moment (a slice is far
     * smaller than the log, so a reconnecting client always finds its bytes kept). With protocol 2 the chunks are
     * cut at any byte, as PTY reads are; JSON frames carry text, so there they are cut between characters (the
     * log's own cutting is tested elsewhere).
     */
    private void produce(Random random, MessageDigest digest, Allowance allowance, boolean cutAnywhere) {
        try {
            long emitted = 0;
            while (emitted < TOTAL_BYTES) {
                byte[] piece = OutputLogText.randomUtf8(random, 1 + random.nextInt(2000))
                        .getBytes(StandardCharsets.UTF_8);
                long limit = allowance.awaitAbove(emitted);
                int length = (int) Math.min(piece.length, limit - emitted);
                length = cutAnywhere ? length : OutputLogText.characterBoundaryAtOrBefore(piece, length);
                int cut = cutAnywhere ? random.nextInt(length + 1) : length;
                emit(piece, 0, cut);
                emit(piece, cut, length - cut);
                digest.update(piece, 0, length);
                emitted += length;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void emit(byte[] bytes, int offset, int length) {
        byte[] chunk = new byte[length];
        System.arraycopy(bytes, offset, chunk, 0, length);
        terminal.emit(chunk);
    }

    /** How far the producer may go; raised by the test, awaited by the producer. */
    private static final class Allowance {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition raised = lock.newCondition();
        private long limit;

        void raise(long newLimit) {
            lock.lock();
            try {
                limit = newLimit;
                raised.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Waits until the limit is above {@code emitted}; returns it. */
        long awaitAbove(long emitted) throws InterruptedException {
            lock.lock();
            try {
                while (limit <= emitted) {
                    raised.await();
                }
                return limit;
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * The output one client has processed: a running SHA-256, the seq reached, and every frame checked to start
     * exactly where the previous one ended. Frames of a dropped connection that still trickle in are ignored.
     */
    private static final class ReceivedStream {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition progressed = lock.newCondition();
        private final MessageDigest digest;
        private final StringBuilder problems = new StringBuilder();
        private long seq;
        private int generation;
        private int connections;
        private RawWebSocket socket;

        ReceivedStream() throws Exception {
            digest = MessageDigest.getInstance("SHA-256");
        }

        void connect(URI uri) throws java.io.IOException {
            int mine;
            lock.lock();
            try {
                mine = ++generation;
                connections++;
            } finally {
                lock.unlock();
            }
            RawWebSocket opened = RawWebSocket.connect(uri, Map.of(), Duration.ofSeconds(20), new Listener(mine));
            lock.lock();
            try {
                socket = opened;
            } finally {
                lock.unlock();
            }
        }

        /** Drops the connection as a network failure would; returns the seq to resume from. */
        long dropConnection() {
            lock.lock();
            try {
                generation++;
                socket.abort();
                return seq;
            } finally {
                lock.unlock();
            }
        }

        void accept(int from, long frameSeq, byte[] data, boolean reset) {
            lock.lock();
            try {
                if (from != generation) {
                    return;
                }
                if (reset) {
                    problems.append("unexpected reset at ").append(frameSeq).append('\n');
                } else if (frameSeq - data.length != seq) {
                    problems.append("frame ").append(frameSeq - data.length).append("..").append(frameSeq)
                            .append(" does not follow ").append(seq).append('\n');
                }
                digest.update(data);
                seq = frameSeq;
                progressed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        long seq() {
            lock.lock();
            try {
                return seq;
            } finally {
                lock.unlock();
            }
        }

        void awaitBytes(long target) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            lock.lock();
            try {
                while (seq < target && problems.isEmpty()) {
                    long remaining = deadline - System.nanoTime();
                    assertThat(remaining).as("stream stuck at %d waiting for %d", seq, target).isPositive();
                    progressed.awaitNanos(remaining);
                }
            } finally {
                lock.unlock();
            }
        }

        String sha256() {
            return HexFormat.of().formatHex(digest.digest());
        }

        String problems() {
            return problems.toString();
        }

        int connections() {
            return connections;
        }

        private final class Listener implements RawWebSocket.Handler {
            private final int generation;

            Listener(int generation) {
                this.generation = generation;
            }

            @Override
            public void onText(RawWebSocket webSocket, String text) {
                if (ServerFrame.parse(text) instanceof ServerFrame.Output output) {
                    accept(generation, output.seq(), output.data().getBytes(StandardCharsets.UTF_8), output.reset());
                }
            }

            @Override
            public void onBinary(RawWebSocket webSocket, byte[] data) {
                BinaryOutputFrame frame = BinaryOutputFrame.decode(data);
                accept(generation, frame.seq(), frame.data(), frame.reset());
            }

            @Override
            public void onClose(RawWebSocket webSocket, int code, String reason) {
                // the test drops connections itself; a close it did not cause shows as missing bytes
            }

            @Override
            public void onError(RawWebSocket webSocket, Throwable error) {
                // likewise
            }
        }
    }
}
