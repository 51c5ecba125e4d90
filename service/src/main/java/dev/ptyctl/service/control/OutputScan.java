package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import dev.ptyctl.vt.PlainTextDecoder;
import java.util.Arrays;
import java.util.List;

/**
 * The plain text of a terminal's output from a seq on, grown as output is applied, without the command lines the
 * shell's line editor echoed (the {@link InputRegion}s of its prompt marks): what "text printed after this point"
 * means for a wait. A lone CR is a line break ({@link PlainTextDecoder.CarriageReturns#LINE_BREAK}): each drawing of a
 * line redrawn after one (a progress bar, a spinner before a question) is a line of its own, so {@code ^} and
 * {@code $} match at its ends and no text runs into the drawing before it. Bytes inside a region still go through the
 * decoder (into nothing), so its state stays right.
 *
 * <p>A start seq may fall inside an escape sequence or a UTF-8 character (a write's {@code outputSeq} taken while the
 * program prints: the PTY's reads end anywhere). Decoded from there, {@code ESC [ 3 1 m} would read {@code 31m} and
 * half a character a replacement mark. So the scan decodes some bytes before its start too, into nothing, and its
 * text begins at the first boundary between sequences and characters at or after its start: a sequence or character
 * that began before the start belongs to what came before. It decodes from the last ESC, CAN or SUB within
 * {@link #LOOK_BACK} bytes before the start (each ends whatever came before it, so the parser's state after it is
 * exact), or, with none there, from 4 bytes before the start (enough to decode a character that straddles it). A scan
 * with a look-behind decodes all of those bytes, for the text it keeps.
 *
 * <p>A scan that falls behind (a flood overwrote bytes before it read them) goes on from what the log keeps, whose
 * first byte may be anywhere in a sequence or character too, with nothing before it left to decode. It goes on with a
 * fresh decoder, after what is provably the rest of a string sequence or of a character ({@link #resyncSeq}): before,
 * half a character came out as a replacement mark and a title's end as text. It skips nothing else: plain text at
 * the head of what is kept is what a wait that fell behind is still looking for.
 */
final class OutputScan {
    /**
     * How far before its start a scan looks for where to begin decoding. A sequence that began further back and is
     * still open at the start (an OSC or DCS string over 16 KiB with no ESC, as an image or a clipboard copy sends) is
     * read as text; anything shorter is decoded exactly.
     */
    static final int LOOK_BACK = 16 * 1024;
    /** How much of {@link #LOOK_BACK} {@link #decodeStart} reads at a time, back from the start. */
    private static final int SEARCH_BLOCK = 1024;

    private final OutputLog log;
    private PlainTextDecoder decoder = new PlainTextDecoder(PlainTextDecoder.CarriageReturns.LINE_BREAK);
    /** Until the scan has reached the first boundary at or after {@link #fromSeq}: bytes are decoded into nothing. */
    private boolean aligning = true;
    /**
     * The earliest seq the text may go on at: {@link #fromSeq} at first; after a fall behind, the point from which the
     * kept bytes decode exactly ({@link #resyncSeq}).
     */
    private long alignTo;
    /** After a fall behind: bytes are decoded into nothing until the first boundary at or after {@link #alignTo}. */
    private boolean resyncing;
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder discarded = new StringBuilder();
    /** How many characters before the start the text begins with, at most ({@link #lookBehindEnd}). */
    private final int lookBehind;
    /** While aligning: the text before the start, of which the last {@link #lookBehind} characters are kept. */
    private final StringBuilder lookBehindText;
    /** How many characters at the head of {@link #text} were printed before the start. */
    private int lookBehindEnd;
    private final byte[] buffer = new byte[16 * 1024];
    /** With {@link #tracksOffsets}, for each character of {@link #text}: the seq just after the byte that ended it. */
    private long[] endSeqs;
    /** The seq just after the byte that ended the last character {@link #forget} dropped; at first, the start. */
    private long fromSeq;
    /**
     * The seq just after the CR whose line break the decoder owes (it comes out with the next character): where the
     * break ends, so a wait that goes on after a match ending with it starts before that character, not after it.
     */
    private long breakSeq;
    private long position;

