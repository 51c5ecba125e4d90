package dev.ptyctl.vt.parser;

/**
 * The numeric parameters of a CSI or DCS sequence, with sub-parameters ({@code :}), stored in
 * fixed arrays that the parser resets and refills for every sequence.
 *
 * <p>Follows xterm.js's conventions so handlers read the same values: an omitted parameter is 0
 * ("zero default mode"; {@code CSI m} has one parameter, 0, and {@code CSI ;5H} has two, 0 and 5);
 * an omitted sub-parameter is -1 ({@code 38:2::10:20:30} gives 38 with sub-parameters 2, -1, 10, 20,
 * 30); values saturate at {@link Integer#MAX_VALUE}; parameters after the {@value #MAX_PARAMS}th and
 * sub-parameters after the {@value #MAX_SUB_PARAMS}th of a sequence are dropped. Whether a parameter was omitted
 * rather than written as 0 is kept too ({@link #omitted(int)}), for the few xterm controls that tell them apart.
 */
public final class Params {
    /** Parameters kept per sequence; xterm.js keeps 32 too (xterm 30, DEC terminals 16). */
    public static final int MAX_PARAMS = 32;
    /** Sub-parameters kept per sequence, across all its parameters. */
    public static final int MAX_SUB_PARAMS = 32;

    private final int[] values = new int[MAX_PARAMS];
    private final int[] subValues = new int[MAX_SUB_PARAMS];
    /** Per parameter: index of its first sub-parameter in {@link #subValues}. */
    private final int[] subStart = new int[MAX_PARAMS];
    /** Per parameter: index after its last sub-parameter. */
    private final int[] subEnd = new int[MAX_PARAMS];
    private int length;
    private int subLength;
    /** Bit i set: parameter i has no digit (xterm's DEFAULT). {@link #MAX_PARAMS} is 32, so an int holds them all. */
    private int omitted;
    private boolean rejectDigits;
    private boolean rejectSubDigits;
    private boolean digitIsSub;

    /** Creates an empty parameter list. */
    public Params() {
    }

    /**
     * Parses a parameter string such as {@code "1;2:3::4"} the way the parser would; for tests and
     * tools.
     *
     * @param text parameter bytes (digits, {@code ;} and {@code :})
     * @return new parameters
     */
    public static Params parse(String text) {
        Params params = new Params();
        params.resetWithDefault();
        for (int i = 0; i < text.length(); i++) {
            params.accept(text.charAt(i));
        }
        return params;
    }

    /** Forgets all parameters. */
    void reset() {
        length = 0;
        subLength = 0;
        omitted = 0;
        rejectDigits = false;
        rejectSubDigits = false;
        digitIsSub = false;
    }

    /** Forgets all parameters and starts with a single 0, as every sequence does. */
    void resetWithDefault() {
        reset();
        addParam(0);
    }

    /** Feeds one parameter byte: a digit, {@code ;} (next parameter) or {@code :} (sub-parameter). */
    void accept(int c) {
        if (c == ';') {
            addParam(0);
        } else if (c == ':') {
            addSubParam(-1);
        } else {
            addDigit(c - '0');
        }
    }

    /**
     * Reads plain parameters (digits and {@code ;}) from {@code src[from]} on, replacing the
     * current ones: the parser's fast path for the commonest sequences, with the same result as
     * feeding the bytes to {@link #accept} after {@link #resetWithDefault()}. Stops at the first
     * other byte.
     *
     * @param src input bytes
     * @param from index of the first parameter byte
     * @param end index after the last byte that may be read
     * @return the index of the first byte that is not a digit or {@code ;}
     */
    int readPlain(byte[] src, int from, int end) {
        int[] v = values;
        int n = 0;
        int value = 0; // the current parameter; an omitted one is 0
        int start = from; // where the current parameter's digits would begin: none when the parameter ends there
        int none = 0;
        int j = from;
        for (; j < end; j++) {
            int c = src[j];
            if (c >= '0' && c <= '9') {
                value = times10Plus(value, c - '0');
            } else if (c == ';') {
                if (n < MAX_PARAMS) {
                    none |= j == start ? 1 << n : 0;
                    v[n++] = value;
                }
                value = 0;
                start = j + 1;
            } else {
                break;
            }
        }
        if (n < MAX_PARAMS) {
            none |= j == start ? 1 << n : 0;
            v[n++] = value;
        }
        length = n;
        omitted = none;
        subLength = 0;
        rejectDigits = false;
        rejectSubDigits = false;
        digitIsSub = false;
        return j;
    }

    /**
     * Reads a whole plain SGR sequence, {@code ESC [} digits and {@code ;} {@code m}, or a whole plain EL, the same with
     * {@code K}, starting at {@code src[from]}, with the same parameters the parser would dispatch for it: how the
     * printer applies the commonest sequences between (and after) runs of text without a round trip through the
     * parser: SGR in coloured output, EL where a full-screen program clears the rest of a row it has written.
     *
     * @param src input bytes
     * @param from index of the {@code ESC}
     * @param end index after the last byte that may be read
     * @return for an SGR the index after the {@code m}; for an EL {@code -2 - k}, {@code k} the index of the {@code
     *         K}; -1 when the bytes there are anything else or the sequence does not end before {@code end} (the
     *         parameters are then unspecified)
     */
    public int readSgrOrEl(byte[] src, int from, int end) {
        if (from + 2 >= end || src[from] != 0x1B || src[from + 1] != '[') {
            return -1;
        }
        int j = readPlain(src, from + 2, end);
        if (j >= end) {
            return -1;
        }
        return src[j] == 'm' ? j + 1 : src[j] == 'K' ? -2 - j : -1;
    }

