package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.dsl.LiveScreen.Outcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@link LiveScreen}, the driver's copy of the screen, apart from its marks ({@link DrawnSinceTest}). */
class LiveScreenTest {
    private final LiveScreen screen = new LiveScreen(new TerminalSize(30, 4));

    @Test
    void aStepsPictureIsDrawnOncePerChangeOfTheScreen() {
        screen.onOutput("$ ".getBytes(StandardCharsets.UTF_8), 2, false);
        String prompt = screen.svg();

        assertThat(screen.svg()).as("no output since: the same picture, not drawn again").isSameAs(prompt);

        screen.onOutput("ls".getBytes(StandardCharsets.UTF_8), 4, false);
        String typed = screen.svg();
        assertThat(typed).contains("$ ls").isNotEqualTo(prompt);
        screen.onSize(new TerminalSize(20, 4));
        assertThat(screen.svg()).as("a resize is a change").contains("width=\"180\"").isNotSameAs(typed);
    }

    @Test
    void looksWithNoOutputBetweenShareOneCopyOfTheCells() {
        screen.onOutput("$ ".getBytes(StandardCharsets.UTF_8), 2, false);
        Cells prompt = screen.cells();

        assertThat(screen.cells()).as("no output since: the same copy, not made again").isSameAs(prompt);

        screen.onOutput("ls".getBytes(StandardCharsets.UTF_8), 4, false);
        Cells typed = screen.cells();
        assertThat(typed.toScreen().text()).contains("$ ls");
        assertThat(prompt.toScreen().text()).as("a copy is not changed by later output").doesNotContain("ls");
        screen.onSize(new TerminalSize(20, 4));
        assertThat(screen.cells().toScreen().size()).as("a resize is a change").isEqualTo(new TerminalSize(20, 4));
    }

    @Test
    void aLocatorIncludingTheScrollbackCountsALineOnceWhileOutputScrollsIt() throws Exception {
        ScreenSource source = sourceOf(screen);
        Locator mark = Locator.text(source, "mark").includingScrollback();
        Thread output = scrollMarkOffAgainAndAgain();
        Set<Integer> counts = new TreeSet<>();
        while (output.isAlive()) {
            counts.add(mark.count());
        }
        output.join();
        assertThat(counts).as("on the screen or above it, never both").isSubsetOf(0, 1);
    }

    @Test
    void aFailedLocatorAssertionListsWhatItsLastLookFoundNotWhatScrolledOffSince() {
        feed("mark\r\na\r\nb\r\n");   // on the top row of 4; one more line scrolls it off
        ScreenSource live = sourceOf(screen);
        ScreenSource outputAfterTheLook = new ScreenSource() {
            @Override
            public <T> Outcome<T> await(Function<Cells, Optional<T>> condition, Duration timeout) {
                Outcome<T> outcome = live.await(condition, timeout);
                feed("c\r\n");   // arrives as the wait ends: "mark" scrolls off into the scrollback
                return outcome;
            }

            @Override
            public Cells cells() {
                return live.cells();
            }

            @Override
            public Duration defaultTimeout() {
                return Duration.ZERO;
            }

            @Override
            public TerminalAssertionError failure(String expectation) {
                return live.failure(expectation);
            }

            @Override
            public SnapshotOwner snapshotOwner() {
                return live.snapshotOwner();
            }

            @Override
            public List<ScrollbackLine> scrollback() {
                return live.scrollback();
            }
        };
        assertThatThrownBy(() -> TerminalAssertions.assertThat(Locator.text(outputAfterTheLook, "mark")
                .includingScrollback()).isHidden())
                .hasMessageStartingWith("expected text \"mark\" including the scrollback not to be visible within 0 ms;"
                        + " found 1: \"mark\" at row 1, column 1");
    }

    private void feed(String output) {
        byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
        screen.onOutput(bytes, screen.seq() + bytes.length, false);
    }

    /** A locator's view of {@code screen} as a driver's is, without a server: reads and waits on the copy itself. */
    private static ScreenSource sourceOf(LiveScreen screen) {
        return new ScreenSource() {
            @Override
            public <T> Outcome<T> await(Function<Cells, Optional<T>> condition, Duration timeout) {
                try {
                    return screen.await(condition, timeout);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public Cells cells() {
                return screen.cells();
            }

            @Override
            public <T> T read(Function<Cells, T> read) {
                return screen.read(read);
            }

            @Override
            public Duration defaultTimeout() {
                return Duration.ZERO;
            }

            @Override
            public TerminalAssertionError failure(String expectation) {
                return new TerminalAssertionError(expectation, screen.cells().toScreen());
            }

            @Override
            public SnapshotOwner snapshotOwner() {
                throw new UnsupportedOperationException();
            }

            @Override
            public List<ScrollbackLine> scrollback() {
                return screen.scrollbackLines();
            }
        };
    }

    /** A thread that clears the screen and the scrollback, prints "mark" and scrolls it off, 3,000 times. */
    private Thread scrollMarkOffAgainAndAgain() {
        return Thread.ofPlatform().start(() -> {
            long seq = 0;
            for (int cycle = 0; cycle < 3_000; cycle++) {
                // "mark" alone on a cleared screen and scrollback, then scrolled off by three lines, a chunk each
                for (String chunk : List.of("\u001b[H\u001b[2J\u001b[3Jmark\r\n", "a\r\n", "b\r\n", "c\r\n")) {
                    byte[] bytes = chunk.getBytes(StandardCharsets.UTF_8);
                    screen.onOutput(bytes, seq += bytes.length, false);
                }
            }
        });
    }
}
