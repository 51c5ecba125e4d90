package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.output.PlainTextDecoder;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import java.util.List;

/**
 * The plain text of a terminal's output from a seq on, grown as output is applied, without the command lines the
 * shell's line editor echoed (the {@link InputRegion}s of its prompt marks): what "text printed after this point"
 * means for a wait. Bytes inside a region still go through the decoder (into nothing), so its state stays right.
 */
final class OutputScan {
    private final OutputLog log;
    private final PlainTextDecoder decoder = new PlainTextDecoder();
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder discarded = new StringBuilder();
    private final byte[] buffer = new byte[16 * 1024];
    private long position;

    OutputScan(OutputLog log, long fromSeq) {
        this.log = log;
        this.position = fromSeq;
    }

    /** The text so far. */
    CharSequence text() {
        return text;
    }

    /** Decodes the output from where the last call stopped up to {@code upTo}, skipping {@code regions}. */
    void advance(long upTo, List<InputRegion> regions) {
        while (position < upTo) {
            long segmentEnd = upTo;
            boolean inRegion = false;
            for (InputRegion region : regions) {
                if (region.fromSeq() <= position && position < region.toSeq()) {
                    inRegion = true;
                    segmentEnd = Math.min(upTo, region.toSeq());
                    break;
                }
                if (region.fromSeq() > position) {
                    segmentEnd = Math.min(segmentEnd, region.fromSeq());
                }
            }
            int want = (int) Math.min(buffer.length, segmentEnd - position);
            OutputLog.Read read = log.read(position, buffer, 0, want, true);
            if (read.status() == OutputLog.ReadStatus.TOO_OLD) {
                position = log.firstKeptSeq(); // overwritten before it was looked at: it cannot match any more
                continue;
            }
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                return; // the rest of a character split by the cut comes with the next output
            }
            StringBuilder into = inRegion ? discarded : text;
            decoder.decode(buffer, 0, read.length(), into);
            discarded.setLength(0);
            position = read.endSeq();
        }
    }
}
