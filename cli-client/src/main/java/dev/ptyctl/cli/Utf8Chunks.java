package dev.ptyctl.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Turns typed bytes into text for the terminal's {@code input} frames, which carry UTF-8 text: a character whose
 * bytes arrive in two reads is held until it is whole. Bytes that are not UTF-8 at all are passed on as U+FFFD
 * rather than held forever.
 */
final class Utf8Chunks {
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    /** The text that {@code bytes} complete, possibly empty. */
    String decode(byte[] bytes) {
        pending.writeBytes(bytes);
        byte[] all = pending.toByteArray();
        int complete = completeLength(all);
        pending.reset();
        pending.write(all, complete, all.length - complete);
        return new String(all, 0, complete, StandardCharsets.UTF_8);
    }

    /** How many leading bytes form whole characters: all but an unfinished sequence at the end. */
    private static int completeLength(byte[] bytes) {
        int n = bytes.length;
        // Look back at most 3 bytes for the lead byte of a sequence that needs more than what follows it.
        for (int back = 1; back <= Math.min(3, n); back++) {
            int b = bytes[n - back] & 0xff;
            if ((b & 0xc0) == 0x80) {
                continue; // a continuation byte: keep looking for its lead
            }
            int needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
            return needed > back ? n - back : n;
        }
        return n;
    }
}
