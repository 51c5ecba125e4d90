package dev.ptyctl.protocol.ws;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Protocol 2's binary output frame (SPEC §5.6): one kind byte ({@link #KIND_OUTPUT} or {@link #KIND_RESET}), the
 * seq as a big-endian 64-bit integer (the output offset just after the data, as in a JSON output frame), then the
 * output bytes exactly as the program wrote them.
 *
 * @param reset whether the data is a reset reconstruction rather than output
 * @param seq   the output offset just after the data (for a reset: the offset the reconstruction stands for)
 * @param data  the bytes
 */
public record BinaryOutputFrame(boolean reset, long seq, byte[] data) {
    /** Kind byte of ordinary output. */
    public static final byte KIND_OUTPUT = 1;
    /** Kind byte of a reset reconstruction. */
    public static final byte KIND_RESET = 2;
    /** Bytes before the data: kind and seq. */
    public static final int HEADER_BYTES = 1 + Long.BYTES;

    /** Writes the header for {@code seq} into the first {@link #HEADER_BYTES} of {@code frame}. */
    public static void writeHeader(byte[] frame, boolean reset, long seq) {
        frame[0] = reset ? KIND_RESET : KIND_OUTPUT;
        for (int i = 0; i < Long.BYTES; i++) {
            frame[1 + i] = (byte) (seq >>> (8 * (Long.BYTES - 1 - i)));
        }
    }

    /** The frame's bytes. */
    public byte[] encode() {
        byte[] frame = new byte[HEADER_BYTES + data.length];
        writeHeader(frame, reset, seq);
        System.arraycopy(data, 0, frame, HEADER_BYTES, data.length);
        return frame;
    }

    /**
     * Reads a frame.
     *
     * @throws IllegalArgumentException when it is shorter than the header or has an unknown kind
     */
    public static BinaryOutputFrame decode(ByteBuffer frame) {
        if (frame.remaining() < HEADER_BYTES) {
            throw new IllegalArgumentException("binary frame of " + frame.remaining() + " bytes has no header");
        }
        byte kind = frame.get();
        if (kind != KIND_OUTPUT && kind != KIND_RESET) {
            throw new IllegalArgumentException("unknown binary frame kind " + kind);
        }
        long seq = frame.getLong();
        byte[] data = new byte[frame.remaining()];
        frame.get(data);
        return new BinaryOutputFrame(kind == KIND_RESET, seq, data);
    }

    /** Reads a frame from a byte array. */
    public static BinaryOutputFrame decode(byte[] frame) {
        return decode(ByteBuffer.wrap(frame));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BinaryOutputFrame that && reset == that.reset && seq == that.seq
                && Arrays.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(seq) + Arrays.hashCode(data) + (reset ? 1 : 0);
    }

    @Override
    public String toString() {
        return "BinaryOutputFrame[reset=" + reset + ", seq=" + seq + ", " + data.length + " bytes]";
    }
}
