package dev.ptyctl.service.output;

import dev.ptyctl.vt.PlainTextDecoder;

/**
 * A page of a terminal's output log as plain text ({@link PlainTextDecoder}): what an agent or a script reads to see
 * what a program printed, without escape sequences and without the screen's redraws. A line redrawn after a carriage
 * return (a progress bar, {@code \rBuilding 42%}) reads as its last drawing, as a terminal would leave it, not as
 * every drawing run together: a build that redraws its bar 500 times is one line, and {@code maxBytes} counts that
 * line. Pages are addressed by output seq, so a reader goes on where the last page ended ({@link Page#nextSeq()}).
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
        PlainTextDecoder decoder = new PlainTextDecoder(PlainTextDecoder.CarriageReturns.KEEP);
        Lines text = new Lines();
        StringBuilder decoded = new StringBuilder();
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
                decoded.setLength(0);
                decoder.decode(chunk, i, i + 1, decoded);
                switch (text.add(decoded, maxBytes)) {
                    case TOO_LONG -> {
                        return new Page(text.toString(), fitSeq, true, missed);
                    }
                    case TEXT -> fitSeq = seq + i + 1;
                    case NOTHING_YET -> {
                        // a CR (or an escape sequence's byte): the page ends before it unless text follows
                    }
                }
            }
            seq = read.endSeq();
        }
    }

    /**
     * The page's text as it grows, with its size in UTF-8 bytes. A CR is held until what follows it: a newline ends the
     * line as usual ({@code \r\n}), anything else replaces the line from its start.
     */
    private static final class Lines {
        /** What {@link #add} did. */
        enum Added { TEXT, NOTHING_YET, TOO_LONG }

        private final StringBuilder text = new StringBuilder();
        private int bytes;
        /** Where the current line starts in {@link #text}, and its size in UTF-8 bytes. */
        private int lineStart;
        private int lineBytes;
        private boolean carriageReturned;

        /**
         * Adds {@code piece}, unless the text would then pass {@code maxBytes}: it is then left as it was. A CR alone
         * changes nothing yet.
         */
        Added add(CharSequence piece, int maxBytes) {
            int length = text.length();
            int savedBytes = bytes;
            int savedLineStart = lineStart;
            int savedLineBytes = lineBytes;
            boolean savedCarriageReturned = carriageReturned;
            String replacedLine = null; // the line as it was, once a CR's text replaces it
            boolean changed = false;
            for (int i = 0; i < piece.length(); i++) {
                char c = piece.charAt(i);
                if (c == '\r') {
                    carriageReturned = true;
                    continue;
                }
                if (carriageReturned && c != '\n') {
                    if (replacedLine == null) {
                        replacedLine = text.substring(savedLineStart, length);
                    }
                    bytes -= lineBytes;
                    lineBytes = 0;
                    text.setLength(lineStart);
                }
                carriageReturned = false;
                text.append(c);
                int added = utf8Length(piece, i);
                bytes += added;
                lineBytes += added;
                if (c == '\n') {
                    lineStart = text.length();
                    lineBytes = 0;
                }
                changed = true;
            }
            if (bytes <= maxBytes) {
                return changed ? Added.TEXT : Added.NOTHING_YET;
            }
            if (replacedLine != null) {
                text.setLength(savedLineStart);
                text.append(replacedLine);
            } else {
                text.setLength(length);
            }
            bytes = savedBytes;
            lineStart = savedLineStart;
            lineBytes = savedLineBytes;
            carriageReturned = savedCarriageReturned;
            return Added.TOO_LONG;
        }

        /** The UTF-8 size of the char at {@code i}: a surrogate pair's four bytes are counted on its first half. */
        private static int utf8Length(CharSequence s, int i) {
            char c = s.charAt(i);
            if (Character.isLowSurrogate(c)) {
                return 0;
            }
            return c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isHighSurrogate(c) ? 4 : 3;
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
