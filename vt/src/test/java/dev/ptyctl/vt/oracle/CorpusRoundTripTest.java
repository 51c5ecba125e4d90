package dev.ptyctl.vt.oracle;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.RoundTrip;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The VT round trip on every corpus case (needs no node): each case fed whole, with its resizes, at
 * its own size and, for feature cases without resizes, also at 80x24 and 41x13; the serialization
 * must rebuild exactly the same state and serialize to the same string again.
 */
class CorpusRoundTripTest {
    /** A second size for feature cases, so their round trip is also checked on another geometry. */
    private static final int[][] EXTRA_SIZES = {{80, 24}, {41, 13}};

    @TestFactory
    Stream<DynamicTest> everyCaseRoundTripsThroughTheVtFormat() {
        List<DynamicTest> tests = new ArrayList<>();
        for (CorpusCase c : CorpusCase.loadAll()) {
            List<int[]> sizes = new ArrayList<>(List.of(new int[] {c.cols(), c.rows()}));
            if (!c.isRecording() && c.resizes().isEmpty()) {
                for (int[] size : EXTRA_SIZES) {
                    if (size[0] != c.cols() || size[1] != c.rows()) {
                        sizes.add(size);
                    }
                }
            }
            for (int[] size : sizes) {
                tests.add(dynamicTest(c.name() + " " + size[0] + "x" + size[1], () -> {
                    Terminal t = new Terminal(size[0], size[1], XtermDifferentialTest.SCROLLBACK);
                    t.onReply(reply -> { });
                    for (FeedStep step : c.steps(List.of(c.data()))) {
                        switch (step) {
                            case FeedStep.Write write -> t.feed(write.bytes());
                            case FeedStep.Resize resize -> t.resize(resize.cols(), resize.rows());
                        }
                    }
                    RoundTrip.check(t, c.name());
                }));
            }
        }
        return tests.stream();
    }
}
