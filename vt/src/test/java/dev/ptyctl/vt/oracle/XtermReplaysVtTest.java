package dev.ptyctl.vt.oracle;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.RandomStreams;
import dev.ptyctl.vt.oracle.ScreenDiff.Difference;
import dev.ptyctl.vt.serialize.VtSerializer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The {@code vt} format as a browser sees it: the service sends it to xterm.js as the WebSocket
 * {@code reset} frame, so xterm.js fed our serialization of a case must show what xterm.js fed the
 * case itself shows (screen, cells, scrollback, cursor, modes, title; replies are not resent).
 * One request per corpus case, at the case's own size.
 */
@RequiresXtermOracle
class XtermReplaysVtTest {
    /** Random streams replayed; each is one oracle request. */
    private static final int STREAMS = 300;

    /**
     * Our emulator after a random stream (see {@link RandomStreams}), serialized and fed to
     * xterm.js: xterm.js must end up with the state our emulator has. This checks that every
     * sequence the serializer relies on means the same to xterm.js.
     */
    @TestFactory
    Stream<DynamicTest> xtermFedOurSerializationOfRandomStreamsShowsOurState() {
        XtermOracle oracle = XtermOracle.shared();
        return java.util.stream.IntStream.range(0, STREAMS).mapToObj(n -> dynamicTest("stream " + n, () -> {
            java.util.Random random = new java.util.Random(7_000L + n);
            Terminal ours = new Terminal(2 + random.nextInt(60), 1 + random.nextInt(20), random.nextInt(30));
            ours.onReply(reply -> { });
            ours.feed(RandomStreams.stream(random, 1 + random.nextInt(120), false));
            ScreenState replayed = oracle.render(ours.cols(), ours.rows(), ours.emulator().mainScreen().scrollback()
                .limit(), List.of(VtSerializer.serializeBytes(ours)));
            Set<ScreenDiff.Aspect> aspects = EnumSet.allOf(ScreenDiff.Aspect.class);
            aspects.remove(ScreenDiff.Aspect.REPLIES);
            List<Difference> differences = ScreenDiff.differences(ScreenState.fromTerminal(ours, ""), replayed,
                aspects, new ScreenDiff.Sides("xterm fed our vt", "ours"));
            if (!differences.isEmpty()) {
                fail(ScreenDiff.report("random stream " + n + " [vt replayed in xterm.js]", differences));
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> xtermFedOurSerializationShowsWhatXtermFedTheCaseShows() {
        List<CorpusCase> all = CorpusCase.loadAll();
        SkipList skips = SkipList.read(CorpusCase.directory().resolve("SKIP.md"),
            all.stream().map(CorpusCase::name).collect(Collectors.toSet()));
        XtermOracle oracle = XtermOracle.shared();
        return all.stream().map(c -> dynamicTest(c.name(), () -> {
            String skipReason = skips.skipReason(c.name());
            Assumptions.assumeTrue(skipReason == null, () -> "SKIP.md: " + skipReason);
            List<FeedStep> steps = c.steps(List.of(c.data()));
            ScreenState reference = oracle.feed(c.cols(), c.rows(), XtermDifferentialTest.SCROLLBACK, steps);
            Terminal ours = new Terminal(c.cols(), c.rows(), XtermDifferentialTest.SCROLLBACK);
            ours.onReply(reply -> { });
            for (FeedStep step : steps) {
                switch (step) {
                    case FeedStep.Write write -> ours.feed(write.bytes());
                    case FeedStep.Resize resize -> ours.resize(resize.cols(), resize.rows());
                }
            }
            ScreenState replayed = oracle.render(ours.cols(), ours.rows(), XtermDifferentialTest.SCROLLBACK,
                List.of(VtSerializer.serializeBytes(ours)));
            Set<ScreenDiff.Aspect> aspects = EnumSet.copyOf(skips.comparedAspects(c.name()));
            aspects.remove(ScreenDiff.Aspect.REPLIES);
            List<Difference> differences = ScreenDiff.differences(reference, replayed, aspects,
                new ScreenDiff.Sides("xterm fed our vt", "xterm fed the case"));
            if (!differences.isEmpty()) {
                fail(ScreenDiff.report(c.name() + " [vt replayed in xterm.js]", differences));
            }
        }));
    }
}
