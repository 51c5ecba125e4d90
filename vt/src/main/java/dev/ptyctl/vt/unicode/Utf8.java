package dev.ptyctl.vt.unicode;

/**
 * Decoding of single well-formed UTF-8 characters, for the paths that read text straight from the
 * input (the parser's ground state and the printer). Everything it refuses, ill-formed bytes and
 * characters cut off at the end of the input, is left to the parser's streaming decoder, which
 * owns the rules for them.
 */
public final class Utf8 {
    private Utf8() {
    }

    /**
     * Decodes the one character at {@code src[i]} when it is complete and well-formed before
     * {@code end}.
     *
     * @param src input bytes
     * @param i index of the character's first byte
     * @param end index after the last byte that may be read
     * @return the code point or-ed with its length in bytes shifted left 32 bits; -1 when the bytes
     *     are ill-formed or the character is cut off at {@code end}
     */
    public static long decodeOne(byte[] src, int i, int end) {
        int b0 = src[i];
        if (b0 >= 0) {
            return 1L << 32 | b0;
        }
        if (b0 >= (byte) 0xC2 && b0 <= (byte) 0xDF) {
            if (i + 1 < end && (src[i + 1] & 0xC0) == 0x80) {
                return 2L << 32 | (b0 & 0x1F) << 6 | (src[i + 1] & 0x3F);
            }
        } else if (b0 >= (byte) 0xE0 && b0 <= (byte) 0xEF) {
            if (i + 2 < end && (src[i + 1] & 0xC0) == 0x80 && (src[i + 2] & 0xC0) == 0x80) {
                int cp = (b0 & 0x0F) << 12 | (src[i + 1] & 0x3F) << 6 | (src[i + 2] & 0x3F);
                if (cp >= 0x800 && (cp & 0xF800) != 0xD800) {
                    return 3L << 32 | cp;
                }
            }
        } else if (b0 >= (byte) 0xF0 && b0 <= (byte) 0xF4) {
            if (i + 3 < end && (src[i + 1] & 0xC0) == 0x80 && (src[i + 2] & 0xC0) == 0x80
                && (src[i + 3] & 0xC0) == 0x80) {
                int cp = (b0 & 0x07) << 18 | (src[i + 1] & 0x3F) << 12 | (src[i + 2] & 0x3F) << 6 | (src[i + 3] & 0x3F);
                if (cp >= 0x10000 && cp <= 0x10FFFF) {
                    return 4L << 32 | cp;
                }
            }
        }
        return -1;
    }
}