    /**
     * @param tracksOffsets whether {@link #seqAfter} is wanted: the bytes are then decoded one at a time, so each
     *                      character's last byte is known (a wait that goes on from where a match ended needs it)
     */
    OutputScan(OutputLog log, long fromSeq, boolean tracksOffsets) {
        this(log, fromSeq, tracksOffsets, 0);
    }

    /**
     * A scan whose text begins with up to {@code lookBehind} characters printed before {@code fromSeq}, there only for
     * what a search that starts after them looks back at ({@code ^}, {@code \b}, a lookbehind), as it would in the
     * whole stream: for a wait that goes on from where an earlier one left off ({@link #lookBehindEnd}).
     */
    OutputScan(OutputLog log, long fromSeq, boolean tracksOffsets, int lookBehind) {
        this.log = log;
        this.fromSeq = fromSeq;
        this.alignTo = fromSeq;
        // Decoding begins before the start (below the log's first byte: there, where nothing is left to align to).
        long windowStart = Math.min(fromSeq, Math.max(log.firstKeptSeq(), fromSeq - LOOK_BACK));
        this.position = lookBehind > 0 ? windowStart : decodeStart(log, windowStart, fromSeq);
        this.endSeqs = tracksOffsets ? new long[256] : null;
        this.lookBehind = lookBehind;
        this.lookBehindText = lookBehind > 0 ? new StringBuilder() : discarded;
    }

    /**
     * The output offset just after the byte that ended character {@code end - 1} of {@link #text}: where a scan that
     * is to see only what follows the first {@code end} characters starts (a character boundary, outside any escape
     * sequence). Needs {@code tracksOffsets}; {@code end} 0 gives the offset the scan started from.
     */
    long seqAfter(int end) {
        return end == 0 ? fromSeq : endSeqs[end - 1];
    }

    /** The text so far (less what {@link #forget} dropped). */
    CharSequence text() {
        return text;
    }

    /**
     * Drops the first {@code count} characters of {@link #text}, which the caller will not look at again: a wait on a
     * long stream keeps only the end that a match may still begin in, not every byte since its offset. Indexes into
     * the text, {@link #seqAfter}'s too, then count from what is left.
     */
    void forget(int count) {
        if (count <= 0) {
            return;
        }
        if (endSeqs != null) {
            fromSeq = endSeqs[count - 1];
            System.arraycopy(endSeqs, count, endSeqs, 0, text.length() - count);
        }
        text.delete(0, count);
        lookBehindEnd = Math.max(0, lookBehindEnd - count);
    }

