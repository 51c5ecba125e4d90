package dev.ptyctl.vt.parser;

/**
 * Packs the bytes collected inside an ESC, CSI or DCS sequence (private marker {@code < = > ?}
 * and intermediates 0x20..0x2F) into one int, first byte in the highest position:
 * {@code CSI ? 2 0 0 4 h} collects {@code '?'} = 0x3F; {@code CSI ? 1 $ p} collects
 * {@code ('?' << 8) | '$'}. At most {@link #MAX_BYTES} bytes fit; zero means none.
 *
 * <p>A sequence's identity is {@code (intermediates << 8) | finalByte}, see {@link #key}.
 */
public final class Intermediates {
    /** Bytes that fit: 3 x 8 bits leaves room for the final byte in {@link #key}. */
    public static final int MAX_BYTES = 3;

    /** No collected bytes. */
    public static final int NONE = 0;

    private Intermediates() {
    }

    /**
     * Packs the given bytes.
     *
     * @param collected up to {@link #MAX_BYTES} characters in arrival order, e.g. {@code "?$"}
     * @return the packed value
     */
    public static int of(String collected) {
        if (collected.length() > MAX_BYTES) {
            throw new IllegalArgumentException("at most " + MAX_BYTES + " intermediates: " + collected);
        }
        int packed = 0;
        for (int i = 0; i < collected.length(); i++) {
            packed = (packed << 8) | (collected.charAt(i) & 0xFF);
        }
        return packed;
    }

    /**
     * The identity of a sequence: collected bytes followed by the final byte.
     *
     * @param intermediates packed collected bytes
     * @param finalByte the final byte
     * @return a key unique per (collected bytes, final byte)
     */
    public static int key(int intermediates, int finalByte) {
        return (intermediates << 8) | finalByte;
    }

    /**
     * The collected bytes as text, e.g. {@code "?$"}.
     *
     * @param intermediates packed collected bytes
     * @return the bytes in arrival order
     */
    public static String toString(int intermediates) {
        StringBuilder text = new StringBuilder(MAX_BYTES);
        for (int shift = 8 * (MAX_BYTES - 1); shift >= 0; shift -= 8) {
            int b = (intermediates >>> shift) & 0xFF;
            if (b != 0) {
                text.append((char) b);
            }
        }
        return text.toString();
    }
}
