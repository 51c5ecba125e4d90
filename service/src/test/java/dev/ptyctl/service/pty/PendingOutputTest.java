package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The queue between a session's PTY reader and its emulator. */
class PendingOutputTest {
    /** For a consumer that never retires. */
    private static final long FOREVER = Long.MAX_VALUE;
    private static final int STREAM_BYTES = 300_000;

    @Test
    void bytesComeOutInOrderAcrossWrapsGrowthAndPiecesLargerThanTheQueue() throws Exception {
        PendingOutput pending = withOwnConsumer(10_000);
        byte[] stream = new byte[1_000_000];
        new Random(7).nextBytes(stream);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            Random sizes = new Random(11);
            try {
                for (int at = 0; at < stream.length; ) {
                    int n = Math.min(stream.length - at, 1 + sizes.nextInt(25_000));
                    pending.put(stream, at, n);
                    at += n;
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            pending.close();
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] into = new byte[3_000];
        for (int n = pending.take(into, FOREVER); n >= 0; n = pending.take(into, FOREVER)) {
            out.write(into, 0, n);
        }
        writer.get(30, TimeUnit.SECONDS);

        assertThat(out.toByteArray()).isEqualTo(stream);
    }

    @Test
    @Timeout(30)
    void aFullQueueHoldsTheReaderUntilTheEmulatorTakes() throws Exception {
        PendingOutput pending = withOwnConsumer(8);
        pending.put(new byte[8], 0, 8);
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                pending.put(new byte[] {1, 2, 3}, 0, 3);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        // The put parks (waiting for room) instead of dropping or overfilling: observed, not assumed.
        while (reader.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        assertThat(pending.size()).isEqualTo(8);

        byte[] into = new byte[5];
        assertThat(pending.take(into, FOREVER)).isEqualTo(5);
        reader.join();

        assertThat(pending.size()).isEqualTo(6);
    }

    @Test
    void closingDrainsWhatIsLeftAndThenEnds() throws Exception {
        PendingOutput pending = withOwnConsumer(64);
        pending.put("abc".getBytes(), 0, 3);
        pending.close();
        byte[] into = new byte[64];

        assertThat(pending.take(into, FOREVER)).isEqualTo(3);
        assertThat(pending.take(into, FOREVER)).isEqualTo(-1);
    }

    @Test
    void aConsumerRetiresWhenIdleAndTheNextPutStartsAnother() throws Exception {
        AtomicInteger starts = new AtomicInteger();
        PendingOutput pending = new PendingOutput(64, starts::incrementAndGet);
        byte[] into = new byte[64];

        pending.put("a".getBytes(), 0, 1);
        assertThat(starts).as("the first output starts a consumer").hasValue(1);
        pending.put("b".getBytes(), 0, 1);
        assertThat(starts).as("not another while one runs").hasValue(1);
        assertThat(pending.take(into, 1_000_000)).isEqualTo(2);
        assertThat(pending.take(into, 1_000_000)).as("nothing came in 1 ms").isEqualTo(PendingOutput.IDLE);

        pending.put("c".getBytes(), 0, 1);
        assertThat(starts).as("output after the consumer retired starts another").hasValue(2);
        assertThat(pending.take(into, 1_000_000)).isEqualTo(1);
    }

    @Test
    void aRetiredConsumerLeavesNoBufferBehindHoweverLargeAStreamMadeIt() throws Exception {
        PendingOutput pending = withOwnConsumer(480 * 1024);
        assertThat(pending.bufferBytes()).as("a terminal that has printed nothing").isZero();
        byte[] burst = new byte[300_000];
        new Random(3).nextBytes(burst);
        pending.put(burst, 0, burst.length);
        assertThat(pending.bufferBytes()).isGreaterThanOrEqualTo(burst.length);
        byte[] into = new byte[burst.length];
        assertThat(pending.take(into, FOREVER)).isEqualTo(burst.length);
        assertThat(into).isEqualTo(burst);

        assertThat(pending.take(into, 1_000_000)).isEqualTo(PendingOutput.IDLE);
        assertThat(pending.bufferBytes()).as("an idle terminal's queue").isZero();

        pending.put("after".getBytes(), 0, 5);
        assertThat(pending.bufferBytes()).isEqualTo(PendingOutput.INITIAL_BYTES);
        assertThat(pending.take(into, FOREVER)).isEqualTo(5);
        assertThat(new String(into, 0, 5)).isEqualTo("after");
    }

    @Test
    @Timeout(60)
    void consumersThatKeepRetiringLoseNothing() throws Exception {
        // Each consumer gives up after 50 us without output. Now and then the writer waits until the running one has
        // retired, so consumers end and new ones start all through the stream, started by the puts that find none.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicInteger starts = new AtomicInteger();
        Semaphore retired = new Semaphore(0);
        PendingOutput[] queue = new PendingOutput[1];
        CompletableFuture<Void> drained = new CompletableFuture<>();
        queue[0] = new PendingOutput(1_000, () -> {
            starts.incrementAndGet();
            Thread.ofPlatform().start(() -> {
                byte[] into = new byte[700];
                try {
                    int n = queue[0].take(into, 50_000);
                    for (; n >= 0; n = queue[0].take(into, 50_000)) {
                        synchronized (out) {
                            out.write(into, 0, n);
                            if (out.size() == STREAM_BYTES) {
                                drained.complete(null);
                            }
                        }
                    }
                    if (n == PendingOutput.IDLE) {
                        retired.release();
                    }
                } catch (InterruptedException e) {
                    drained.completeExceptionally(e);
                }
            });
        });
        byte[] stream = new byte[STREAM_BYTES];
        new Random(3).nextBytes(stream);
        Random sizes = new Random(5);
        int pauses = 0;
        for (int at = 0; at < stream.length; ) {
            int n = Math.min(stream.length - at, 1 + sizes.nextInt(3_000));
            queue[0].put(stream, at, n);
            at += n;
            if (sizes.nextInt(20) == 0) {
                retired.acquire(); // a pause in the program's output, as long as it takes the consumer to retire
                pauses++;
            }
        }
        drained.get(30, TimeUnit.SECONDS);

        assertThat(starts.get()).as("consumers started").isGreaterThan(1).isGreaterThan(pauses);
        synchronized (out) {
            assertThat(out.toByteArray()).isEqualTo(stream);
        }
    }

    private static PendingOutput withOwnConsumer(int capacityBytes) {
        return new PendingOutput(capacityBytes, () -> { });
    }
}
