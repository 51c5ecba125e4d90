package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A screen makes its rows when they are first used: an idle terminal keeps no alternate screen rows. */
class ScreenRowsTest {

    private static void feed(Terminal t, String text) {
        t.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    private static long rowsMade(Screen s) {
        return IntStream.range(0, s.rows()).filter(s::rowMade).count();
    }

    @Test
    void aShellPromptMakesOnlyTheRowsItWroteAndNoAlternateRows() {
        Terminal t = new Terminal(100, 30, 1000);
        feed(t, "$ ls\r\nREADME.md\r\n$ ");
        Screen main = t.emulator().mainScreen();
        assertThat(rowsMade(main)).isEqualTo(3);
        feed(t, "\u001b[?1049h\u001b[H\u001b[2Jvim");
        Screen alternate = t.emulator().activeScreen();
        assertThat(alternate).isNotSameAs(main);
        assertThat(alternate.line(0).text()).isEqualTo("vim");
        assertThat(alternate.line(29).text()).isEmpty();
        feed(t, "\u001b[?1049l");
        assertThat(t.emulator().activeScreen().line(1).text()).isEqualTo("README.md");
    }

    @Test
    void aRowNeverWrittenReadsBlankAndScrollsLikeAnyOther() {
        Screen s = new Screen(10, 4, 0);
        s.line(3).set(0, 'z', 1, Style.DEFAULT, 0);
        s.deleteLines(0, 3, 1, Style.DEFAULT);
        assertThat(s.line(2).text()).isEqualTo("z");
        assertThat(s.line(3).text()).isEmpty();
        assertThat(s.line(0).text()).isEmpty();
    }
}
