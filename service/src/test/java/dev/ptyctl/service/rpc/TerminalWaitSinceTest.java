package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.output.OutputLog;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
        AtomicLong searched = new AtomicLong();
        TerminalWait.Progress progress = new TerminalWait.Progress() {
            @Override
            public void waiting(long elapsedMs, long limitMs) {
            }

            @Override
            public void searched(long chars) {
                searched.set(chars);
            }
        };
        CompletableFuture<TerminalWait.Outcome> outcome = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try {
                outcome.complete(TerminalWait.await(session, Optional.empty(), log,
                        TerminalWait.Condition.any(never, 0), 600_000, 600_000, progress));
            } catch (Throwable e) {
                outcome.completeExceptionally(e);
            }
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
        // Counted, not timed: each look searches its new text and the end of the old that a match may span (16 KiB
        // for an expression), about 20,000 characters, 42 million over the 2,048 looks; all the text again at each
        // look was about 7,000 million.
        assertThat(searched.get()).as("characters searched over 2,048 looks at 8 MiB").isPositive()
                .isLessThan(8L * (8 << 20));
    }
}
