package dev.ptyctl.cli;

import dev.ptyctl.vt.PlainTextDecoder;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code ptyctl follow --text}: what a program writes to its terminal, as plain UTF-8 text for a log or a
 * {@code grep}: escape sequences (colours, cursor moves, titles, prompt marks) dropped, {@code \r\n} as {@code \n}, a
 * line redrawn after a lone carriage return or a cursor move to column 1 or to another row (a progress bar, a spinner,
 * a full-screen program placing its rows) as a line of its own, as
 * {@link PlainTextDecoder.CarriageReturns#LINE_BREAK_AT_CURSOR_MOVES} reads them: a stream cannot take back a line
 * already printed, so each drawing stays, one a line. A sequence or a character split across writes comes out whole.
 */
final class PlainTextOutput extends FilterOutputStream {
    private final PlainTextDecoder decoder = new PlainTextDecoder(
            PlainTextDecoder.CarriageReturns.LINE_BREAK_AT_CURSOR_MOVES);
    private final StringBuilder text = new StringBuilder();

    PlainTextOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] data, int from, int length) throws IOException {
        decoder.decode(data, from, from + length, text);
        if (!text.isEmpty()) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            text.setLength(0);
        }
    }
}
