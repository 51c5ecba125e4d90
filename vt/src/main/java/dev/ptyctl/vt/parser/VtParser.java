package dev.ptyctl.vt.parser;

import dev.ptyctl.vt.unicode.Utf8;

/**
 * The DEC/VT500 escape sequence state machine (Paul Williams' parser, vt100.net/emu/dec_ansi_parser)
 * over UTF-8 input, with the transitions xterm.js uses. It gives sequences no meaning: it reports
 * printable text, controls and complete sequences to a {@link VtHandler}. Printable text and plain
 * CSI sequences are taken straight from the bytes; the state machine works on code points (see
 * {@link #parse(byte[], int, int)}).
 *
 * <p>States: ground, escape, escape-intermediate, CSI entry/param/intermediate/ignore, OSC string,
 * DCS entry/param/intermediate/passthrough/ignore, and one shared state for SOS, PM and APC strings,
 * whose content is discarded. One {@code switch} per state; no transition table.
 *
 * <p>Deviations from the vt100.net diagram, all taken from xterm.js so both terminals see the
 * same sequences:
 * <ul>
 *   <li>The state machine sees code points, not bytes. C1 controls are the code points
 *       U+0080..U+009F (UTF-8 {@code C2 80}..{@code C2 9F}); everything from U+00A0 up is
 *       printable in ground and is string data in OSC and DCS.</li>
 *   <li>A code point from U+00A0 up inside ESC, CSI, DCS-header or SOS/PM/APC states aborts the
 *       sequence (back to ground, reported as {@link ParseError#UNEXPECTED_CHARACTER}).</li>
 *   <li>{@code :} is a parameter byte: sub-parameters are collected into {@link Params}.</li>
 *   <li>OSC ends with BEL as well as ST; ESC inside an OSC or DCS string ends it successfully and
 *       starts an escape sequence (so {@code ESC \} works as ST); CAN and SUB cancel it.</li>
 *   <li>DEL is ignored inside sequences and dropped in ground.</li>
 *   <li>OSC strings longer than {@link #OSC_LIMIT} are dropped (xterm.js: 10 MB).</li>
 * </ul>
 */
public final class VtParser {
    /** Longest OSC payload kept, in UTF-16 chars: titles and paths fit; bigger strings are dropped. */
    public static final int OSC_LIMIT = 1 << 20;

    private static final int GROUND = 0;
    private static final int ESCAPE = 1;
    private static final int ESCAPE_INTERMEDIATE = 2;
    private static final int CSI_ENTRY = 3;
    private static final int CSI_PARAM = 4;
    private static final int CSI_INTERMEDIATE = 5;
    private static final int CSI_IGNORE = 6;
    private static final int SOS_PM_APC_STRING = 7;
    private static final int OSC_STRING = 8;
    private static final int DCS_ENTRY = 9;
    private static final int DCS_PARAM = 10;
    private static final int DCS_INTERMEDIATE = 11;
    private static final int DCS_IGNORE = 12;
    private static final int DCS_PASSTHROUGH = 13;

    private static final int ESC = 0x1B;
    private static final int CAN = 0x18;
    private static final int SUB = 0x1A;
    private static final int BEL = 0x07;
    private static final int LF = 0x0A;
    private static final int DEL = 0x7F;
    private static final int C1_DCS = 0x90;
    private static final int C1_SOS = 0x98;
    private static final int C1_CSI = 0x9B;
    private static final int C1_ST = 0x9C;
    private static final int C1_OSC = 0x9D;
    private static final int C1_PM = 0x9E;
    private static final int C1_APC = 0x9F;

    /** Code points a printable run is decoded into when the handler takes no UTF-8; also the decoder's output. */
    private static final int DECODED_LENGTH = 1024;
    private static final int BYTE_ORDER_MARK = 0xFEFF;

    private final VtHandler handler;
    private final Utf8Decoder decoder = new Utf8Decoder();
    private final int[] decoded = new int[DECODED_LENGTH];
    private final Params params = new Params();
    private final StringBuilder osc = new StringBuilder();
    private int state = GROUND;
    private int intermediates;
    private int intermediateCount;
    private boolean tooManyIntermediates;
    private boolean oscOverflow;
    private boolean dcsHooked;
    /** OSC sequences begun so far (see {@link #oscsBegun}). */
    private long oscsBegun;

