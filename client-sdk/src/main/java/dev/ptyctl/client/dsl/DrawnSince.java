package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.serialize.VtSerializer;

/**
 * What a terminal drew after a {@link Mark}: a second emulator that starts as an exact copy of the screen at the mark
 * (through the emulator's own {@code vt} serialization), with every cell then replaced by {@link Cells#STALE}, and is
 * fed the same output from then on. A cell holds real text again only once the program wrote it after the mark; a
 * line that merely scrolled keeps its stale cells, and text the program redraws unchanged counts as drawn. That is
 * what lets {@code expectAfter(mark).text("Sent")} ignore the echoed command line and the previous command's output,
 * which a plain screen search (VHS's {@code Wait}, {@code pty/wait}) would match at once.
 *
 * <p>Not thread-safe: {@link LiveScreen} feeds and reads it under its lock.
 */
final class DrawnSince {
    private final Mark mark;
    private final Terminal copy;

    /** A copy of {@code live} as it is now, at output offset {@code seq}. */
    DrawnSince(Terminal live, Mark mark) {
        this.mark = mark;
        this.copy = new Terminal(live.cols(), live.rows(), 0);
        copy.feed(VtSerializer.serializeBytes(live));
        markStale(copy.emulator().mainScreen());
        markStale(copy.emulator().activeScreen());
    }

    private static void markStale(Screen screen) {
        for (int row = 0; row < screen.rows(); row++) {
            Line line = screen.line(row);
            for (int col = 0; col < line.cols(); col++) {
                int width = line.width(col);
                if (width > 0) {
                    line.set(col, Cells.STALE, width, line.style(col), line.extra(col));
                }
            }
        }
    }

    Mark mark() {
        return mark;
    }

    void feed(byte[] data) {
        copy.feed(data);
    }

    void resize(int cols, int rows) {
        copy.resize(cols, rows);
    }

    /** The cells, with those not drawn since the mark as {@link Cells#STALE}. */
    Cells cells() {
        return Cells.of(copy);
    }
}
