package dev.ptyctl.vt.serialize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.RandomStreams;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property test of the {@code vt} format: thousands of random streams (see {@link RandomStreams}),
 * fed in random chunks with random resizes in between, on screens from 1x1 to 100x30 with and
 * without scrollback. Whatever the stream did, the emulator never throws, the cursor stays in
 * bounds, and the VT round trip is exact: same state (every cell of scrollback and screens, wrap
 * flags, cursor, modes, attributes, charsets, saved cursors, tabs, margins, titles) and the same
 * string when serialized again.
 */
class VtRoundTripPropertyTest {
    /** Streams per run; a few seconds on a 2-core machine. */
    private static final int STREAMS = Integer.getInteger("ptyctl.vt.streams", 3000);
    private static final long BASE_SEED = Long.getLong("ptyctl.vt.seed", 20_260_101L);

    @Test
    void randomStreamsRoundTripExactly() {
        int approximated = 0;
        for (int n = 0; n < STREAMS; n++) {
            long seed = BASE_SEED + n;
            Random random = new Random(seed);
            Terminal t = randomTerminal(random);
            String context = "seed " + seed + " (-Dptyctl.vt.seed=" + seed + " -Dptyctl.vt.streams=1)";
            byte[] stream = RandomStreams.stream(random, 1 + random.nextInt(160));
            int i = 0;
            while (i < stream.length) {
                int chunk = Math.min(stream.length - i, 1 + random.nextInt(48));
                t.feed(stream, i, chunk);
                i += chunk;
                if (random.nextInt(25) == 0) {
                    t.resize(1 + random.nextInt(random.nextBoolean() ? 10 : 100), 1 + random.nextInt(30));
                }
                assertThat(t.cursorRow()).as(context).isBetween(0, t.rows() - 1);
                assertThat(t.cursorCol()).as(context).isBetween(0, t.cols() + 1);
            }
            if (VtSerializer.approximations(t).isEmpty()) {
                RoundTrip.check(t, context);
            } else {
                approximated++;
                RoundTrip.checkIdempotent(t, context);
            }
        }
        // What no sequence can rebuild is listed in docs/emulator.md: mostly cells autowrap-off
        // printing leaves at a margin once a resize or a column edit moved them. The generator makes
        // these far more often than programs do (autowrap off, wide characters, zero-width
        // characters and column edits all at once), and still rarely.
        assertThat(approximated).as("streams with approximated cells").isLessThan(STREAMS / 40);
    }

    /**
     * The family of issue 21's finding: zero-width and wide characters printed at the right edge with
     * autowrap off (e.g. at 10 columns, {@code CSI ? 7 l CSI 8 G} ZWJ ZWSP U+1F408 ZWJ U+2B1B), fed in
     * random chunks. They round-trip exactly, apart from the rare states docs/emulator.md lists as
     * approximated (marks that joined a cell whose neighbours plain printing cannot make), which must
     * stay rare and still serialize to a fixed point.
     */
    @Test
    void zeroWidthAndWideCharactersAtTheEdgeRoundTrip() {
        int streams = STREAMS / 3;
        int approximated = 0;
        for (int n = 0; n < streams; n++) {
            long seed = BASE_SEED + n;
            Random random = new Random(seed);
            int cols = 3 + random.nextInt(10);
            Terminal t = new Terminal(cols, 4, random.nextInt(3));
            byte[] stream = RandomStreams.edgeZeroWidth(random, cols);
            int i = 0;
            while (i < stream.length) {
                int chunk = Math.min(stream.length - i, 1 + random.nextInt(stream.length));
                t.feed(stream, i, chunk);
                i += chunk;
            }
            String context = "edge seed " + seed + " at " + cols + " columns: "
                + new String(stream, java.nio.charset.StandardCharsets.UTF_8).replace("\u001b", "ESC");
            if (VtSerializer.approximations(t).isEmpty()) {
                RoundTrip.check(t, context);
            } else {
                approximated++;
                RoundTrip.checkIdempotent(t, context);
            }
        }
        assertThat(approximated).as("edge streams with approximated cells").isLessThan(streams / 20);
    }

    private static Terminal randomTerminal(Random random) {
        int cols = 1 + random.nextInt(random.nextBoolean() ? 10 : 100);
        int rows = 1 + random.nextInt(random.nextBoolean() ? 5 : 30);
        int scrollback = random.nextInt(4) == 0 ? 0 : random.nextInt(60);
        Terminal t = new Terminal(cols, rows, scrollback);
        t.onReply(reply -> { });
        return t;
    }
}
