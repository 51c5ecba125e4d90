package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The timeline's marks and resizes, and the bounds on its memory. */
class OutputTimelineTest {

    @Test
    void theFirstChunkIsMarkedAtItsStart() {
        OutputTimeline timeline = new OutputTimeline(80, 24, System.nanoTime());
        timeline.output(new byte[10], 0, 10, 10);
        OutputTimeline.Snapshot snapshot = timeline.snapshot();
        assertThat(snapshot.marks()).hasSize(1);
        assertThat(snapshot.marks().getFirst().seq()).isZero();
    }

    @Test
    void resizesRecordTheOffsetTheyHappenedAt() {
        OutputTimeline timeline = new OutputTimeline(80, 24, System.nanoTime());
        timeline.output(new byte[5], 0, 5, 5);
        timeline.resized(100, 30);
        OutputTimeline.Snapshot snapshot = timeline.snapshot();
        assertThat(snapshot.resizes()).singleElement().satisfies(r -> {
            assertThat(r.seq()).isEqualTo(5);
            assertThat(r.cols()).isEqualTo(100);
            assertThat(r.rows()).isEqualTo(30);
        });
        assertThat(snapshot.sizeAt(4)).containsExactly(80, 24);
        assertThat(snapshot.sizeAt(5)).containsExactly(100, 30);
    }

    @Test
    void theOldestResizesAreDroppedButTheirSizeIsKept() {
        OutputTimeline timeline = new OutputTimeline(80, 24, System.nanoTime());
        for (int i = 1; i <= OutputTimeline.MAX_RESIZES + 5; i++) {
            timeline.resized(i, i);
        }
        OutputTimeline.Snapshot snapshot = timeline.snapshot();
        assertThat(snapshot.resizes()).hasSize(OutputTimeline.MAX_RESIZES);
        assertThat(snapshot.initialCols()).isEqualTo(5);
        assertThat(snapshot.resizes().getFirst().cols()).isEqualTo(6);
    }

    @Test
    void chunksWithinAMillisecondShareAMark() {
        long[] now = {0};
        OutputTimeline timeline = new OutputTimeline(80, 24, 0, () -> now[0]);
        timeline.output(new byte[3], 0, 3, 3);
        now[0] += OutputTimeline.COALESCE_NANOS - 1;
        timeline.output(new byte[3], 0, 3, 6);
        now[0] += OutputTimeline.COALESCE_NANOS;
        timeline.output(new byte[3], 0, 3, 9);
        assertThat(timeline.snapshot().marks()).extracting(OutputTimeline.Mark::seq).containsExactly(0L, 6L);
    }

    @Test
    void marksAreBoundedAndTheNewestAreKept() {
        long[] now = {0};
        OutputTimeline timeline = new OutputTimeline(80, 24, 0, () -> now[0]);
        int chunks = OutputTimeline.MAX_MARKS * 3;
        for (int i = 0; i < chunks; i++) {
            now[0] += OutputTimeline.COALESCE_NANOS;
            timeline.output(new byte[1], 0, 1, i + 1);
        }
        OutputTimeline.Snapshot snapshot = timeline.snapshot();
        assertThat(snapshot.marks()).hasSize(OutputTimeline.MAX_MARKS);
        assertThat(snapshot.marks().getFirst().seq()).isEqualTo(chunks - OutputTimeline.MAX_MARKS);
        assertThat(snapshot.marks().getLast().seq()).isEqualTo(chunks - 1);
        for (int i = 1; i < snapshot.marks().size(); i++) {
            assertThat(snapshot.marks().get(i).seq()).isEqualTo(snapshot.marks().get(i - 1).seq() + 1);
        }
    }
}
