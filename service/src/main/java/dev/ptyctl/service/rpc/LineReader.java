package dev.ptyctl.service.rpc;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a byte stream into {@code \n}-terminated lines (a {@code \r} before the {@code \n} is dropped), working on
 * raw bytes so that invalid UTF-8 reaches the envelope check instead of being replaced silently.
 *
 * <p>A line longer than the limit is reported as {@link TooLong} and skipped up to its newline without being kept:
 * memory per connection stays at most the limit, whatever the client sends. The line buffer starts small and grows
 * only as far as the longest line seen. Text after the last newline at end of stream counts as a line.
 */
final class LineReader {
    /** Socket reads of this size take a typical request in one call. */
    private static final int READ_CHUNK_BYTES = 8 * 1024;
    private static final int INITIAL_LINE_BYTES = 1024;

    /** What {@link #next()} found. */
    sealed interface Result permits Line, TooLong, EndOfStream {
    }

    /** A complete line; {@code bytes} is valid until the next call. */
    record Line(byte[] bytes, int length) implements Result {
    }

    /** A line longer than the limit, already skipped. */
    record TooLong(long length) implements Result {
    }

    /** The stream ended. */
    record EndOfStream() implements Result {
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] chunk = new byte[READ_CHUNK_BYTES];
    private int chunkPos;
    private int chunkEnd;
    private byte[] line = new byte[INITIAL_LINE_BYTES];
    private int lineLength;

    LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, an over-long line that was skipped, or the end of the stream. */
    Result next() throws IOException {
        lineLength = 0;
        long discarded = 0;
        while (true) {
            if (chunkPos == chunkEnd && !fill()) {
                if (discarded > 0) {
                    return new TooLong(discarded);
                }
                return lineLength > 0 ? finish() : new EndOfStream();
            }
            int newline = indexOfNewline();
            int end = newline >= 0 ? newline : chunkEnd;
            int take = end - chunkPos;
            if (discarded > 0 || lineLength + (long) take > maxLineBytes) {
                discarded += lineLength + (long) take;
                lineLength = 0;
            } else {
                append(take);
            }
            chunkPos = newline >= 0 ? newline + 1 : chunkEnd;
            if (newline >= 0) {
                return discarded > 0 ? new TooLong(discarded) : finish();
            }
        }
    }

    /** How many bytes the line buffer holds now (never more than the limit). */
    int lineBufferCapacity() {
        return line.length;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(chunk, 0, chunk.length);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        chunkPos = 0;
        chunkEnd = n;
        return true;
    }

    private int indexOfNewline() {
        for (int i = chunkPos; i < chunkEnd; i++) {
            if (chunk[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void append(int count) {
        if (lineLength + count > line.length) {
            int capacity = (int) Math.min(maxLineBytes, Math.max((long) line.length * 2, lineLength + count));
            line = Arrays.copyOf(line, capacity);
        }
        System.arraycopy(chunk, chunkPos, line, lineLength, count);
        lineLength += count;
    }

    private Line finish() {
        int length = lineLength;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new Line(line, length);
    }
}
