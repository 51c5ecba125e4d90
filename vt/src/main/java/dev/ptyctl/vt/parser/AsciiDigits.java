package dev.ptyctl.vt.parser;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Numbers of up to three ASCII digits read four bytes at a time: the components of colours ({@code 38;2;r;g;b}),
 * whose digit counts vary from one sequence to the next, so that a loop testing one byte at a time mispredicts a
 * branch at nearly every component. A number of at most three digits and the byte after it fit in one four-byte
 * word; the digits are counted and valued with arithmetic, without a branch per digit.
 */
public final class AsciiDigits {
    /** {@code '0'} in each byte of an int. */
    private static final int ASCII_ZEROS = 0x30303030;
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private AsciiDigits() {
    }

    /**
     * The four bytes at {@code src[at]} as one int, the first in its low byte; the caller checks that they are there.
     *
     * @param src input bytes
     * @param at index of the first byte, at most {@code src.length - 4}
     * @return the word
     */
    public static int word(byte[] src, int at) {
        return (int) INT_LE.get(src, at);
    }

    /**
     * How many of the bytes of {@code word} are ASCII digits before the first that is not: 0 to 4. Each byte xor
     * {@code '0'} is a digit's value exactly when it is below 10; adding 0x76 to it sets the byte's top bit exactly
     * when it is 10 or more, a byte at 0x80 or more has it set already, and a digit's sum never carries into the
     * next byte, so the lowest byte with its top bit set is the first non-digit.
     *
     * @param word four bytes, as {@link #word} reads them
     * @return the number of leading digits
     */
    public static int count(int word) {
        int x = word ^ ASCII_ZEROS;
        return Integer.numberOfTrailingZeros(((x + 0x76767676) | x) & 0x80808080) >>> 3;
    }

    /**
     * The number the first {@code digits} bytes of {@code word} write.
     *
     * @param word four bytes, as {@link #word} reads them
     * @param digits how many leading bytes are digits, 0 to 3, as {@link #count} gives it (0 reads as 0)
     * @return the value, 0 to 999
     */
    public static int value(int word, int digits) {
        // the last digit in byte 2, those before it below, zeros in front
        int aligned = (word ^ ASCII_ZEROS) << ((3 - digits) << 3);
        return (aligned & 0xFF) * 100 + (aligned >>> 8 & 0xFF) * 10 + (aligned >>> 16 & 0xFF);
    }

    /**
     * The byte after the first {@code digits} bytes of {@code word}.
     *
     * @param word four bytes, as {@link #word} reads them
     * @param digits 0 to 3
     * @return that byte, sign-extended as a Java byte
     */
    public static int after(int word, int digits) {
        return (byte) (word >>> (digits << 3));
    }
}
