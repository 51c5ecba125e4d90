package dev.ptyctl.service.terminals;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * Writes the output a terminal still keeps as an asciicast v2 file: a JSON header line, then one JSON array per
 * event, {@code [seconds, "o", text]} for output and {@code [seconds, "r", "COLSxROWS"]} for a resize.
 *
 * <p>Times count from the arrival of the first kept byte, and the header's {@code timestamp} is that moment.
 * The header's size is the size in force at the first kept byte. Text is cut on UTF-8 boundaries only (a
 * character split between two reads goes whole into the earlier event); a kept range that starts inside a
 * character skips its tail, and a character the program has not finished writing is left out.
 */
final class AsciicastRecording {
    /** The asciicast file format's media type. */
    static final String MEDIA_TYPE = "application/x-asciicast";
    private static final int NANOS_PER_MICRO = 1000;

    /**
     * @param output    the kept output
     * @param startSeq  output offset of {@code output[0]}
     * @param timeline  arrival times and resizes
     * @param createdAt wall-clock time at {@link OutputTimeline.Snapshot#startNanos()}
     * @param title     the terminal's title, or empty
     * @param shell     the program the terminal runs
     */
    record Input(byte[] output, long startSeq, OutputTimeline.Snapshot timeline, Instant createdAt, String title,
                 String shell) {
    }

    private final Input in;
    private final StringBuilder file;
    private final List<OutputTimeline.Resize> resizes;
    private final long baseNanos;
    private int nextResize;
    private long lastMicros;

    private AsciicastRecording(Input in, long baseNanos) {
        this.in = in;
        this.file = new StringBuilder(in.output().length + 256);
        this.resizes = in.timeline().resizes();
        this.baseNanos = baseNanos;
    }

    /** The recording as the text of an asciicast v2 file. */
    static String write(Input in) {
        long from = in.startSeq() + Utf8.continuationPrefix(in.output(), 0, in.output().length);
        AsciicastRecording recording = new AsciicastRecording(in, arrival(in.timeline(), from));
        recording.writeHeader(from);
        recording.writeEvents(from);
        return recording.file.toString();
    }

    private void writeHeader(long from) {
        int[] size = in.timeline().sizeAt(from);
        while (nextResize < resizes.size() && resizes.get(nextResize).seq() <= from) {
            nextResize++; // already in force at the first byte: part of the header's size
        }
        Instant start = in.createdAt().plusNanos(baseNanos - in.timeline().startNanos());
        JsonObjectBuilder header = JsonSupport.objectBuilder()
                .add("version", 2)
                .add("width", size[0])
                .add("height", size[1])
                .add("timestamp", start.getEpochSecond());
        if (in.title() != null && !in.title().isEmpty()) {
            header.add("title", in.title());
        }
        header.add("env", JsonSupport.objectBuilder().add("TERM", "xterm-256color").add("SHELL", in.shell()));
        file.append(header.build()).append('\n');
    }

    private void writeEvents(long from) {
        long to = in.startSeq() + in.output().length;
        long seq = from;
        while (seq < to) {
            resizesUpTo(seq);
            long end = Math.min(to, nextMarkAfter(seq));
            if (nextResize < resizes.size()) {
                end = Math.min(end, resizes.get(nextResize).seq());
            }
            int a = (int) (seq - in.startSeq());
            int segmentEnd = (int) (end - in.startSeq());
            int b = a + Utf8.completePrefix(in.output(), a, segmentEnd);
            if (b < segmentEnd && end < to) {
                b = Utf8.endOfCharacter(in.output(), b); // a character straddles the cut: keep it whole
            }
            if (b > a) {
                line(arrival(in.timeline(), seq), "o", new String(in.output(), a, b - a, StandardCharsets.UTF_8));
            }
            if (b < segmentEnd) {
                break; // only the start of the last character has arrived so far
            }
            seq = in.startSeq() + b;
        }
        resizesUpTo(Long.MAX_VALUE);
    }

    private void resizesUpTo(long seq) {
        while (nextResize < resizes.size() && resizes.get(nextResize).seq() <= seq) {
            OutputTimeline.Resize resize = resizes.get(nextResize++);
            line(resize.nanos(), "r", resize.cols() + "x" + resize.rows());
        }
    }

    /** Appends one event line; times never go backwards. */
    private void line(long nanos, String code, String data) {
        long micros = Math.max(lastMicros, Math.max(0, (nanos - baseNanos) / NANOS_PER_MICRO));
        lastMicros = micros;
        file.append(JsonSupport.arrayBuilder().add(BigDecimal.valueOf(micros, 6)).add(code).add(data).build())
                .append('\n');
    }

    private long nextMarkAfter(long seq) {
        List<OutputTimeline.Mark> marks = in.timeline().marks();
        int next = lastMarkAtOrBefore(marks, seq) + 1;
        return next < marks.size() ? marks.get(next).seq() : Long.MAX_VALUE;
    }

    /** When the byte at {@code seq} arrived: the time of the last mark at or before it (the first mark if none). */
    private static long arrival(OutputTimeline.Snapshot timeline, long seq) {
        List<OutputTimeline.Mark> marks = timeline.marks();
        if (marks.isEmpty()) {
            return timeline.startNanos();
        }
        return marks.get(Math.max(0, lastMarkAtOrBefore(marks, seq))).nanos();
    }

    /** Binary search over the marks, which are in output order: the index of the last with seq ≤ {@code seq}, or -1. */
    private static int lastMarkAtOrBefore(List<OutputTimeline.Mark> marks, long seq) {
        int low = 0;
        int high = marks.size() - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (marks.get(mid).seq() <= seq) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }
}