    /**
     * Creates a parser in the ground state.
     *
     * @param handler receives everything recognised
     */
    public VtParser(VtHandler handler) {
        this.handler = handler;
        clear();
    }

    /**
     * Runs the state machine over UTF-8 input. State carries over to the next call, so a
     * character or a sequence may be split anywhere.
     *
     * <p>The common cases never leave the bytes: in the ground state printable text goes to
     * {@link VtHandler#printUtf8} (or is decoded here and handed to {@link VtHandler#print(int[],
     * int, int)} when the handler takes none), and a CSI whose bytes are all in the input is parsed
     * in one loop ({@code wholeCsi}). Everything else (controls, other sequences, strings) goes
     * through the state machine, ASCII byte by byte, other characters through the {@link
     * Utf8Decoder}, which also owns ill-formed input and characters split across calls.
     *
     * @param src input bytes
     * @param from first index
     * @param to index after the last byte
     */
    public void parse(byte[] src, int from, int to) {
        int i = from;
        while (i < to) {
            i = parseLine(src, i, to);
        }
    }

    /**
     * {@link #parse(byte[], int, int)} up to and including the next line feed this parser executes in the ground state
     * (or to {@code to}); returns the index after what it took. Line feeds the handler executes itself inside {@link
     * VtHandler#printUtf8} (after mixed-script text) do not end it, so one call may take several lines of such text.
     * A loop per line rather than one per call: the JIT compiles a method whose loop runs long on few calls (a render
     * feeds 64 KiB a call) only by on-stack replacement, late and then once more whole, and until then the work of
     * every line end ran in the profiling tier; a method called per line is compiled like the other per-line ones.
     */
    private int parseLine(byte[] src, int from, int to) {
        int i = from;
        while (i < to) {
            int b = src[i];
            if (b < 0 && state != GROUND || decoder.hasPendingBytes()) {
                decodeByte(src, i++);
            } else if (state != GROUND) {
                advance(b);
                i++;
            } else if (b >= 0x20 && b != DEL || b < 0) {
                int j = handler.printUtf8(src, i, to);
                if (j == i) {
                    j = printDecoded(src, i, to);
                }
                if (j == i) {
                    decodeByte(src, i++); // ill-formed, a C1 control, U+FEFF or cut off at the end
                } else {
                    i = j;
                }
            } else {
                int j;
                if (b == ESC && i + 1 < to && src[i + 1] == '[' && (j = wholeCsi(src, i + 2, to)) > 0) {
                    i = j;
                } else if (isExecutable(b)) {
                    // What advance and ground do with it (CR and LF end every line of output): called directly, so
                    // neither becomes hot and neither is compiled on its own.
                    handler.execute(b);
                    i++;
                    if (b == LF) {
                        return i;
                    }
                } else {
                    advance(b);
                    i++;
                }
            }
        }
        return i;
    }

    /** One byte through the streaming decoder; what it completes (0 to 2 code points) is parsed. */
    private void decodeByte(byte[] src, int i) {
        int n = decoder.decode(src, i, 1, decoded);
        if (n > 0) {
            parse(decoded, 0, n);
        }
    }

    /**
     * Decodes the well-formed printable characters from {@code src[i]} (up to a control, C1,
     * U+FEFF, ill-formed or cut-off bytes) and prints them; returns the index after them.
     */
    private int printDecoded(byte[] src, int i, int to) {
        int n = 0;
        while (i < to && n < decoded.length) {
            long one = Utf8.decodeOne(src, i, to);
            int cp = (int) one;
            if (one < 0 || !isPrintable(cp) || cp == BYTE_ORDER_MARK) {
                break;
            }
            decoded[n++] = cp;
            i += (int) (one >>> 32);
        }
        if (n > 0) {
            handler.print(decoded, 0, n);
        }
        return i;
    }

