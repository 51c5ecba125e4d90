package dev.ptyctl.vt;

import dev.ptyctl.vt.parser.Intermediates;
import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.parser.VtHandler;
import dev.ptyctl.vt.parser.VtParser;
import java.util.Objects;

/**
 * Turns raw terminal output into plain text, the way a log file reader wants it: escape sequences (colours, cursor
 * moves, titles, prompt marks) are dropped, {@code \r\n} becomes {@code \n}, controls other than CR, LF and tab are
 * dropped, a tab stays a tab. A lone CR is kept or taken as a line break ({@link CarriageReturns}). It keeps
 * the parser's state between calls, so a sequence or a UTF-8 character split across chunks comes out right. Not
 * thread-safe.
 *
 * <p>Why a parser and not a regular expression: an OSC string may hold anything up to its terminator (a hyperlink,
 * a title with {@code [}), DCS and APC strings too, and only the state machine that the emulator itself uses knows
 * where each one ends.
 */
public final class PlainTextDecoder {
    /** What a carriage return becomes. */
    public enum CarriageReturns {
        /** {@code \r} (with {@code \r\n}, before the newline), for a reader that lets what follows it overwrite the line. */
        KEEP,
        /**
         * A line break, once text follows it on the line: {@code 50%\r100%} reads {@code 50%\n100%}, {@code \r\n} and
         * {@code \r\r\n} one {@code \n}. What a search of the text wants: each drawing of a line redrawn after a CR
         * (a progress bar, a spinner before a question) is a line of its own, so {@code ^} and {@code $} match at its
         * ends and no text runs into the drawing before it.
         */
        LINE_BREAK,
        /**
         * As {@link #LINE_BREAK}, and a cursor move that starts the text after it somewhere else counts as such a CR:
         * to column 1 ({@code CSI G}, {@code CSI 1 G}), to another row ({@code CSI row;col H}, {@code CSI A}/{@code B}/
         * {@code E}/{@code F}/{@code d}, {@code ESC M}/{@code D}/{@code E}), once the line has text. For a stream read
         * as a log ({@code ptyctl follow --text}): Node's {@code readline.cursorTo(0)} progress bars ({@code CSI 2K
         * CSI 1G 50%}) and full-screen programs that place each row with {@code CUP} would otherwise run their
         * drawings into one line ({@code 10% done50% done}). A horizontal move within the line ({@code CSI 5 C}) is not
         * one.
         */
        LINE_BREAK_AT_CURSOR_MOVES
    }

    private final StringBuilder out = new StringBuilder();
    private final CarriageReturns carriageReturns;
    /** Unless {@link CarriageReturns#KEEP}: a CR (or a cursor move counted as one) came, no text or newline since. */
    private boolean breakPending;
    /** Text came since the last line break: a cursor move then owes one ({@link CarriageReturns#LINE_BREAK_AT_CURSOR_MOVES}). */
    private boolean lineHasText;
    private final VtParser parser = new VtParser(new VtHandler() {
        @Override
        public void print(int codePoint) {
            breakPendingLine();
            out.appendCodePoint(codePoint);
            lineHasText = true;
        }

        @Override
        public void execute(int control) {
            if (control == '\n') {
                breakPending = false;
                lineHasText = false;
                out.append('\n');
            } else if (control == '\t') {
                breakPendingLine();
                out.append('\t');
                lineHasText = true;
            } else if (control == '\r') {
                switch (carriageReturns) {
                    case KEEP -> out.append('\r');
                    case LINE_BREAK, LINE_BREAK_AT_CURSOR_MOVES -> breakPending = true;
                }
            }
        }

        @Override
        public void csiDispatch(Params params, int intermediates, int finalByte) {
            boolean elsewhere = switch (finalByte) {
                case 'A', 'B', 'E', 'F', 'H', 'f', 'd' -> true; // another row (or, for H, wherever the program says)
                case 'G', '`' -> params.getOr(0, 1) == 1; // column 1: a CR written as a sequence
                default -> false;
            };
            if (elsewhere && intermediates == Intermediates.NONE) {
                cursorMoved();
            }
        }

        @Override
        public void escDispatch(int intermediates, int finalByte) {
            if (intermediates == Intermediates.NONE && (finalByte == 'M' || finalByte == 'D' || finalByte == 'E')) {
                cursorMoved(); // reverse index, index, next line
            }
        }
    });

    public PlainTextDecoder(CarriageReturns carriageReturns) {
        this.carriageReturns = Objects.requireNonNull(carriageReturns);
    }

    private void breakPendingLine() {
        if (breakPending) {
            breakPending = false;
            out.append('\n');
        }
    }

    /** A cursor move away from the text just written: a CR's line break is owed, unless the line is still empty. */
    private void cursorMoved() {
        if (carriageReturns == CarriageReturns.LINE_BREAK_AT_CURSOR_MOVES && lineHasText) {
            breakPending = true;
            lineHasText = false;
        }
    }

    /**
     * Whether the next byte starts a character or a control, nothing held over from the last call: printable ASCII,
     * TAB and LF decoded from here come out as themselves, one character a byte. A line break owed to a CR
     * ({@link #owesLineBreak}) is held over: it comes out before the next character.
     */
    public boolean isAtCharacterBoundary() {
        return parser.isAtCharacterBoundary() && !breakPending;
    }

    /**
     * Unless {@link CarriageReturns#KEEP}: a CR (or a cursor move that counts as one) came and no character or newline
     * since, so the next character comes out after a line break of the CR's (a newline next takes its place).
     */
    public boolean owesLineBreak() {
        return breakPending;
    }

    /**
     * Whether the parser is outside every escape sequence and multi-byte character (a line break a CR owes aside): the
     * bytes decoded so far end where a decoder could have started, so what follows decodes as it would from a fresh one.
     */
    public boolean isBetweenSequences() {
        return parser.isAtCharacterBoundary();
    }

    /**
     * Forgets the line break a CR owes ({@link #owesLineBreak}), which then never comes out; whether one was owed. For
     * a reader that starts its text here: the CR was before it.
     */
    public boolean dropOwedLineBreak() {
        boolean owed = breakPending;
        breakPending = false;
        return owed;
    }

    /** Decodes {@code data[from, to)} and appends its text to {@code into}. */
    public void decode(byte[] data, int from, int to, StringBuilder into) {
        parser.parse(data, from, to);
        into.append(out);
        out.setLength(0);
    }
}
