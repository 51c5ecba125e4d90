package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The asciicast v2 writer, fed with a hand-made timeline so times and cuts are exact. */
class AsciicastRecordingTest {
    private static final long START = 1_000_000_000L;
    private static final Instant CREATED = Instant.parse("2026-01-02T03:04:05Z");

    private static OutputTimeline.Snapshot timeline(List<OutputTimeline.Mark> marks,
                                                    List<OutputTimeline.Resize> resizes) {
        return new OutputTimeline.Snapshot(START, 80, 24, marks, resizes);
    }

    private static OutputTimeline.Mark mark(long seq, long millisAfterStart) {
        return new OutputTimeline.Mark(seq, START + millisAfterStart * 1_000_000);
    }

    private static List<JsonArray> events(String cast) {
        List<JsonArray> events = new ArrayList<>();
        String[] lines = cast.split("\n");
        for (int i = 1; i < lines.length; i++) {
            events.add(JsonSupport.parseValue(lines[i]).asJsonArray());
        }
        return events;
    }

    private static JsonObject header(String cast) {
        return JsonSupport.parseObject(cast.substring(0, cast.indexOf('\n')));
    }

    private static String write(byte[] output, long startSeq, OutputTimeline.Snapshot timeline) {
        return AsciicastRecording.write(new AsciicastRecording.Input(output, startSeq, timeline, CREATED, "vim",
                "/bin/bash"));
    }

    @Test
    void eachMarkBecomesAnOutputEventWithItsTime() {
        byte[] out = "hello world".getBytes(StandardCharsets.UTF_8);
        String cast = write(out, 0, timeline(List.of(mark(0, 100), mark(6, 350)), List.of()));

        JsonObject header = header(cast);
        assertThat(header.getInt("version")).isEqualTo(2);
        assertThat(header.getInt("width")).isEqualTo(80);
        assertThat(header.getInt("height")).isEqualTo(24);
        assertThat(header.getString("title")).isEqualTo("vim");
        assertThat(header.getJsonObject("env").getString("TERM")).isEqualTo("xterm-256color");
        assertThat(header.getJsonNumber("timestamp").longValue()).isEqualTo(CREATED.getEpochSecond());
        assertThat(events(cast)).extracting(e -> e.toString()).containsExactly(
                "[0.000000,\"o\",\"hello \"]", "[0.250000,\"o\",\"world\"]");
    }

    @Test
    void aCharacterSplitBetweenTwoReadsStaysWhole() {
        byte[] out = "aé".getBytes(StandardCharsets.UTF_8); // a, C3, A9: the mark falls inside é
        String cast = write(out, 0, timeline(List.of(mark(0, 0), mark(2, 10)), List.of()));
        assertThat(events(cast)).extracting(e -> e.getString(2)).containsExactly("aé");
    }

    @Test
    void aKeptRangeStartingInsideACharacterSkipsItsTail() {
        byte[] full = "é-ok".getBytes(StandardCharsets.UTF_8);
        byte[] kept = java.util.Arrays.copyOfRange(full, 1, full.length); // starts with A9
        String cast = write(kept, 1, timeline(List.of(mark(0, 0)), List.of()));
        assertThat(events(cast)).extracting(e -> e.getString(2)).containsExactly("-ok");
    }

    @Test
    void anUnfinishedLastCharacterIsLeftOut() {
        byte[] out = {'o', 'k', (byte) 0xE2, (byte) 0x94};
        String cast = write(out, 0, timeline(List.of(mark(0, 0)), List.of()));
        assertThat(events(cast)).extracting(e -> e.getString(2)).containsExactly("ok");
    }

    @Test
    void resizesAreEventsAtTheirPlaceInTheOutput() {
        byte[] out = "abcdef".getBytes(StandardCharsets.UTF_8);
        String cast = write(out, 0, timeline(List.of(mark(0, 0)),
                List.of(new OutputTimeline.Resize(3, START + 500_000_000L, 120, 40))));
        assertThat(events(cast)).extracting(e -> e.toString()).containsExactly(
                "[0.000000,\"o\",\"abc\"]", "[0.500000,\"r\",\"120x40\"]", "[0.500000,\"o\",\"def\"]");
    }

    @Test
    void theHeaderHasTheSizeInForceAtTheFirstKeptByte() {
        byte[] kept = "later".getBytes(StandardCharsets.UTF_8);
        String cast = write(kept, 1000, timeline(List.of(mark(900, 5_000)),
                List.of(new OutputTimeline.Resize(10, START + 1_000_000L, 132, 50))));
        JsonObject header = header(cast);
        assertThat(header.getInt("width")).isEqualTo(132);
        assertThat(header.getInt("height")).isEqualTo(50);
        assertThat(header.getJsonNumber("timestamp").longValue()).isEqualTo(CREATED.getEpochSecond() + 5);
        assertThat(events(cast)).extracting(e -> e.toString()).containsExactly("[0.000000,\"o\",\"later\"]");
    }

    @Test
    void timesNeverGoBackwards() {
        byte[] out = "xy".getBytes(StandardCharsets.UTF_8);
        String cast = write(out, 0, timeline(List.of(mark(0, 100), mark(1, 100)),
                List.of(new OutputTimeline.Resize(1, START, 90, 20))));
        List<JsonArray> events = events(cast);
        for (int i = 1; i < events.size(); i++) {
            assertThat(events.get(i).getJsonNumber(0).bigDecimalValue())
                    .isGreaterThanOrEqualTo(events.get(i - 1).getJsonNumber(0).bigDecimalValue());
        }
    }

    @Test
    void noOutputGivesAHeaderAlone() {
        String cast = write(new byte[0], 0, timeline(List.of(), List.of()));
        assertThat(cast.lines()).hasSize(1);
    }
}