    private void addParam(int value) {
        digitIsSub = false;
        if (length >= MAX_PARAMS) {
            rejectDigits = true;
            return;
        }
        subStart[length] = subLength;
        subEnd[length] = subLength;
        omitted |= 1 << length;
        values[length++] = value;
    }

    private void addSubParam(int value) {
        digitIsSub = true;
        if (length == 0) {
            return;
        }
        if (rejectDigits || subLength >= MAX_SUB_PARAMS) {
            rejectSubDigits = true;
            return;
        }
        subValues[subLength++] = value;
        subEnd[length - 1] = subLength;
    }

    private void addDigit(int digit) {
        if (!digitIsSub) {
            if (!rejectDigits && length > 0) {
                values[length - 1] = times10Plus(values[length - 1], digit);
                omitted &= ~(1 << (length - 1));
            }
            return;
        }
        if (rejectDigits || rejectSubDigits || subLength == 0) {
            return;
        }
        int current = subValues[subLength - 1];
        subValues[subLength - 1] = current < 0 ? digit : times10Plus(current, digit);
    }

    /** {@code value * 10 + digit}, saturating at {@link Integer#MAX_VALUE}. */
    private static int times10Plus(int value, int digit) {
        return value < 214_748_364 ? value * 10 + digit : (int) Math.min(value * 10L + digit, Integer.MAX_VALUE);
    }

    /**
     * Number of parameters, at least 1 for a dispatched sequence.
     *
     * @return the count
     */
    public int length() {
        return length;
    }

    /**
     * The value of parameter {@code index}, 0 when omitted or beyond {@link #length()}.
     *
     * @param index 0-based parameter index
     * @return the value
     */
    public int get(int index) {
        return index < length ? values[index] : 0;
    }

    /**
     * Whether parameter {@code index} was left empty ({@code CSI > T}, the first of {@code CSI ;5H}) rather than
     * given, even as 0. It reads as 0 all the same; xterm's parser keeps it apart (its DEFAULT) and a few of its
     * controls skip such a parameter (XTSMTITLE, XTRMTITLE).
     *
     * @param index 0-based parameter index
     * @return true when it has no digit, or is beyond {@link #length()}
     */
    public boolean omitted(int index) {
        return index >= length || (omitted & 1 << index) != 0;
    }

    /**
     * The value of parameter {@code index}, or {@code fallback} when it is 0, omitted or absent (the
     * usual "default 1" rule of cursor movement).
     *
     * @param index 0-based parameter index
     * @param fallback value used for 0 or a missing parameter
     * @return the value
     */
    public int getOr(int index, int fallback) {
        int value = get(index);
        return value == 0 ? fallback : value;
    }

    /**
     * Whether parameter {@code index} has sub-parameters.
     *
     * @param index 0-based parameter index
     * @return true when at least one {@code :} value follows it
     */
    public boolean hasSubParams(int index) {
        return subLength != 0 && index < length && subEnd[index] > subStart[index];
    }

    /**
     * Number of sub-parameters of parameter {@code index}.
     *
     * @param index 0-based parameter index
     * @return the count, 0 when none
     */
    public int subParamCount(int index) {
        return subLength != 0 && index < length ? subEnd[index] - subStart[index] : 0;
    }

    /**
     * Sub-parameter {@code subIndex} of parameter {@code index}; -1 when it was left empty.
     *
     * @param index 0-based parameter index
     * @param subIndex 0-based sub-parameter index, below {@link #subParamCount(int)}
     * @return the value
     */
    public int subParam(int index, int subIndex) {
        if (subIndex < 0 || subIndex >= subParamCount(index)) {
            throw new IndexOutOfBoundsException("parameter " + index + " has no sub-parameter " + subIndex);
        }
        return subValues[subStart[index] + subIndex];
    }

    /**
     * The parameters in sequence syntax, e.g. {@code "1;38:2:-1:10:20:30"}; empty sub-parameters
     * are written as -1.
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                text.append(';');
            }
            text.append(values[i]);
            for (int s = 0; s < subParamCount(i); s++) {
                text.append(':').append(subValues[subStart[i] + s]);
            }
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Params that && toString().equals(that.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    /**
     * A copy that is not reused by the parser, e.g. for recording.
     *
     * @return an independent copy
     */
    public Params copy() {
        Params copy = new Params();
        System.arraycopy(values, 0, copy.values, 0, MAX_PARAMS);
        System.arraycopy(subValues, 0, copy.subValues, 0, MAX_SUB_PARAMS);
        System.arraycopy(subStart, 0, copy.subStart, 0, MAX_PARAMS);
        System.arraycopy(subEnd, 0, copy.subEnd, 0, MAX_PARAMS);
        copy.length = length;
        copy.subLength = subLength;
        copy.omitted = omitted;
        return copy;
    }
}
