package dev.ptyctl.vt;

import dev.ptyctl.vt.parser.VtHandler;
import dev.ptyctl.vt.parser.VtParser;

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
        LINE_BREAK
    }

    private final StringBuilder out = new StringBuilder();
    private final CarriageReturns carriageReturns;
    /** With {@link CarriageReturns#LINE_BREAK}: a CR came, and no text or newline since. */
    private boolean breakPending;
    private final VtParser parser = new VtParser(new VtHandler() {
        @Override
        public void print(int codePoint) {
            breakPendingLine();
            out.appendCodePoint(codePoint);
        }

        @Override
        public void execute(int control) {
            if (control == '\n') {
                breakPending = false;
                out.append('\n');
            } else if (control == '\t') {
                breakPendingLine();
                out.append('\t');
            } else if (control == '\r') {
                switch (carriageReturns) {
                    case KEEP -> out.append('\r');
                    case LINE_BREAK -> breakPending = true;
                }
            }
        }
    });

    public PlainTextDecoder(CarriageReturns carriageReturns) {
        this.carriageReturns = java.util.Objects.requireNonNull(carriageReturns);
    }

    private void breakPendingLine() {
        if (breakPending) {
            breakPending = false;
            out.append('\n');
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
     * With {@link CarriageReturns#LINE_BREAK}: a CR came and no character or newline since, so the next character comes
     * out after a line break of the CR's (a newline next takes its place).
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
