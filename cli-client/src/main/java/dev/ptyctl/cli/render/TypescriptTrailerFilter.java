package dev.ptyctl.cli.render;

import java.nio.charset.StandardCharsets;

/**
 * Passes a typescript's content on and drops the trailer util-linux {@code script} appends:
 * {@code "\nScript done on <date> [COMMAND_EXIT_CODE=...]\n"} at the very end. The leading newline is
 * {@code script}'s own, not the program's, so it goes too (it would otherwise move the cursor down,
 * and scroll at the bottom of the screen). The same text anywhere but at the end is content.
 *
 * <p>Streaming: after each buffer, the shortest tail that could still grow into a trailer (it starts
 * at one of the last two newlines and matches the trailer so far) is held back; everything before it
 * is passed on in at most two calls. At the end a complete held trailer is dropped, anything else is
 * passed on. At most {@link #MAX_TRAILER} bytes are held, so a long last line is never buffered.
 */
public final class TypescriptTrailerFilter {
    /** A trailer line is well under 200 bytes; a longer last line is program output. */
    static final int MAX_TRAILER = 4096;
    private static final byte[] PREFIX = "\nScript done on ".getBytes(StandardCharsets.US_ASCII);

    private final ByteSink next;
    private final byte[] held = new byte[MAX_TRAILER];
    private int heldLength;

    /**
     * Creates the filter.
     *
     * @param next receives the content
     */
    public TypescriptTrailerFilter(ByteSink next) {
        this.next = next;
    }

    /**
     * Takes the next bytes of the typescript (after its header).
     *
     * @param bytes the buffer
     * @param offset first byte
     * @param length number of bytes
     */
    public void accept(byte[] bytes, int offset, int length) {
        Tail tail = new Tail(bytes, offset, length);
        int keepFrom = tail.trailerCandidateStart();
        if (keepFrom < heldLength) {
            next.accept(held, 0, keepFrom);
            // The candidate starts inside the held bytes: shift them down and append the new ones.
            int kept = heldLength - keepFrom;
            System.arraycopy(held, keepFrom, held, 0, kept);
            System.arraycopy(bytes, offset, held, kept, length);
            heldLength = kept + length;
        } else {
            if (heldLength > 0) {
                next.accept(held, 0, heldLength);
            }
            int passed = keepFrom - heldLength;
            if (passed > 0) {
                next.accept(bytes, offset, passed);
            }
            System.arraycopy(bytes, offset + passed, held, 0, length - passed);
            heldLength = length - passed;
        }
    }

    /** Ends the input: a complete trailer is dropped, anything else held is passed on. */
    public void finish() {
        if (heldLength > 0 && heldLength < PREFIX.length) {
            next.accept(held, 0, heldLength);
        }
        heldLength = 0;
    }

    /** The held bytes followed by a new buffer, read as one sequence. */
    private final class Tail {
        private final byte[] bytes;
        private final int offset;
        private final int size;

        Tail(byte[] bytes, int offset, int length) {
            this.bytes = bytes;
            this.offset = offset;
            this.size = heldLength + length;
        }

        byte at(int i) {
            return i < heldLength ? held[i] : bytes[offset + i - heldLength];
        }

        /** Index of the earliest possible trailer start among the last two newlines, or size if none. */
        int trailerCandidateStart() {
            int floor = Math.max(0, size - MAX_TRAILER);
            int last = lastNewline(size - 1, floor);
            if (last < 0) {
                return size;
            }
            int secondLast = lastNewline(last - 1, floor);
            if (secondLast >= 0 && couldBeTrailer(secondLast)) {
                return secondLast;
            }
            return couldBeTrailer(last) ? last : size;
        }

        /** Whether the bytes from start to the end are the beginning of (or a whole) trailer. */
        private boolean couldBeTrailer(int start) {
            int i = start;
            for (int p = 0; p < PREFIX.length; p++, i++) {
                if (i == size) {
                    return true;
                }
                if (at(i) != PREFIX[p]) {
                    return false;
                }
            }
            for (; i < size; i++) {
                if (at(i) == '\n' && i != size - 1) {
                    return false;
                }
            }
            return true;
        }

        private int lastNewline(int from, int floor) {
            for (int i = from; i >= floor; i--) {
                if (at(i) == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }
}
