package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ReadinessWatcherTest {
    /** The few libc calls the test needs for descriptors to watch. */
    interface C extends Library {
        C LIBC = Native.load("c", C.class);

        int pipe(int[] fds);

        long write(int fd, byte[] bytes, long count);

        int close(int fd);
    }

    /**
     * Under a task limit a parked terminal's next reader cannot start (OutOfMemoryError from Thread.start, on the
     * watcher's thread): the other terminals' output and every program's exit still come through the watcher.
     */
    @Test
    void anActionThatCannotStartItsThreadLeavesTheWatcherWatchingTheOthers() throws Exception {
        int[] failing = readablePipe();
        int[] healthy = new int[2];
        assertThat(C.LIBC.pipe(healthy)).isZero();
        try {
            CompletableFuture<Void> failed = new CompletableFuture<>();
            ReadinessWatcher.shared().watch(new int[] {failing[0]}, () -> {
                failed.complete(null);
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                        + " limits reached");
            }, () -> { });
            failed.get(10, TimeUnit.SECONDS);

            CompletableFuture<Void> ready = new CompletableFuture<>();
            ReadinessWatcher.shared().watch(new int[] {healthy[0]}, () -> ready.complete(null), () -> { });
            assertThat(C.LIBC.write(healthy[1], new byte[] {'x'}, 1)).isEqualTo(1);
            ready.get(10, TimeUnit.SECONDS);
        } finally {
            for (int fd : new int[] {failing[0], failing[1], healthy[0], healthy[1]}) {
                C.LIBC.close(fd);
            }
        }
    }

    private static int[] readablePipe() {
        int[] fds = new int[2];
        assertThat(C.LIBC.pipe(fds)).isZero();
        assertThat(C.LIBC.write(fds[1], new byte[] {'x'}, 1)).isEqualTo(1);
        return fds;
    }
}
