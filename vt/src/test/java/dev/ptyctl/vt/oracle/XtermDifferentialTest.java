package dev.ptyctl.vt.oracle;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.oracle.ScreenDiff.Difference;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Our emulator against xterm.js, case by case over the corpus.
 *
 * <p>Every case runs at its own size (feature cases without resizes also at 80x24 and 132x50),
 * with its resizes at their offsets, fed whole, byte by byte, and split at random points
 * (seeded; the seed is in the test name and the failure). The
 * reference is always what xterm.js shows for the whole stream: a screen must not depend on how
 * reads split the output. (xterm.js is asked with the same split too, and where its own answer
 * differs the summary says so; see SKIP.md.) Recordings of real programs are also compared after
 * the first third and two thirds of their bytes, to check the screens in between.
 *
 * <p>Compared: cursor position and visibility, alternate screen, title, replies, the modes both
 * sides expose, each row's text, each scrollback row's text, and every cell's characters, width,
 * colours and attributes. A failure lists the differences, cells by (row, col), ours then xterm's.
 *
 * <p>Runs whenever the oracle is installed ({@code npm ci --prefix tools/xterm-oracle}, needs
 * node), and always under {@code CI=true}; see {@link RequiresXtermOracle}. Per-family counts are printed at the end and
 * written to {@code target/oracle-summary.txt}. {@code -Dptyctl.oracle.seed=N} changes the seed,
 * {@code -Dptyctl.oracle.cases=a,b} runs only the named cases.
 */
@RequiresXtermOracle
class XtermDifferentialTest {
    /** Scrollback both terminals keep: enough for every case, small enough to compare quickly. */
    static final int SCROLLBACK = 1000;
    /** Sizes every feature case also runs at, besides its own: the default and a large screen. */
    private static final List<int[]> FEATURE_SIZES = List.of(new int[] {80, 24}, new int[] {132, 50});
    /** Prefixes of recordings compared besides the whole stream, as fractions of its length. */
    private static final int[][] RECORDING_PREFIXES = {{1, 3}, {2, 3}};
    /** References kept: the variants of one case share them, and a 132x50 screen is large. */
    private static final int CACHED_REFERENCES = 8;

    private static final OracleSummary SUMMARY = new OracleSummary();
    static final long BASE_SEED = Long.getLong("ptyctl.oracle.seed", 20_251_130L);
    private static XtermOracle oracle;

