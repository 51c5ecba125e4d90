package dev.ptyctl.vt.oracle;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.oracle.ScreenDiff.Difference;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The real-program recordings with the window resized at random points of their output, as a user dragging a window
 * edge does while a program writes: a resize can come between any two reads, while a line is half printed, in the
 * middle of a redraw, on either screen. {@link XtermDifferentialTest} resizes only where the recording did.
 *
 * <p>Each recording is cut into random writes, each followed by a resize to a random size (10 to 129 columns, 3 to 42
 * rows), its own resizes kept at their offsets; our emulator and xterm.js are fed the same steps and must end in the
 * same state. Every write but the first starts with an ASCII byte, so no write ends inside a character: xterm.js loses
 * a character such as a ZWJ or a zero-width space (U+2000..U+203F) when a write ends right after its 0x80 byte
 * (SKIP.md), which would make its answer depend on the cut. Replies are left to {@link XtermDifferentialTest},
 * and so are hyperlinks: xterm.js forgets a link's URI when a wider screen joins the row it starts on (SKIP.md),
 * which random resizes of gcc's diagnostics do. The seed is {@code -Dptyctl.oracle.seed}, as for the differential test.
 */
@RequiresXtermOracle
class XtermResizedRecordingsTest {
    /** Random resize patterns per recording. */
    private static final int ROUNDS = 3;

    @TestFactory
    Stream<DynamicTest> recordingsResizedAtRandomPointsShowWhatXtermShows() {
        List<CorpusCase> all = CorpusCase.loadAll();
        SkipList skips = SkipList.read(CorpusCase.directory().resolve("SKIP.md"),
            all.stream().map(CorpusCase::name).collect(Collectors.toSet()));
        XtermOracle oracle = XtermOracle.shared();
        return all.stream().filter(CorpusCase::isRecording).flatMap(c -> IntStream.range(0, ROUNDS).mapToObj(round -> {
            long seed = XtermDifferentialTest.BASE_SEED ^ c.name().hashCode() ^ (round * 0x9E3779B9L);
            return dynamicTest(c.name() + " seed=" + seed, () -> {
                String skipReason = skips.skipReason(c.name());
                Assumptions.assumeTrue(skipReason == null, () -> "SKIP.md: " + skipReason);
                List<FeedStep> steps = randomlyResized(c, new Random(seed));
                ScreenState xterm = withoutHyperlinks(oracle.feed(c.cols(), c.rows(), XtermDifferentialTest.SCROLLBACK,
                    steps));
                ScreenState ours = withoutHyperlinks(XtermDifferentialTest.feedOurs(c.cols(), c.rows(), steps));
                Set<ScreenDiff.Aspect> aspects = EnumSet.copyOf(skips.comparedAspects(c.name()));
                aspects.remove(ScreenDiff.Aspect.REPLIES);
                List<Difference> differences = ScreenDiff.differences(xterm, ours, aspects);
                if (!differences.isEmpty()) {
                    fail(ScreenDiff.report(c.name() + " [resized at random points, seed=" + seed + ", "
                        + describe(steps) + "]", differences));
                }
            });
        }));
    }

    /** The recording cut into writes at random points before an ASCII byte, a random resize after each. */
    static List<FeedStep> randomlyResized(CorpusCase c, Random random) {
        byte[] data = c.data();
        List<CorpusCase.ResizeAt> resizes = new ArrayList<>(c.resizes());
        List<byte[]> pieces = new ArrayList<>();
        int at = 0;
        while (at < data.length) {
            int end = Math.min(data.length, at + 1 + random.nextInt(Math.max(1, data.length / 6)));
            while (end < data.length && data[end] < 0) {
                end++; // the next write starts with an ASCII byte: see the class comment
            }
            pieces.add(java.util.Arrays.copyOfRange(data, at, end));
            at = end;
            if (at < data.length) {
                resizes.add(new CorpusCase.ResizeAt(at, 10 + random.nextInt(120), 3 + random.nextInt(40)));
            }
        }
        resizes.sort(java.util.Comparator.comparingInt(CorpusCase.ResizeAt::offset)); // stable: the recording's first
        return new CorpusCase(c.name(), c.family(), data, c.cols(), c.rows(), List.copyOf(resizes)).steps(pieces);
    }

    private static ScreenState withoutHyperlinks(ScreenState s) {
        List<List<CellView>> cells = s.cells().stream().map(row -> row.stream().map(cell -> new CellView(cell.chars(),
            cell.width(), cell.fgMode(), cell.fg(), cell.bgMode(), cell.bg(), cell.bold(), cell.faint(), cell.italic(),
            cell.underline(), cell.blink(), cell.inverse(), cell.invisible(), cell.strikethrough(), cell.overline(),
            cell.underlineColorMode(), cell.underlineColor(), "")).toList()).toList();
        return new ScreenState(s.cursorRow(), s.cursorCol(), s.cursorVisible(), s.altScreen(), s.title(), s.replies(),
            s.lines(), s.scrollback(), cells, s.modes());
    }

    private static String describe(List<FeedStep> steps) {
        StringBuilder sb = new StringBuilder();
        int offset = 0;
        for (FeedStep step : steps) {
            switch (step) {
                case FeedStep.Write w -> offset += w.bytes().length;
                case FeedStep.Resize r -> sb.append(sb.isEmpty() ? "" : " ").append(r.cols()).append('x')
                    .append(r.rows()).append('@').append(offset);
            }
        }
        return "resizes " + sb;
    }
}
