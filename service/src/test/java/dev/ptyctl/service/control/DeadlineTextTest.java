package dev.ptyctl.service.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DeadlineTextTest {
    private static long inMillis(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Test
    void findsWhatAMatcherFinds() {
        assertThat(DeadlineText.find(Pattern.compile("build \\d+ ok"), "log\nbuild 42 ok\n", inMillis(1_000)))
                .isTrue();
        assertThat(DeadlineText.find(Pattern.compile("build \\d+ ok"), "log\nbuild failed\n", inMillis(1_000)))
                .isFalse();
    }

    @Test
    void aCatastrophicPatternIsCutOffAtTheDeadline() {
        // (.*a){20}b backtracks through every way to split 64 a's into 20 parts: ages without the deadline.
        assertThat(DeadlineText.find(Pattern.compile("(.*a){20}b"), "a".repeat(64), inMillis(50))).isFalse();
    }

    /** What {@code search} throws when run on a thread with a stack of 256 KiB, whatever -Xss the tests run with. */
    private static Throwable thrownOnASmallStack(Runnable search) throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread thread = Thread.ofPlatform().name("small-stack").stackSize(256 * 1024).unstarted(() -> {
            try {
                search.run();
            } catch (Throwable t) {
                thrown[0] = t;
            }
        });
        thread.start();
        thread.join();
        return thrown[0];
    }

    @Test
    void aPatternTooDeepForTheTextIsAnErrorThatSaysHowToWriteIt() throws InterruptedException {
        // One line of output 10,000 characters long: (a|b)* recurses once per character and overflows the stack (a
        // stack of 256 KiB here, so that it overflows whatever stack size the JVM's threads get by default).
        assertThat(thrownOnASmallStack(() -> DeadlineText.find(Pattern.compile("(a|b)*c"), "ab".repeat(5_000),
                inMillis(1_000))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the regular expression (a|b)*c is too deep for 10000 characters of text (Java's engine "
                        + "recurses once per repetition of a group such as (a|b)*); use a character class ([ab]*) or "
                        + "a possessive repetition ((?:a|b)*+)");
        // The possessive form it suggests searches the same text without overflowing, on the same small stack.
        assertThat(thrownOnASmallStack(() -> assertThat(DeadlineText.find(Pattern.compile("(?:a|b)*+c"),
                "ab".repeat(5_000), inMillis(1_000))).isFalse())).isNull();
    }
}
