package dev.ptyctl.client.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;

/**
 * Splits a byte channel into {@code \n}-terminated UTF-8 lines (a {@code \r} before the {@code \n}
 * is dropped). Used by one thread only.
 */
final class LineReader {
    /** Large enough for a full screen with scrollback; a bound so a stray binary peer cannot exhaust memory. */
    static final int MAX_LINE_BYTES = 64 * 1024 * 1024;

    private final ReadableByteChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024).flip();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineReader(ReadableByteChannel channel) {
        this.channel = channel;
    }

    /**
     * The next line without its ending, or {@code null} at end of stream (a partial last line is
     * dropped: the peer closed mid-message).
     *
     * @throws IOException when reading fails or a line exceeds {@link #MAX_LINE_BYTES}
     */
    String readLine() throws IOException {
        while (true) {
            int start = buffer.position();
            for (int i = start; i < buffer.limit(); i++) {
                if (buffer.get(i) == '\n') {
                    line.write(buffer.array(), start, i - start);
                    buffer.position(i + 1);
                    return takeLine();
                }
            }
            line.write(buffer.array(), start, buffer.limit() - start);
            if (line.size() > MAX_LINE_BYTES) {
                throw new IOException("reply line longer than " + MAX_LINE_BYTES + " bytes");
            }
            buffer.clear();
            int n = channel.read(buffer);
            buffer.flip();
            if (n < 0) {
                return null;
            }
        }
    }

    private String takeLine() {
        byte[] bytes = line.toByteArray();
        line.reset();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
