package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * How many lines scrolled since an output offset a client reports ({@link ScreenState#linesScrolledSince}): what a
 * reconnecting {@code ptyctl attach} is sent of the scrollback. Never fewer than the client missed, also across a reflow
 * (counted at the new width); more only where the count cannot be known (part of a chunk or of a wrapped line seen,
 * more changes than kept), and then all that is kept.
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

    /** Lines {@code line-NNN-abcdefg}, 16 characters each. */
    private static String longLines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append(String.format("line-%03d-abcdefg", i)).append("\r\n");
        }
        return text.toString();
    }

    /** The newest {@code count} rows of the scrollback, oldest first, without trailing spaces. */
    private java.util.List<String> newestScrollbackRows(int count) {
        return screen.snapshot((terminal, progress) -> {
            java.util.List<String> rows = new java.util.ArrayList<>();
            for (int i = terminal.scrollbackSize() - count; i < terminal.scrollbackSize(); i++) {
                rows.add(terminal.scrollbackRowText(i).stripTrailing());
            }
            return rows;
        });
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
    void aClientFromBeforeAWiderReflowGetsTheLinesScrolledBeforeAndAfterIt() throws Exception {
        feed(lines(1, 10));
        long seen = screen.progress().outputSeq();
        feed(lines(11, 12)); // scrolled at the old width, before the reflow
        screen.resize(30, 5);
        assertThat(screen.linesScrolledSince(seen)).as("the two lines that scrolled before the reflow").isEqualTo(2);
        long after = feed(lines(13, 14));
        feed(lines(15, 15));
        assertThat(screen.linesScrolledSince(seen)).isEqualTo(5);
        assertThat(screen.linesScrolledSince(after)).isEqualTo(1);
        assertThat(newestScrollbackRows(5)).containsExactly("7", "8", "9", "10", "11");
    }

    /**
     * Narrower: every line of 16 characters takes two rows of 10. A client that saw lines 1 to 6 scroll has the rows
     * since line 7 to get, at the new width: lines 7 and 8 scrolled before the reflow, 9 and 10 went up with it (the
     * screen's rows are twice as many).
     */
    @Test
    void aClientFromBeforeANarrowerReflowGetsTheLinesScrolledSinceItsOffsetCutAtTheNewWidth() throws Exception {
        feed(longLines(1, 10));
        long seen = screen.progress().outputSeq();
        feed(longLines(11, 12));
        screen.resize(10, 5);
        long rows = screen.linesScrolledSince(seen);
        assertThat(newestScrollbackRows((int) rows)).as("lines 7 to 10, two rows each").containsExactly(
                "line-007-a", "bcdefg", "line-008-a", "bcdefg", "line-009-a", "bcdefg", "line-010-a", "bcdefg");
    }

    /** A client whose offset fell inside a wrapped line: the line comes whole (its start again, rather than its end lost). */
    @Test
    void anOffsetInsideAWrappedLineSendsTheWholeLine() throws Exception {
        feed(longLines(1, 10));
        screen.resize(10, 5); // lines of two rows
        feed("x\r\n"); // line 9's first row scrolls; its second is the screen's top row
        long seen = screen.progress().outputSeq();
        feed(lines(1, 5)); // line 9's second row scrolls too, and line 10
        screen.resize(20, 5);
        long rows = screen.linesScrolledSince(seen);
        assertThat(newestScrollbackRows((int) rows)).containsExactly("line-009-abcdefg", "line-010-abcdefg", "x", "1");
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
