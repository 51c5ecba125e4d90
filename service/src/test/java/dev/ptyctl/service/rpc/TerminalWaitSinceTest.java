package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.output.OutputLog;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * MCP's {@code terminal_wait} with {@code sinceSeq} ({@link TerminalWait}) over a long stream that never matches: it
 * looks after every chunk, and each look reads only the new output, as {@code pty/wait}'s {@code since} does. Here,
 * beside {@link FakeSession}, because the wait needs a session whose output the test plays.
 */
class TerminalWaitSinceTest {
    private static final long BOUND_SECONDS = 60;

    private final FakeSession session = new FakeSession(80, 24);
    private final OutputLog log = new OutputLog(64 << 20);

    /** The program prints {@code text}: into the output log first, as the server's reader does, then the screen. */
    private void print(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        log.output(bytes, 0, bytes.length, log.nextSeq() + bytes.length);
        session.emit(text);
    }

    @Test
    void aWaitOnALongStreamThatNeverMatchesCostsInProportionToTheStream() throws Exception {
        // seq's output, 8 MiB in 4 KiB chunks, a look after each (2,048 looks). Searching all the text since sinceSeq
        // again at each look read 2,048 x 4 MiB on average.
        ScreenPatterns never = new ScreenPatterns(List.of(new ScreenPatterns.Entry("NEVERCOMES", null),
                new ScreenPatterns.Entry("[#%] NEVER", Pattern.compile("[#%] NEVER", Pattern.MULTILINE))));
        CompletableFuture<Long> cpuNanos = new CompletableFuture<>();
        CompletableFuture<TerminalWait.Outcome> outcome = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try {
                outcome.complete(TerminalWait.await(session, Optional.empty(), log,
                        TerminalWait.Condition.any(never, 0), 600_000, 600_000, TerminalWait.Progress.NONE));
            } catch (Throwable e) {
                outcome.completeExceptionally(e);
            }
            cpuNanos.complete(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        });
        StringBuilder chunk = new StringBuilder();
        for (int n = 1; log.nextSeq() < 8 << 20; n++) {
            chunk.append(n).append("\r\n");
            if (chunk.length() >= 4096) {
                assertThat(session.waiterBlocked.tryAcquire(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
                print(chunk.toString());
                chunk.setLength(0);
            }
        }
        assertThat(session.waiterBlocked.tryAcquire(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        session.exit(0);
        assertThat(outcome.get(BOUND_SECONDS, TimeUnit.SECONDS).reason()).isEqualTo(TerminalWait.Reason.EXIT);
        long millis = TimeUnit.NANOSECONDS.toMillis(cpuNanos.get(BOUND_SECONDS, TimeUnit.SECONDS));
        System.out.println("TerminalWaitSinceTest: CPU of the waiting thread over 2,048 looks at 8 MiB: " + millis
                + " ms");
        assertThat(millis).as("CPU of the waiting thread over 2,048 looks at 8 MiB").isLessThan(2_000);
    }
}