    /**
     * Runs the state machine over decoded code points (what {@link #parse(byte[], int, int)}
     * does after decoding). State carries over to the next call, so a sequence may be split
     * anywhere.
     *
     * @param codePoints decoded input
     * @param start first index
     * @param end index after the last code point
     */
    public void parse(int[] codePoints, int start, int end) {
        int i = start;
        while (i < end) {
            int c = codePoints[i];
            if (state == GROUND && isPrintable(c)) {
                int j = i + 1;
                while (j < end && isPrintable(codePoints[j])) {
                    j++;
                }
                handler.print(codePoints, i, j);
                i = j;
            } else {
                advance(c);
                i++;
            }
        }
    }

    /**
     * The fast path for the commonest sequence: a CSI whose bytes are all in this input and are
     * only plain parameters (digits and {@code ;}), one leading private marker, intermediates and
     * the final byte. Parses and dispatches it exactly as the state machine would and returns the
     * index after it; returns -1 (having changed nothing the state machine does not reset on ESC)
     * for anything else, sub-parameters included, which the state machine then takes byte by byte.
     *
     * @param src input
     * @param i index after {@code ESC [}
     * @param end end of input
     */
    private int wholeCsi(byte[] src, int i, int end) {
        if (i >= end) {
            return -1;
        }
        intermediates = Intermediates.NONE;
        intermediateCount = 0;
        tooManyIntermediates = false;
        int j = i;
        int c = src[j];
        if (c >= 0x3C && c <= 0x3F) {
            collect(c);
            j++;
        }
        j = params.readPlain(src, j, end);
        for (; j < end; j++) {
            c = src[j];
            if (c >= 0x40 && c <= 0x7E) {
                dispatchCsi(c);
                return j + 1;
            } else if (c >= 0x20 && c <= 0x2F) {
                collect(c);
            } else {
                return -1;
            }
        }
        return -1;
    }

    /**
     * Returns to the ground state, dropping any sequence in progress (a DCS is unhooked) and the
     * bytes of a character split across calls.
     */
    public void reset() {
        decoder.reset();
        if (dcsHooked) {
            dcsHooked = false;
            handler.dcsUnhook(false);
        }
        state = GROUND;
        clear();
        osc.setLength(0);
    }

    /**
     * How many OSC sequences this parser has begun (ended or not): one at every {@code ESC ]} of the input, since ESC
     * leads to the escape state from every state and {@code ]} there begins an OSC, and one at every C1 OSC. A reader
     * of the same bytes that looks only for OSC sequences may pass over input in which this count did not move.
     *
     * @return the count since the parser was made
     */
    public long oscsBegun() {
        return oscsBegun;
    }

    /**
     * Whether the parser is between sequences.
     *
     * @return true in the ground state
     */
    public boolean isInGround() {
        return state == GROUND;
    }

    /**
     * Whether the next byte starts something new: the ground state, and no part of a character held over from the
     * last call. A printable ASCII byte parsed now is printed as itself.
     *
     * @return true between sequences and characters
     */
    public boolean isAtCharacterBoundary() {
        return state == GROUND && !decoder.hasPendingBytes();
    }

    private static boolean isPrintable(int c) {
        return (c >= 0x20 && c < DEL) || c >= 0xA0;
    }

    /** C0 controls that are executed: all but CAN, SUB and ESC, which act anywhere. */
    private static boolean isExecutable(int c) {
        return c < 0x20 && c != CAN && c != SUB && c != ESC;
    }

    private void advance(int c) {
        if ((c >= 0x80 && c < 0xA0) || c == CAN || c == SUB || c == ESC) {
            anywhere(c);
            return;
        }
        switch (state) {
            case GROUND -> ground(c);
            case ESCAPE -> escape(c);
            case ESCAPE_INTERMEDIATE -> escapeIntermediate(c);
            case CSI_ENTRY -> csiEntry(c);
            case CSI_PARAM -> csiParam(c);
            case CSI_INTERMEDIATE -> csiIntermediate(c);
            case CSI_IGNORE -> csiIgnore(c);
            case SOS_PM_APC_STRING -> sosPmApcString(c);
            case OSC_STRING -> oscString(c);
            case DCS_ENTRY -> dcsEntry(c);
            case DCS_PARAM -> dcsParam(c);
            case DCS_INTERMEDIATE -> dcsIntermediate(c);
            case DCS_IGNORE -> { }
            case DCS_PASSTHROUGH -> dcsPassthrough(c);
            default -> throw new IllegalStateException("parser state " + state);
        }
    }

