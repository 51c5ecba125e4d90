package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import com.pty4j.unix.Pty;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Reading a PTY master directly: data, the end of the terminal, and being woken. */
class MasterReaderTest {

    @Test
    void readsWhatTheSlaveWritesAndEndsWhenTheLastHolderCloses() throws Exception {
        Pty pty = new Pty(false);
        try (MasterReader reader = MasterReader.open(pty.getMasterFD())) {
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
    void wakeEndsAReadThatWouldWaitForEver() throws Exception {
        Pty pty = new Pty(false);
        FileOutputStream slave = new FileOutputStream(pty.getSlaveName()); // held open: no EIO to end the read
        try (MasterReader reader = MasterReader.open(pty.getMasterFD())) {
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
