package dev.ptyctl.service.output;

import dev.ptyctl.vt.parser.VtHandler;
import dev.ptyctl.vt.parser.VtParser;

/**
 * Turns raw terminal output into plain text, the way a log file reader wants it: escape sequences (colours, cursor
 * moves, titles, prompt marks) are dropped, {@code \r\n} becomes {@code \n}, a lone CR and other controls are dropped
 * (a CR is kept when asked, for a reader that lets what follows it overwrite the line), a tab stays a tab. It keeps the parser's state between calls, so a sequence or a UTF-8 character split across
 * chunks comes out right. Not thread-safe.
 *
 * <p>Why a parser and not a regular expression: an OSC string may hold anything up to its terminator (a hyperlink,
 * a title with {@code [}), DCS and APC strings too, and only the state machine that the emulator itself uses knows
 * where each one ends.
 */
public final class PlainTextDecoder {
    private final StringBuilder out = new StringBuilder();
    private final boolean keepCarriageReturns;
    private final VtParser parser = new VtParser(new VtHandler() {
        @Override
        public void print(int codePoint) {
            out.appendCodePoint(codePoint);
        }

        @Override
        public void execute(int control) {
            if (control == '\n') {
                out.append('\n');
            } else if (control == '\t') {
                out.append('\t');
            } else if (control == '\r' && PlainTextDecoder.this.keepCarriageReturns) {
                out.append('\r');
            }
        }
    });

    /** A decoder that drops CRs. */
    public PlainTextDecoder() {
        this(false);
    }

    /** @param keepCarriageReturns whether a CR comes out as {@code \r} (with {@code \r\n}, before the newline) */
    public PlainTextDecoder(boolean keepCarriageReturns) {
        this.keepCarriageReturns = keepCarriageReturns;
    }

    /** Decodes {@code data[from, to)} and appends its text to {@code into}. */
    public void decode(byte[] data, int from, int to, StringBuilder into) {
        parser.parse(data, from, to);
        into.append(out);
        out.setLength(0);
    }
}
