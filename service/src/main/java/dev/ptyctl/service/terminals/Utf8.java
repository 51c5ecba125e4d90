package dev.ptyctl.service.terminals;

/** Where UTF-8 characters begin and end in a byte range, so text is never cut inside a character. */
final class Utf8 {
    private Utf8() {
    }

    static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** How many bytes the sequence led by {@code lead} has; 1 for ASCII and for bytes that cannot lead. */
    static int sequenceLength(byte lead) {
        int b = lead & 0xFF;
        if (b >= 0xF0 && b <= 0xF7) {
            return 4;
        }
        if (b >= 0xE0) {
            return b <= 0xEF ? 3 : 1;
        }
        return b >= 0xC2 ? 2 : 1;
    }

    /** How many continuation bytes open {@code bytes[from, to)}: the tail of a character cut off before it. */
    static int continuationPrefix(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to && i - from < 3 && isContinuation(bytes[i])) {
            i++;
        }
        return i - from;
    }

    /**
     * The length of the longest prefix of {@code bytes[from, to)} that does not end inside a character: only a
     * final multi-byte sequence still missing continuation bytes is left out (invalid bytes count as complete;
     * they decode to U+FFFD wherever they are cut).
     */
    static int completePrefix(byte[] bytes, int from, int to) {
        for (int i = to - 1; i >= from && i >= to - 3; i--) {
            if (!isContinuation(bytes[i])) {
                int needed = sequenceLength(bytes[i]);
                return needed > to - i ? i - from : to - from;
            }
        }
        return to - from;
    }

    /** The index just after the character that starts at {@code lead}, within the array. */
    static int endOfCharacter(byte[] bytes, int lead) {
        int end = Math.min(bytes.length, lead + sequenceLength(bytes[lead]));
        int i = lead + 1;
        while (i < end && isContinuation(bytes[i])) {
            i++;
        }
        return i;
    }
}
