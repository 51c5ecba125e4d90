package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pty4j.unix.Pty;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Reading and writing a PTY master directly: data both ways, the end of the terminal, being woken, closing. */
class PtyMasterTest {

    @Test
    void readsWhatTheSlaveWritesAndEndsWhenTheLastHolderCloses() throws Exception {
        Pty pty = new Pty(false);
        try (PtyMaster reader = PtyMaster.open(pty.getMasterFD())) {
            assertThat(reader).as("poll/read bound to the C library on Linux").isNotNull();
            FileOutputStream slave = new FileOutputStream(pty.getSlaveName());
            slave.write("hello\n".getBytes(StandardCharsets.US_ASCII));
            byte[] buffer = new byte[64];

            int n = reader.read(buffer);

            // onlcr: the terminal turns LF into CR LF on the way out.
            assertThat(new String(buffer, 0, n, StandardCharsets.US_ASCII)).isEqualTo("hello\r\n");
            slave.close();
            assertThat(reader.read(buffer)).isEqualTo(-1);
        } finally {
            pty.close();
        }
    }

    @Test
    void aReadTakesEverythingQueuedUpToItsBufferNotJustOneLineDisciplineChunk() throws Exception {
        Pty pty = new Pty(false);
        try (PtyMaster reader = PtyMaster.open(pty.getMasterFD());
             FileOutputStream slave = new FileOutputStream(pty.getSlaveName())) {
            // More than one of the line discipline's 4095-byte chunks, and few enough that the PTY's own buffer (8 KiB,
            // counted in 1792-byte pieces) takes all of them even before any reach the line discipline: a write that
            // needs more room sleeps until the master side reads, which here comes only after it. No LF, which onlcr
            // would change.
            byte[] written = new byte[7_000];
            for (int i = 0; i < written.length; i++) {
                written[i] = (byte) ('a' + i % 26);
            }
            byte[] buffer = new byte[16 * 1024];

            // The line discipline hands out at most 4095 bytes per read(2), and a kernel worker moves the rest on from
            // the PTY's buffer while the reader reads: a read goes on while there is more and stops at the first EAGAIN,
            // so no output waits. That worker runs when the scheduler lets it (under CI's load one read found 6,143 of
            // the 7,000 bytes), so: every byte comes, in order, each round; and within a few rounds one read takes all
            // 7,000, which a read that stopped after one read(2) never does.
            int largest = 0;
            for (int round = 0; round < 20 && largest < written.length; round++) {
                writeWithin(slave, written); // returns once the terminal holds all of it
                ByteArrayOutputStream received = new ByteArrayOutputStream();
                while (received.size() < written.length) {
                    int n = reader.read(buffer);
                    assertThat(n).as("bytes of a read in round %d", round).isPositive();
                    largest = Math.max(largest, n);
                    received.write(buffer, 0, n);
                }
                assertThat(received.toByteArray()).isEqualTo(written);
            }
            assertThat(largest).as("the most one read took, over up to 20 rounds").isEqualTo(written.length);
            byte[] small = new byte[100];
            writeWithin(slave, written);
            assertThat(reader.read(small)).as("never more than the buffer").isEqualTo(small.length);
            assertThat(small).isEqualTo(Arrays.copyOf(written, small.length));
        } finally {
            pty.close();
        }
    }

    /**
     * Writes on a daemon thread and fails after 10 s instead of hanging the build, should a kernel hold less than
     * the bytes (a blocked write to a terminal cannot be interrupted).
     */
    private static void writeWithin(FileOutputStream slave, byte[] bytes) throws Exception {
        CompletableFuture.runAsync(() -> {
            try {
                slave.write(bytes);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }).get(10, TimeUnit.SECONDS);
    }

    @Test
    void writesReachTheProgramsSideAndStopOnceTheOwnerCloses() throws Exception {
        Pty pty = new Pty(false);
        try (PtyMaster master = PtyMaster.open(pty.getMasterFD());
             FileInputStream slave = new FileInputStream(pty.getSlaveName())) {
            master.write("typed\n".getBytes(StandardCharsets.US_ASCII));
            byte[] buffer = new byte[64];

            int n = slave.read(buffer); // canonical mode: the line arrives once its newline has

            assertThat(new String(buffer, 0, n, StandardCharsets.US_ASCII)).isEqualTo("typed\n");
            master.stopWrites();
            assertThatThrownBy(() -> master.write(new byte[] {'x'})).isInstanceOf(IOException.class)
                    .hasMessageContaining("closed");
        } finally {
            pty.close();
        }
    }

    @Test
    void wakeEndsAWriteThatWaitsForAProgramThatDoesNotRead() throws Exception {
        Pty pty = new Pty(false);
        FileInputStream slave = new FileInputStream(pty.getSlaveName()); // open, never read
        // Non-canonical: a canonical line discipline with no newline pending lets input through and discards it (so
        // the line can still be erased), and then a write never waits, however much nobody reads.
        Process stty = new ProcessBuilder("stty", "-F", pty.getSlaveName(), "raw", "-echo").inheritIO().start();
        assertThat(stty.waitFor()).as("stty raw on the program's side").isZero();
        try (PtyMaster master = PtyMaster.open(pty.getMasterFD())) {
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> {
                try {
                    master.write(new byte[1024 * 1024]); // far more than the terminal's input buffer holds
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });

            master.wake();

            assertThatThrownBy(() -> write.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IOException.class)
                    .hasMessageContaining("closed");
        } finally {
            slave.close();
            pty.close();
        }
    }

    @Test
    void wakeEndsAReadThatWouldWaitForEver() throws Exception {
        Pty pty = new Pty(false);
        FileOutputStream slave = new FileOutputStream(pty.getSlaveName()); // held open: no EIO to end the read
        try (PtyMaster reader = PtyMaster.open(pty.getMasterFD())) {
            CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.read(new byte[64]);
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            });

            reader.wake();

            assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo(-1);
        } finally {
            slave.close();
            pty.close();
        }
    }
}
