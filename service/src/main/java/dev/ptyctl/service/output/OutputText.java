package dev.ptyctl.service.output;

import java.nio.charset.StandardCharsets;

/**
 * A page of a terminal's output log as plain text ({@link PlainTextDecoder}): what an agent or a script reads to see
 * what a program printed, without escape sequences and without the screen's redraws. Pages are addressed by output
 * seq, so a reader goes on where the last page ended ({@link Page#nextSeq()}).
 */
public final class OutputText {
    private static final int CHUNK_BYTES = 16 * 1024;

    /**
     * One page.
     *
     * @param text        the text, at most the asked number of UTF-8 bytes, cut after a whole character
     * @param nextSeq     the seq to read the next page from: just after the last byte whose text is in this page
     * @param hasMore     whether output after {@code nextSeq} exists already
     * @param bytesMissed how many bytes between the asked seq and the oldest kept one were no longer kept
     */
    public record Page(String text, long nextSeq, boolean hasMore, long bytesMissed) {
    }

    private OutputText() {
    }

    /**
     * Reads the log from {@code sinceSeq} (clamped to what is kept and what exists) until its end or until the text
     * would pass {@code maxBytes} UTF-8 bytes.
     */
    public static Page read(OutputLog log, long sinceSeq, int maxBytes) {
        long first = log.firstKeptSeq();
        long seq = Math.min(Math.max(sinceSeq, first), log.nextSeq());
        long missed = Math.max(0, first - Math.max(0, sinceSeq));
        PlainTextDecoder decoder = new PlainTextDecoder();
        StringBuilder text = new StringBuilder();
        int textBytes = 0;
        // After the last byte that completed a character of the page: the next page starts there, never inside a
        // character (its bytes may be split from the print they produce) or before text already given.
        long fitSeq = seq;
        byte[] chunk = new byte[CHUNK_BYTES];
        while (true) {
            OutputLog.Read read = log.read(seq, chunk, false);
            if (read.status() == OutputLog.ReadStatus.TOO_OLD) {
                // overwritten while reading: what is gone counts as missed, go on from the oldest kept byte
                long oldest = log.firstKeptSeq();
                missed += oldest - seq;
                seq = oldest;
                fitSeq = Math.max(fitSeq, oldest);
                continue;
            }
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                return new Page(text.toString(), seq, false, missed);
            }
            // Byte by byte, so the page ends exactly where its text does and the next one starts there.
            for (int i = 0; i < read.length(); i++) {
                int before = text.length();
                decoder.decode(chunk, i, i + 1, text);
                int added = utf8Length(text, before);
                if (textBytes + added > maxBytes) {
                    text.setLength(before);
                    return new Page(text.toString(), fitSeq, true, missed);
                }
                textBytes += added;
                if (added > 0) {
                    fitSeq = seq + i + 1;
                }
            }
            seq = read.endSeq();
        }
    }

    private static int utf8Length(StringBuilder text, int from) {
        if (from == text.length()) {
            return 0;
        }
        return text.substring(from).getBytes(StandardCharsets.UTF_8).length;
    }
}