    /** CAN, SUB, ESC and C1 controls act in every state. */
    private void anywhere(int c) {
        if (state == OSC_STRING && (c == ESC || c == C1_ST || c == CAN || c == SUB)) {
            endOsc(c != CAN && c != SUB);
            enterAfterString(c);
            return;
        }
        if (state == DCS_PASSTHROUGH && (c == ESC || c == C1_ST)) {
            unhook(true);
            enterAfterString(c);
            return;
        }
        abandonString();
        switch (c) {
            case ESC -> {
                clear();
                state = ESCAPE;
            }
            case C1_ST -> state = GROUND;
            case C1_OSC -> startOsc();
            case C1_SOS, C1_PM, C1_APC -> state = SOS_PM_APC_STRING;
            case C1_CSI -> {
                clear();
                state = CSI_ENTRY;
            }
            case C1_DCS -> {
                clear();
                state = DCS_ENTRY;
            }
            default -> {
                handler.execute(c);
                state = GROUND;
            }
        }
    }

    private void enterAfterString(int terminator) {
        clear();
        state = terminator == ESC ? ESCAPE : GROUND;
    }

    /** A string state interrupted by another control: the string is not delivered. */
    private void abandonString() {
        if (state == OSC_STRING) {
            osc.setLength(0);
            handler.parseError(ParseError.OSC_ABORTED);
        } else if (state == DCS_PASSTHROUGH) {
            unhook(false);
        }
    }

