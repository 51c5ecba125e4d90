package dev.ptyctl.vt.parser;

/**
 * Streaming UTF-8 to code point decoder. A sequence split across calls is completed by the next
 * call; ill-formed input becomes U+FFFD, one per maximal ill-formed subpart (the Unicode and WHATWG
 * recommendation): a stray continuation byte, an invalid lead byte (0x80..0xC1, 0xF5..0xFF), an
 * overlong or surrogate form, or a truncated sequence each yield one U+FFFD and decoding resumes at
 * the byte that broke the sequence.
 *
 * <p>U+FEFF (byte order mark / zero-width no-break space) is dropped, as xterm.js does.
 *
 * <p>Printable ASCII goes through a tight loop with no branches beyond the sign test.
 */
public final class Utf8Decoder {
    /** U+FFFD REPLACEMENT CHARACTER. */
    public static final int REPLACEMENT = 0xFFFD;
    private static final int BYTE_ORDER_MARK = 0xFEFF;

    /** Bits of the sequence decoded so far. */
    private int partial;
    /** Continuation bytes still expected; 0 between sequences. */
    private int needed;
    /** Allowed range of the next continuation byte (narrower after E0, ED, F0, F4). */
    private int lower = 0x80;
    private int upper = 0xBF;

    /** Creates a decoder with no pending bytes. */
    public Utf8Decoder() {
    }

    /**
     * Decodes {@code length} bytes of {@code src} from {@code offset} into {@code dst} from index 0.
     *
     * @param src input bytes
     * @param offset first byte to decode
     * @param length number of bytes
     * @param dst output; must hold at least {@code length + 1} code points
     * @return number of code points written
     */
    public int decode(byte[] src, int offset, int length, int[] dst) {
        int out = 0;
        int i = offset;
        int end = offset + length;
        while (i < end) {
            int b = src[i];
            if (needed == 0) {
                if (b >= 0) {
                    dst[out++] = b;
                    i++;
                    while (i < end && (b = src[i]) >= 0) {
                        dst[out++] = b;
                        i++;
                    }
                    continue;
                }
                // fast path: a well-formed sequence entirely in this input
                int lead = b & 0xFF;
                if (lead >= 0xE0 && lead <= 0xEF && i + 2 < end) {
                    // a run of three-byte characters (CJK, Hangul, symbols) stays in this loop
                    int start = out;
                    while (i + 2 < end) {
                        int b0 = src[i];
                        int b1 = src[i + 1];
                        int b2 = src[i + 2];
                        int cp = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
                        if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || cp < 0x800
                            || (cp & 0xF800) == 0xD800 || cp == BYTE_ORDER_MARK) {
                            break;
                        }
                        dst[out++] = cp;
                        i += 3;
                    }
                    if (out > start) {
                        continue;
                    }
                    if (i + 2 < end && (src[i + 1] & 0xC0) == 0x80 && (src[i + 2] & 0xC0) == 0x80
                        && ((lead & 0x0F) << 12 | (src[i + 1] & 0x3F) << 6 | (src[i + 2] & 0x3F)) == BYTE_ORDER_MARK) {
                        i += 3; // U+FEFF is dropped, as in xterm.js
                        continue;
                    }
                } else if (lead >= 0xC2 && lead <= 0xDF && i + 1 < end && (src[i + 1] & 0xC0) == 0x80) {
                    dst[out++] = (lead & 0x1F) << 6 | (src[i + 1] & 0x3F);
                    i += 2;
                    continue;
                } else if (lead >= 0xF0 && lead <= 0xF4 && i + 3 < end && (src[i + 1] & 0xC0) == 0x80
                    && (src[i + 2] & 0xC0) == 0x80 && (src[i + 3] & 0xC0) == 0x80) {
                    int cp = (lead & 0x07) << 18 | (src[i + 1] & 0x3F) << 12 | (src[i + 2] & 0x3F) << 6
                        | (src[i + 3] & 0x3F);
                    if (cp >= 0x10000 && cp <= 0x10FFFF) {
                        dst[out++] = cp;
                        i += 4;
                        continue;
                    }
                }
                i++;
                if (!startSequence(b & 0xFF)) {
                    dst[out++] = REPLACEMENT;
                }
                continue;
            }
            b &= 0xFF;
            if (b < lower || b > upper) {
                // Ill-formed: report it and read this byte again as the start of something new.
                needed = 0;
                partial = 0;
                lower = 0x80;
                upper = 0xBF;
                dst[out++] = REPLACEMENT;
                continue;
            }
            i++;
            lower = 0x80;
            upper = 0xBF;
            partial = (partial << 6) | (b & 0x3F);
            if (--needed == 0) {
                if (partial != BYTE_ORDER_MARK) {
                    dst[out++] = partial;
                }
                partial = 0;
            }
        }
        return out;
    }

    /**
     * Whether bytes of an unfinished sequence are held for the next call.
     *
     * @return true between the bytes of a split character
     */
    public boolean hasPendingBytes() {
        return needed != 0;
    }

    /** Drops any pending partial sequence. */
    public void reset() {
        needed = 0;
        partial = 0;
        lower = 0x80;
        upper = 0xBF;
    }

    private boolean startSequence(int lead) {
        if (lead >= 0xC2 && lead <= 0xDF) {
            needed = 1;
            partial = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            if (lead == 0xE0) {
                lower = 0xA0;
            } else if (lead == 0xED) {
                upper = 0x9F;
            }
            needed = 2;
            partial = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            if (lead == 0xF0) {
                lower = 0x90;
            } else if (lead == 0xF4) {
                upper = 0x8F;
            }
            needed = 3;
            partial = lead & 0x07;
        } else {
            return false;
        }
        return true;
    }
}
