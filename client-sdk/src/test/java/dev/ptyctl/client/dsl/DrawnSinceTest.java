package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.TerminalSize;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Anchored marks ({@link DrawnSince} in a {@link LiveScreen}): only cells the program wrote after the mark match.
 * The screen is fed here as the attachment feeds it, with the output offset after each chunk; no server.
 */
class DrawnSinceTest {
    private final LiveScreen screen = new LiveScreen(new TerminalSize(30, 4));
    private long seq;

    private void output(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        seq += bytes.length;
        screen.onOutput(bytes, seq, false);
    }

    private Mark mark() throws InterruptedException {
        return screen.mark(seq, Duration.ZERO).orElseThrow();
    }

    /** What was drawn since the mark, cells from before it shown as '·', checked once (no waiting). */
    private String drawnSince(Mark mark) throws InterruptedException {
        return screen.awaitSince(mark, cells -> Optional.of(cells.text()), Duration.ZERO).result().orElseThrow()
                .replace(Cells.STALE, '\u00b7');
    }

    private boolean shows(Mark mark, String text) throws InterruptedException {
        return screen.awaitSince(mark, cells -> cells.text().contains(text) ? Optional.of(true) : Optional.empty(),
                Duration.ZERO).result().isPresent();
    }

    @Test
    void textOnTheScreenBeforeTheMarkDoesNotMatchButTheSameTextDrawnAfterDoes() throws Exception {
        output("$ send\r\nSent\r\n$ ");
        Mark mark = mark();
        assertThat(shows(mark, "Sent")).isFalse();
        assertThat(drawnSince(mark)).isEmpty();
        output("send\r\n");
        assertThat(shows(mark, "Sent")).isFalse();
        assertThat(drawnSince(mark)).isEqualTo("\n\n··send\n");
        output("Sent\r\n$ ");
        assertThat(shows(mark, "Sent")).isTrue();
        assertThat(screen.cells().text()).as("the screen itself is untouched").isEqualTo("Sent\n$ send\nSent\n$\n");
    }

    @Test
    void aRedrawOfTheSameTextCountsAsDrawn() throws Exception {
        output("Status: Saved");
        Mark mark = mark();
        assertThat(shows(mark, "Saved")).isFalse();
        output(ESC + "[1;9HSaved"); // the program writes the same word again, over itself
        assertThat(shows(mark, "Saved")).isTrue();
        assertThat(drawnSince(mark)).isEqualTo("········Saved\n");
    }

    @Test
    void linesThatOnlyScrolledStayStale() throws Exception {
        output("old 1\r\nold 2\r\nold 3\r\nold 4");
        Mark mark = mark();
        output("\r\nnew 5\r\n");
        assertThat(screen.cells().text()).isEqualTo("old 3\nold 4\nnew 5\n");
        assertThat(drawnSince(mark)).isEqualTo("\n\nnew 5\n");
        assertThat(shows(mark, "old")).isFalse();
    }

    @Test
    void erasedCellsAreNoLongerStale() throws Exception {
        output("Loading...");
        Mark mark = mark();
        output("\r" + ESC + "[KDone");
        assertThat(drawnSince(mark)).isEqualTo("Done\n");
    }

    @Test
    void eachMarkSeesWhatCameAfterItself() throws Exception {
        output("$ ");
        Mark first = mark();
        output("one\r\n");
        Mark second = mark();
        output("two\r\n");
        assertThat(shows(first, "one")).isTrue();
        assertThat(shows(second, "one")).isFalse();
        assertThat(shows(second, "two")).isTrue();
        assertThat(first.seq()).isEqualTo(2);
        assertThat(second.seq()).isEqualTo(7);
    }

    @Test
    void aMarkWaitsForTheOutputBeforeItAndOldMarksAreDropped() throws Exception {
        output("abc");
        assertThat(screen.mark(seq + 1, Duration.ZERO)).as("output up to the offset has not arrived").isEmpty();
        Mark oldest = mark();
        for (int i = 0; i < LiveScreen.MAX_LIVE_MARKS; i++) {
            output("x"); // marks at one offset are one mark
            mark();
        }
        assertThatThrownBy(() -> drawnSince(oldest)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not one of this terminal's last 8 marks");
    }

    @Test
    void aWaitIsWokenByTheOutputThatSatisfiesIt() throws Exception {
        output("$ ");
        Mark mark = mark();
        Thread program = Thread.ofPlatform().start(() -> {
            output("working\r\n");
            output("Sent\r\n");
        });
        // The deadline only bounds a broken test: the wait returns as soon as "Sent" arrives.
        LiveScreen.Outcome<Boolean> outcome = screen.awaitSince(mark,
                cells -> cells.text().contains("Sent") ? Optional.of(true) : Optional.empty(), Duration.ofSeconds(60));
        program.join();
        assertThat(outcome.result()).contains(true);
    }
}
