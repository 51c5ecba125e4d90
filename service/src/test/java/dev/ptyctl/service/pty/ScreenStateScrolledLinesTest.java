package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * How many lines scrolled since an output offset a client reports ({@link ScreenState#linesScrolledSince}): what a
 * reconnecting {@code ptyctl attach} is sent of the scrollback. Never fewer than the client missed, but after a reflow
 * (only what scrolled since it: the lines before cannot be matched with what the client shows); more only where the
 * count cannot be known (part of a chunk seen, more changes than kept), and then all that is kept.
 */
class ScreenStateScrolledLinesTest {
    private static final long ALL = Long.MAX_VALUE;

    private final ScreenState screen = new ScreenState(20, 5, 100, false);

    private long feed(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        screen.feed(bytes, 0, bytes.length);
        return screen.progress().outputSeq();
    }

    private static String lines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append(i).append("\r\n");
        }
        return text.toString();
    }

    @Test
    void theLinesScrolledAfterAnOffsetAreCountedChunkByChunk() {
        long start = feed(lines(1, 4)); // fills the 5 rows: nothing scrolled yet
        long afterTen = feed(lines(5, 10));
        long quiet = feed("no newline");
        feed("\r\n" + lines(11, 12));

        assertThat(screen.linesScrolledSince(start)).isEqualTo(9);
        assertThat(screen.linesScrolledSince(afterTen)).isEqualTo(3);
        assertThat(screen.linesScrolledSince(quiet)).as("the same count: nothing scrolled between").isEqualTo(3);
        assertThat(screen.linesScrolledSince(screen.progress().outputSeq())).isZero();
        assertThat(screen.linesScrolledSince(0)).isEqualTo(9);
    }

    @Test
    void aChunkSeenInPartCountsAsNotSeen() {
        long start = feed(lines(1, 4));
        feed(lines(5, 10));
        assertThat(screen.linesScrolledSince(start + 2)).as("lines sent again rather than lost").isEqualTo(6);
    }

    @Test
    void aTallerOrShorterScreenCountsRowsTakenBackOrPushedUp() {
        feed(lines(1, 10));
        long seen = screen.progress().outputSeq();
        screen.resize(20, 3);
        assertThat(screen.linesScrolledSince(seen)).as("two rows went up into the scrollback").isEqualTo(2);
        screen.resize(20, 8);
        assertThat(screen.linesScrolledSince(seen)).as("more came back down than went up").isZero();
    }

    @Test
    void anOffsetBeyondTheOutputIsNotKnown() {
        feed(lines(1, 10));
        long seen = screen.progress().outputSeq();
        assertThat(screen.linesScrolledSince(seen + 1)).as("a client of another run").isEqualTo(ALL);
    }

    @Test
    void aClientFromBeforeAReflowGetsOnlyTheLinesScrolledSinceTheReflow() {
        feed(lines(1, 10));
        long seen = screen.progress().outputSeq();
        feed(lines(11, 12)); // scrolled before the reflow: cannot be matched with what the client shows
        screen.resize(30, 5);
        assertThat(screen.linesScrolledSince(seen)).as("not the whole scrollback again: nothing since the reflow")
                .isZero();
        long after = feed(lines(13, 14));
        feed(lines(15, 15));
        assertThat(screen.linesScrolledSince(seen)).isEqualTo(3);
        assertThat(screen.linesScrolledSince(after)).as("known again after the reflow").isEqualTo(1);
    }

    @Test
    void moreLinesSinceAReflowThanTheScrollbackKeepsAreAllItKeeps() {
        ScreenState small = new ScreenState(20, 5, 3, false);
        byte[] line = "x\r\n".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 10; i++) {
            small.feed(line, 0, line.length);
        }
        long seen = small.progress().outputSeq();
        small.resize(30, 5);
        for (int i = 0; i < 4; i++) {
            small.feed(line, 0, line.length);
        }
        assertThat(small.linesScrolledSince(seen)).isEqualTo(ALL);
    }

    @Test
    void aClientOlderThanTheChangesKeptGetsAllThatIsKept() {
        ScreenState small = new ScreenState(20, 5, 3, false);
        byte[] line = "x\r\n".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 10; i++) {
            small.feed(line, 0, line.length);
        }
        assertThat(small.linesScrolledSince(0)).isEqualTo(ALL);
        assertThat(small.linesScrolledSince(small.progress().outputSeq() - 3)).isEqualTo(1);
    }
}
