package dev.ptyctl.vt.parser;

/**
 * Receives what {@link VtParser} recognises. Every method has a no-op default, so a handler
 * implements only what it cares about.
 *
 * <p>The {@link Params} object passed to {@link #csiDispatch} and {@link #dcsHook} is owned by the
 * parser and reused for the next sequence: copy what you need before returning.
 *
 * <p>{@code intermediates} packs the collected bytes of a sequence (a private marker such as
 * {@code ?} and intermediates such as {@code $}) into an int; see {@link Intermediates}.
 */
public interface VtHandler {

    /**
     * A run of printable code points (0x20..0x7E and everything from U+00A0 up), in the order
     * received. The default forwards each code point to {@link #print(int)}.
     *
     * @param codePoints buffer owned by the caller, valid only during the call
     * @param start first index of the run
     * @param end index after the last code point of the run
     */
    default void print(int[] codePoints, int start, int end) {
        for (int i = start; i < end; i++) {
            print(codePoints[i]);
        }
    }

    /**
     * Printable text straight from the UTF-8 input, the fast path of the ground state: the handler
     * prints what it can of the well-formed characters from {@code src[from]} on (code points
     * 0x20..0x7E and from U+00A0 up, U+FEFF excepted), stopping at the first byte that is not one of
     * them, and returns the index after the last byte it took. What it leaves (all of it, when it
     * returns {@code from}) the parser decodes and hands to {@link #print(int[], int, int)} or to
     * the state machine. The default takes nothing.
     *
     * <p>The handler may also take a whole plain SGR sequence that comes after text it printed
     * ({@code ESC [}, digits and {@code ;}, {@code m}; see {@link Params#readSgrOrEl}), provided it
     * applies it exactly as {@link #csiDispatch} would: coloured output alternates short runs of text
     * with SGR, and keeping both in one loop saves a round trip through the parser per sequence. So
     * too a whole plain EL ({@code K}) after text, after which it returns. And after text with other
     * characters than ASCII it may execute a line end itself, {@code CR LF} or {@code CR CR LF} (a
     * PTY's onlcr), exactly as {@link #execute} would, and go on printing the next line: the parser
     * then sees neither the controls nor the line feed (see {@code VtParser.parseLine}).
     *
     * @param src input bytes, owned by the caller, valid only during the call
     * @param from index of the first byte, a printable ASCII character or the lead byte of a
     *     multi-byte character
     * @param to index after the last byte of the input
     * @return the index after the last byte printed, {@code from} when none was
     */
    default int printUtf8(byte[] src, int from, int to) {
        return from;
    }

    /**
     * One printable code point; only called by the default {@link #print(int[], int, int)}.
     *
     * @param codePoint the code point
     */
    default void print(int codePoint) {
    }

    /**
     * A C0 control (0x00..0x1F except ESC) or a C1 control (0x80..0x9F) that is executed.
     *
     * @param control the control code
     */
    default void execute(int control) {
    }

    /**
     * A complete control sequence {@code CSI [marker] params [intermediates] final}.
     *
     * @param params the parameters (reused by the parser)
     * @param intermediates collected marker and intermediate bytes, see {@link Intermediates}
     * @param finalByte the final byte, 0x40..0x7E
     */
    default void csiDispatch(Params params, int intermediates, int finalByte) {
    }

    /**
     * A complete escape sequence {@code ESC [intermediates] final}.
     *
     * @param intermediates collected intermediate bytes, see {@link Intermediates}
     * @param finalByte the final byte, 0x30..0x7E
     */
    default void escDispatch(int intermediates, int finalByte) {
    }

    /**
     * A complete operating system command: everything between {@code OSC} and its terminator (BEL
     * or ST), unparsed, e.g. {@code "0;my title"}.
     *
     * @param payload the command text
     */
    default void oscDispatch(String payload) {
    }

    /**
     * Start of a device control string {@code DCS [marker] params [intermediates] final}; data
     * follows through {@link #dcsPut} until {@link #dcsUnhook}.
     *
     * @param params the parameters (reused by the parser)
     * @param intermediates collected marker and intermediate bytes, see {@link Intermediates}
     * @param finalByte the final byte, 0x40..0x7E
     */
    default void dcsHook(Params params, int intermediates, int finalByte) {
    }

    /**
     * One code point of device control string data.
     *
     * @param codePoint the code point
     */
    default void dcsPut(int codePoint) {
    }

    /**
     * End of the device control string started by the last {@link #dcsHook}.
     *
     * @param success false when the string was cancelled (CAN, SUB) or interrupted by another
     *     sequence, true when it ended with ST
     */
    default void dcsUnhook(boolean success) {
    }

    /**
     * Input the state machine discarded: a character not allowed where it appeared, a sequence that
     * fell into an ignore state, or a string over the parser's size limit.
     *
     * @param error what was discarded
     */
    default void parseError(ParseError error) {
    }
}