    /** Decodes the output from where the last call stopped up to {@code upTo}, skipping {@code regions}. */
    void advance(long upTo, List<InputRegion> regions) {
        if (aligning && !align(upTo)) {
            return;
        }
        while (position < upTo) {
            if (resyncing) {
                if (!decodeToBoundary(upTo, discarded)) {
                    return;
                }
                resyncing = false;
                continue;
            }
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
                fallBehind(); // overwritten before it was looked at: it cannot match any more
                continue;
            }
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                return; // the rest of a character split by the cut comes with the next output
            }
            StringBuilder into = inRegion ? discarded : text;
            if (endSeqs == null || inRegion) {
                decoder.decode(buffer, 0, read.length(), into);
                if (decoder.owesLineBreak()) {
                    breakSeq = read.endSeq(); // a break owed within the echo: nothing of the text lies before it
                }
            } else {
                decodeTracked(read.length());
            }
            discarded.setLength(0);
            position = read.endSeq();
        }
    }

    /**
     * Decodes into nothing the bytes before {@link #fromSeq}, and after it up to the first boundary between sequences
     * and characters, which becomes the start of the text; whether that boundary was reached before {@code upTo}.
     */
    private boolean align(long upTo) {
        if (!decodeToBoundary(upTo, lookBehindText)) {
            return false;
        }
        aligning = false;
        fromSeq = position;
        if (decoder.dropOwedLineBreak() && lookBehind > 0) {
            lookBehindText.append('\n'); // the CR was before the start: its line break too
        }
        if (lookBehind > 0) {
            int from = Math.max(0, lookBehindText.length() - lookBehind);
            if (from > 0 && Character.isLowSurrogate(lookBehindText.charAt(from))) {
                from++; // never half a character
            }
            text.append(lookBehindText, from, lookBehindText.length());
            lookBehindEnd = text.length();
            if (endSeqs != null) {
                fitEndSeqs();
                Arrays.fill(endSeqs, 0, lookBehindEnd, fromSeq);
            }
        }
        lookBehindText.setLength(0);
        return true;
    }

    /**
     * Decodes {@code into} (text that is not the scan's) up to the first boundary between sequences and characters at
     * or after {@link #alignTo}, keeping at most the last {@link #lookBehind} characters of it; whether that boundary
     * was reached before {@code upTo}.
     */
    private boolean decodeToBoundary(long upTo, StringBuilder into) {
        while (position < upTo) {
            if (position >= alignTo && decoder.isBetweenSequences()) {
                break;
            }
            // Past alignTo too: the log ends a read only where a character ends, and one may straddle it.
            OutputLog.Read read = log.read(position, buffer, 0, (int) Math.min(buffer.length, upTo - position), true);
            if (read.status() == OutputLog.ReadStatus.TOO_OLD) {
                fallBehind(); // overwritten before it was read: decode afresh from what is kept
                continue;
            }
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                return false;
            }
            int used = (int) Math.clamp(alignTo - position, 0, read.length());
            decoder.decode(buffer, 0, used, into);
            // Past alignTo, a byte at a time: the first boundary is where the text goes on.
            while (used < read.length() && !decoder.isBetweenSequences()) {
                decoder.decode(buffer, used, used + 1, into);
                used++;
            }
            if (into.length() > 2 * lookBehind) {
                into.delete(0, into.length() - lookBehind);
            }
            position += used;
        }
        return position >= alignTo && decoder.isBetweenSequences();
    }

    /**
     * Goes on from the first byte the log keeps, with nothing before it to decode: from a fresh decoder, and with the
     * text going on at the first boundary at or after {@link #resyncSeq}.
     */
    private void fallBehind() {
        decoder = new PlainTextDecoder(PlainTextDecoder.CarriageReturns.LINE_BREAK);
        position = log.firstKeptSeq();
        alignTo = Math.max(alignTo, resyncSeq(log, position));
        resyncing = true;
    }

    /**
     * The first point at or after {@code firstKept} (a log's first byte, with nothing before it) from which the kept
     * bytes are text a wait may match: only what is provably not text is skipped, as plain text there (a build log's
     * last lines before a coloured prompt) is what a wait that fell behind is still looking for. That is the rest of a
     * string sequence (a title, a hyperlink) when the first ESC, CAN or SUB within {@link #LOOK_BACK} bytes is an ST
     * ({@code ESC \}), which ends nothing but a string; else the rest of a UTF-8 character the cut split (its
     * continuation bytes). The rest of a cut CSI ({@code 1m} of {@code ESC [ 3 1 m}) cannot be told from text
     * ({@code 2 files}), so it is read as text.
     */
    static long resyncSeq(OutputLog log, long firstKept) {
        byte[] block = new byte[SEARCH_BLOCK + 3]; // the log ends a read only where a character ends: room past it
        long end = Math.min(log.nextSeq(), firstKept + LOOK_BACK);
        long lead = -1;
        boolean escBefore = false; // the last byte of the block before was an ESC
        for (long at = firstKept; at < end; ) {
            OutputLog.Read read = log.read(at, block, 0, (int) Math.min(block.length, end - at), true);
            if (read.status() != OutputLog.ReadStatus.BYTES) {
                break; // overwritten again meanwhile, or the end: the scan resyncs again if it falls behind again
            }
            for (int i = 0; i < read.length(); i++) {
                if (escBefore) {
                    return block[i] == '\\' ? at + i - 1 : lead;
                }
                if (lead < 0 && ((block[i] & 0xC0) != 0x80 || at + i - firstKept >= 3)) {
                    lead = at + i;
                }
                if (block[i] == 0x18 || block[i] == 0x1a) {
                    return lead; // cancels a sequence, but may as well be in text: nothing proven
                }
                escBefore = block[i] == 0x1b;
            }
            at = read.endSeq();
        }
        return lead < 0 ? firstKept : lead;
    }

    /**
     * Where a scan without a look-behind begins decoding: the last ESC, CAN or SUB in {@code [windowStart, fromSeq)},
     * else 4 bytes before {@code fromSeq}: a pexpect loop starts a wait per answer, and decoding the whole window for
     * each (16 KiB) was the most of a wait start's work; this reads back to the last escape and decodes from there, a
     * few bytes over coloured output. Measured (5,000 starts 64 bytes before the end of 1 MiB of coloured lines, load
     * 15–23): the whole window 250–470 µs per start in the first 15,000; this 130–200 µs in the first 15,000, then
     * 15–55 µs, as a start with nothing before it (9–50 µs).
     */
    private static long decodeStart(OutputLog log, long windowStart, long fromSeq) {
        // Back from the start a block at a time: over coloured output the first block has an ESC.
        byte[] block = new byte[SEARCH_BLOCK + 3]; // the log ends a read only where a character ends: room past it
        for (long blockEnd = fromSeq; blockEnd > windowStart; ) {
            long blockStart = Math.max(windowStart, blockEnd - SEARCH_BLOCK);
            int length = (int) (blockEnd - blockStart);
            int filled = 0;
            while (filled < length) {
                OutputLog.Read read = log.read(blockStart + filled, block, filled, block.length - filled, true);
                if (read.status() != OutputLog.ReadStatus.BYTES) {
                    return windowStart; // overwritten meanwhile: align() starts again from what is kept
                }
                filled += read.length();
            }
            for (int i = length - 1; i >= 0; i--) {
                if (block[i] == 0x1b || block[i] == 0x18 || block[i] == 0x1a) {
                    return blockStart + i;
                }
            }
            blockEnd = blockStart;
        }
        return Math.max(windowStart, fromSeq - 4);
    }

    /**
     * How many characters at the head of {@link #text} were printed before the scan's start: there for what a search
     * looks back at, not to be matched. 0 without a look-behind, or once {@link #forget} has dropped them.
     */
    int lookBehindEnd() {
        return lookBehindEnd;
    }

    private void decodeTracked(int length) {
        int i = 0;
        while (i < length) {
            int plain = decoder.isAtCharacterBoundary() ? plainRunEnd(i, length) : i;
            if (plain > i) {
                // Each byte of the run is a character of itself (a CR of a CRLF none), so where each ends is known
                // without feeding the decoder a byte at a time, which cost more than the rest of a look over a long
                // stream.
                int before = text.length();
                decoder.decode(buffer, i, plain, text);
                fitEndSeqs();
                int at = before;
                for (int k = i; k < plain; k++) {
                    if (buffer[k] != '\r') {
                        endSeqs[at++] = position + k + 1;
                    }
                }
                i = plain;
            } else {
                int before = text.length();
                boolean owed = decoder.owesLineBreak();
                decoder.decode(buffer, i, i + 1, text);
                fitEndSeqs();
                Arrays.fill(endSeqs, before, text.length(), position + i + 1);
                if (owed && buffer[i] != '\n' && text.length() > before) {
                    endSeqs[before] = breakSeq; // the break a CR owed, out before this byte's character
                } else if (!owed && decoder.owesLineBreak()) {
                    breakSeq = position + i + 1; // this byte was the CR
                }
                i++;
            }
        }
    }

    /**
     * The end of the run of printable ASCII, TAB, LF and CRLF bytes from {@code from}: a terminal's lines end in CRLF,
     * whose two bytes are one newline. A lone CR ends a run: its line break comes out with the character after it, one
     * character more than the bytes.
     */
    private int plainRunEnd(int from, int to) {
        int i = from;
        while (i < to) {
            byte b = buffer[i];
            if (b >= 0x20 && b < 0x7f || b == '\n' || b == '\t') {
                i++;
            } else if (b == '\r' && i + 1 < to && buffer[i + 1] == '\n') {
                i += 2;
            } else {
                break;
            }
        }
        return i;
    }

    private void fitEndSeqs() {
        if (text.length() > endSeqs.length) {
            endSeqs = Arrays.copyOf(endSeqs, Math.max(text.length(), endSeqs.length * 2));
        }
    }
}