    private final Map<String, ScreenState> references = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ScreenState> eldest) {
            return size() > CACHED_REFERENCES;
        }
    };

    /**
     * One way of running a case.
     *
     * @param cols width
     * @param rows height
     * @param length bytes of the case fed (a prefix for recordings' checkpoints)
     * @param chunking how the bytes are cut
     * @param seed for random cuts
     */
    record Variant(int cols, int rows, int length, Chunking chunking, long seed) {
        String label(CorpusCase c) {
            String prefix = length == c.data().length ? "" : " first " + length + " bytes";
            String seedText = chunking == Chunking.RANDOM ? " seed=" + seed : "";
            return cols + "x" + rows + prefix + " " + chunking.label() + seedText;
        }
    }

    @TestFactory
    Stream<DynamicContainer> everyCaseShowsWhatXtermShows() {
        List<CorpusCase> all = CorpusCase.loadAll();
        SkipList skips = SkipList.read(CorpusCase.directory().resolve("SKIP.md"),
            all.stream().map(CorpusCase::name).collect(Collectors.toSet()));
        oracle = XtermOracle.shared();
        return selected(all).stream().map(c -> dynamicContainer(c.name(),
            variants(c).stream().map(v -> variantTest(c, v, skips))));
    }

    @AfterAll
    static void publishSummary() {
        SUMMARY.publish(oracle);
    }

    private DynamicTest variantTest(CorpusCase c, Variant v, SkipList skips) {
        return dynamicTest(v.label(c), () -> {
            String skipReason = skips.skipReason(c.name());
            if (skipReason != null) {
                SUMMARY.skipped(c);
                Assumptions.abort("SKIP.md: " + skipReason);
            }
            String header = c.name() + " [" + v.label(c) + "]";
            List<Difference> differences = compare(c, v, skips, header);
            if (differences.isEmpty()) {
                SUMMARY.passed(c);
            } else {
                SUMMARY.failed(c);
                fail(ScreenDiff.report(header, differences) + rerunHint(c, v));
            }
        });
    }

    private List<Difference> compare(CorpusCase c, Variant v, SkipList skips, String header) {
        byte[] data = Arrays.copyOf(c.data(), v.length());
        List<FeedStep> steps = c.steps(v.chunking().split(data, v.seed()));
        ScreenState reference = references.computeIfAbsent(v.cols() + "x" + v.rows() + ":" + c.name() + ":" + v.length(),
            k -> oracle.feed(v.cols(), v.rows(), SCROLLBACK, c.steps(List.of(data))));
        if (v.chunking() != Chunking.WHOLE) {
            ScreenState xtermSplit = oracle.feed(v.cols(), v.rows(), SCROLLBACK, steps);
            List<Difference> own = ScreenDiff.differences(reference, xtermSplit, skips.comparedAspects(c.name()),
                new ScreenDiff.Sides("xterm split", "xterm whole"));
            if (!own.isEmpty()) {
                SUMMARY.xtermSplitDependent(header, own.get(0).message());
            }
        }
        ScreenState ours;
        try {
            ours = feedOurs(v.cols(), v.rows(), steps);
        } catch (RuntimeException e) {
            SUMMARY.failed(c);
            throw new AssertionError(header + ": our emulator threw " + e + rerunHint(c, v), e);
        }
        return ScreenDiff.differences(reference, ours, skips.comparedAspects(c.name()));
    }

    /**
     * Our emulator fed the steps, with the scrollback xterm.js is given.
     *
     * @param cols starting width
     * @param rows starting height
     * @param steps writes and resizes
     * @return its state, with every reply it sent
     */
    static ScreenState feedOurs(int cols, int rows, List<FeedStep> steps) {
        Terminal terminal = new Terminal(cols, rows, SCROLLBACK);
        ByteArrayOutputStream replies = new ByteArrayOutputStream();
        terminal.onReply(replies::writeBytes);
        for (FeedStep step : steps) {
            switch (step) {
                case FeedStep.Write w -> terminal.feed(w.bytes(), 0, w.bytes().length);
                case FeedStep.Resize r -> terminal.resize(r.cols(), r.rows());
            }
        }
        return ScreenState.fromTerminal(terminal, replies.toString(StandardCharsets.UTF_8));
    }

    private static List<Variant> variants(CorpusCase c) {
        List<int[]> sizes = new ArrayList<>();
        sizes.add(new int[] {c.cols(), c.rows()});
        if (!c.isRecording() && c.resizes().isEmpty()) {
            FEATURE_SIZES.stream().filter(s -> s[0] != c.cols() || s[1] != c.rows()).forEach(sizes::add);
        }
        long seed = BASE_SEED ^ c.name().hashCode();
        List<Variant> variants = new ArrayList<>();
        for (int[] size : sizes) {
            for (Chunking chunking : Chunking.values()) {
                variants.add(new Variant(size[0], size[1], c.data().length, chunking, seed));
            }
        }
        if (c.isRecording()) {
            for (int[] fraction : RECORDING_PREFIXES) {
                int length = (int) ((long) c.data().length * fraction[0] / fraction[1]);
                variants.add(new Variant(c.cols(), c.rows(), length, Chunking.WHOLE, seed));
            }
        }
        return variants;
    }

    private static List<CorpusCase> selected(List<CorpusCase> all) {
        String only = System.getProperty("ptyctl.oracle.cases", "").trim();
        if (only.isEmpty()) {
            return all;
        }
        Set<String> wanted = Set.of(only.split("\\s*,\\s*"));
        return all.stream().filter(c -> wanted.contains(c.name())).toList();
    }

    private static String rerunHint(CorpusCase c, Variant v) {
        return "\n  rerun: mvn -B -o -pl vt test -Dtest=XtermDifferentialTest -Dptyctl.oracle=true"
            + " -Dptyctl.oracle.cases=" + c.name() + (v.chunking() == Chunking.RANDOM ? " -Dptyctl.oracle.seed=" + BASE_SEED : "");
    }
}
