package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The queue between a session's PTY reader and its emulator. */
class PendingOutputTest {

    @Test
    void bytesComeOutInOrderAcrossWrapsGrowthAndPiecesLargerThanTheQueue() throws Exception {
        PendingOutput pending = new PendingOutput(10_000);
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
        for (int n = pending.take(into); n >= 0; n = pending.take(into)) {
            out.write(into, 0, n);
        }
        writer.get(30, TimeUnit.SECONDS);

        assertThat(out.toByteArray()).isEqualTo(stream);
    }

    @Test
    @Timeout(30)
    void aFullQueueHoldsTheReaderUntilTheEmulatorTakes() throws Exception {
        PendingOutput pending = new PendingOutput(8);
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
        assertThat(pending.take(into)).isEqualTo(5);
        reader.join();

        assertThat(pending.size()).isEqualTo(6);
    }

    @Test
    void closingDrainsWhatIsLeftAndThenEnds() throws Exception {
        PendingOutput pending = new PendingOutput(64);
        pending.put("abc".getBytes(), 0, 3);
        pending.close();
        byte[] into = new byte[64];

        assertThat(pending.take(into)).isEqualTo(3);
        assertThat(pending.take(into)).isEqualTo(-1);
    }
}
