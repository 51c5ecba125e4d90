package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.cursor;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static dev.ptyctl.vt.fixtures.Vt.rows;
import static dev.ptyctl.vt.fixtures.Vt.scrollback;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.CellView;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Byte streams recorded from real programs with {@code vt/scripts/record-session.py} (bash 5.2 with
 * readline, GNU ls 9.1, vim 9.0 and less 590, TERM=xterm-256color) in a 40-column terminal. The
 * expected screens are what xterm.js 6 shows for the same bytes.
 */
class RealProgramTest {

    private static byte[] session(String name) {
        try (InputStream in = RealProgramTest.class.getResourceAsStream("/sessions/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource sessions/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ChunkedTest
    void bashReadlineEditingShowsTheEditedCommandAndItsOutput(Chunking chunking) {
        // typed "echo world", Ctrl-A, five times Right, "hello ", Enter; then a command longer than
        // the screen with three backspaces; then printf with a tab; then exit
        Terminal t = feed(new Terminal(40, 8), chunking, session("bash-readline.bin"));
        assertThat(scrollback(t)).containsExactly("$ echo hello world", "hello world");
        assertThat(rows(t)).containsExactly(
            "$ echo 012345678901234567890123456789012",
            "3456",
            "0123456789012345678901234567890123456",
            "$ printf \"a\\tb\\n\"",
            "a       b",
            "$ exit",
            "exit",
            "");
        assertThat(cursor(t)).isEqualTo("7,0");
        assertThat(t.bracketedPaste()).isFalse();
    }

    @ChunkedTest
    void lsColorOutputKeepsColoursOnTheNames(Chunking chunking) {
        Terminal t = feed(new Terminal(40, 8), chunking, session("ls-color.bin"));
        assertThat(rows(t).subList(0, 5)).containsExactly(
            "$ ls --color=always",
            "README.md  docs     notes.txt",
            "build.sh   link.md  src",
            "$ exit",
            "exit");
        CellView docs = t.cellAt(1, 11);
        assertThat(docs.chars()).isEqualTo("d");
        assertThat(docs.bold()).isTrue();
        assertThat(docs.fgMode()).isEqualTo(CellView.COLOR_PALETTE);
        assertThat(docs.fg()).isEqualTo(4);
        assertThat(t.cellAt(2, 0).fg()).isEqualTo(2);
        assertThat(t.cellAt(2, 11).fg()).isEqualTo(6);
        assertThat(t.cellAt(1, 0).fgMode()).isEqualTo(CellView.COLOR_DEFAULT);
        assertThat(t.cellAt(1, 15).bold()).isFalse();
    }

    @ChunkedTest
    void vimScrollsAndInsertsInsideAScrollRegionOnTheAlternateScreen(Chunking chunking) {
        // "15G", Ctrl-E twice (scroll), "OHELLO" Esc, "x": vim scrolls with DECSTBM + LF and opens
        // the line with DECSTBM + IL
        Terminal t = feed(new Terminal(40, 10), chunking, "$ vim lines.txt\r\n");
        feed(t, chunking, session("vim-edit.bin"));
        assertThat(t.alternateScreenActive()).isTrue();
        assertThat(rows(t)).containsExactly(
            "line number 13", "line number 14", "HELL", "line number 15", "line number 16",
            "line number 17", "line number 18", "line number 19", "line number 20", "");
        assertThat(cursor(t)).isEqualTo("2,3");
        assertThat(t.applicationCursorKeys()).isTrue();
        assertThat(t.applicationKeypad()).isTrue();
        assertThat(t.bracketedPaste()).isTrue();
        assertThat(scrollback(t)).isEmpty();
    }

    @ChunkedTest
    void quittingVimRestoresTheShellScreenAndModes(Chunking chunking) {
        Terminal t = feed(new Terminal(40, 10), chunking, "$ vim lines.txt\r\n");
        feed(t, chunking, session("vim-quit.bin"));
        assertThat(t.alternateScreenActive()).isFalse();
        assertThat(rows(t).get(0)).isEqualTo("$ vim lines.txt");
        assertThat(rows(t).subList(1, 10)).containsOnly("");
        assertThat(cursor(t)).isEqualTo("1,0");
        assertThat(t.applicationCursorKeys()).isFalse();
        assertThat(t.applicationKeypad()).isFalse();
        assertThat(t.cursorVisible()).isTrue();
    }

    @ChunkedTest
    void lessPagesForwardAndScrollsBackWithReverseIndex(Chunking chunking) {
        // Space (page), j (line down), k twice (reverse index at the top)
        Terminal t = feed(new Terminal(40, 10), chunking, session("less-paging.bin"));
        assertThat(t.alternateScreenActive()).isTrue();
        assertThat(rows(t)).containsExactly(
            "line number 9", "line number 10", "line number 11", "line number 12", "line number 13",
            "line number 14", "line number 15", "line number 16", "line number 17", ":");
        assertThat(cursor(t)).isEqualTo("9,1");
    }
}