    private void ground(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            handler.parseError(ParseError.UNEXPECTED_CHARACTER);
        } else {
            handler.print(c);
        }
    }

    private void escape(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            return;
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
            state = ESCAPE_INTERMEDIATE;
        } else if (c == '[') {
            clear();
            state = CSI_ENTRY;
        } else if (c == ']') {
            startOsc();
        } else if (c == 'P') {
            clear();
            state = DCS_ENTRY;
        } else if (c == 'X' || c == '^' || c == '_') {
            state = SOS_PM_APC_STRING;
        } else if (c >= 0x30 && c <= 0x7E) {
            dispatchEsc(c);
        } else {
            unexpected();
        }
    }

    private void escapeIntermediate(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            return;
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
        } else if (c >= 0x30 && c <= 0x7E) {
            dispatchEsc(c);
        } else {
            unexpected();
        }
    }

    private void csiEntry(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            return;
        } else if (c >= 0x30 && c <= 0x3B) {
            params.accept(c);
            state = CSI_PARAM;
        } else if (c >= 0x3C && c <= 0x3F) {
            collect(c);
            state = CSI_PARAM;
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
            state = CSI_INTERMEDIATE;
        } else if (c >= 0x40 && c <= 0x7E) {
            dispatchCsi(c);
        } else {
            unexpected();
        }
    }

    private void csiParam(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            return;
        } else if (c >= 0x30 && c <= 0x3B) {
            params.accept(c);
        } else if (c >= 0x3C && c <= 0x3F) {
            state = CSI_IGNORE;
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
            state = CSI_INTERMEDIATE;
        } else if (c >= 0x40 && c <= 0x7E) {
            dispatchCsi(c);
        } else {
            unexpected();
        }
    }

    private void csiIntermediate(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c == DEL) {
            return;
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
        } else if (c >= 0x30 && c <= 0x3F) {
            state = CSI_IGNORE;
        } else if (c >= 0x40 && c <= 0x7E) {
            dispatchCsi(c);
        } else {
            unexpected();
        }
    }

    private void csiIgnore(int c) {
        if (isExecutable(c)) {
            handler.execute(c);
        } else if (c >= 0x40 && c <= 0x7E) {
            handler.parseError(ParseError.MALFORMED_CSI);
            state = GROUND;
        }
    }

    private void sosPmApcString(int c) {
        if (c >= 0xA0) {
            unexpected();
        }
    }

    private void oscString(int c) {
        if (c == BEL) {
            endOsc(true);
            state = GROUND;
        } else if (c >= 0x20) {
            if (osc.length() < OSC_LIMIT) {
                osc.appendCodePoint(c);
            } else {
                oscOverflow = true;
            }
        }
    }

    private void dcsEntry(int c) {
        if (c >= 0x20 && c <= 0x2F) {
            collect(c);
            state = DCS_INTERMEDIATE;
        } else if (c >= 0x30 && c <= 0x3B) {
            params.accept(c);
            state = DCS_PARAM;
        } else if (c >= 0x3C && c <= 0x3F) {
            collect(c);
            state = DCS_PARAM;
        } else if (c >= 0x40 && c <= 0x7E) {
            hook(c);
        } else if (c >= 0xA0) {
            unexpected();
        }
    }

    private void dcsParam(int c) {
        if (c >= 0x30 && c <= 0x3B) {
            params.accept(c);
        } else if (c >= 0x3C && c <= 0x3F) {
            ignoreDcs();
        } else if (c >= 0x20 && c <= 0x2F) {
            collect(c);
            state = DCS_INTERMEDIATE;
        } else if (c >= 0x40 && c <= 0x7E) {
            hook(c);
        } else if (c >= 0xA0) {
            unexpected();
        }
    }

    private void dcsIntermediate(int c) {
        if (c >= 0x20 && c <= 0x2F) {
            collect(c);
        } else if (c >= 0x30 && c <= 0x3F) {
            ignoreDcs();
        } else if (c >= 0x40 && c <= 0x7E) {
            hook(c);
        } else if (c >= 0xA0) {
            unexpected();
        }
    }

    private void dcsPassthrough(int c) {
        if (c != DEL && dcsHooked) {
            handler.dcsPut(c);
        }
    }

    private void ignoreDcs() {
        handler.parseError(ParseError.MALFORMED_DCS);
        state = DCS_IGNORE;
    }

    private void unexpected() {
        handler.parseError(ParseError.UNEXPECTED_CHARACTER);
        state = GROUND;
    }

    private void clear() {
        params.resetWithDefault();
        intermediates = Intermediates.NONE;
        intermediateCount = 0;
        tooManyIntermediates = false;
    }

    private void collect(int c) {
        if (intermediateCount == Intermediates.MAX_BYTES) {
            tooManyIntermediates = true;
            return;
        }
        intermediates = (intermediates << 8) | c;
        intermediateCount++;
    }

    private void dispatchEsc(int finalByte) {
        state = GROUND;
        if (tooManyIntermediates) {
            handler.parseError(ParseError.TOO_MANY_INTERMEDIATES);
        } else {
            handler.escDispatch(intermediates, finalByte);
        }
    }

    private void dispatchCsi(int finalByte) {
        state = GROUND;
        if (tooManyIntermediates) {
            handler.parseError(ParseError.TOO_MANY_INTERMEDIATES);
        } else {
            handler.csiDispatch(params, intermediates, finalByte);
        }
    }

    private void hook(int finalByte) {
        state = DCS_PASSTHROUGH;
        if (tooManyIntermediates) {
            handler.parseError(ParseError.TOO_MANY_INTERMEDIATES);
            return;
        }
        dcsHooked = true;
        handler.dcsHook(params, intermediates, finalByte);
    }

    private void unhook(boolean success) {
        if (dcsHooked) {
            dcsHooked = false;
            handler.dcsUnhook(success);
        }
    }

    private void startOsc() {
        oscsBegun++;
        osc.setLength(0);
        oscOverflow = false;
        state = OSC_STRING;
    }

    private void endOsc(boolean success) {
        if (!success) {
            handler.parseError(ParseError.OSC_ABORTED);
        } else if (oscOverflow) {
            handler.parseError(ParseError.OSC_TOO_LONG);
        } else {
            handler.oscDispatch(osc.toString());
        }
        osc.setLength(0);
        if (osc.capacity() > 4096) {
            osc.trimToSize();
        }
    }
}
