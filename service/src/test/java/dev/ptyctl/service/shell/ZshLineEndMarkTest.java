package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** zsh's partial-line mark is left out of a command's output, and nothing a program printed itself is. */
class ZshLineEndMarkTest {
    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theMarkZshPrintsAfterAnUnendedLineIsNotTheCommandsOutput() {
        // as zsh 5.9 wrote it after `printf abc` in an 80-column terminal, as root
        byte[] root = bytes("abc\u001b[1m\u001b[7m#\u001b[27m\u001b[1m\u001b[0m" + " ".repeat(79) + "\r \r");
        assertThat(ZshLineEndMark.end(root, 80)).isEqualTo(3);
        assertThat(CommandOutput.render(root, 80)).isEqualTo("abc\n");
        byte[] wide = bytes("abc⏎" + " ".repeat(78) + "\r \r"); // a theme's mark, on a terminal without xn
        assertThat(ZshLineEndMark.end(wide, 80)).isEqualTo(3);
    }

    @Test
    void aMarkOfTheUsersOwnAsWideAsItIsIsLeftOutToo() {
        // as zsh 5.9 wrote it with PROMPT_EOL_MARK='%B%S<no newline>%s%b' after `printf abc`, 80 columns: the spaces
        // reach the margin from the mark's end (68 of them), and 12 erase it
        byte[] own = bytes("abc\u001b[1m\u001b[7m<no newline>\u001b[27m\u001b[1m\u001b[0m" + " ".repeat(68) + "\r"
                + " ".repeat(12) + "\r");
        assertThat(ZshLineEndMark.end(own, 80)).isEqualTo(3);
        assertThat(CommandOutput.render(own, 80)).isEqualTo("abc\n");
        byte[] cjk = bytes("abc日" + " ".repeat(77) + "\r  \r"); // a mark two columns wide, without xn
        assertThat(ZshLineEndMark.end(cjk, 80)).isEqualTo(3);
    }

    @Test
    void outputThatOnlyLooksAlikeIsKept() {
        String[] kept = {"abc", "abc\r\n", "50%\r \r", "x" + " ".repeat(10) + "\r \r", "ab#" + " ".repeat(79) + "\r\r",
                "ab\u0007" + " ".repeat(79) + "\r \r", "ab日" + " ".repeat(79) + "\r \r",
                "abc<mark>" + " ".repeat(79) + "\r" + " ".repeat(6) + "\r"};
        for (String text : kept) {
            byte[] output = bytes(text);
            assertThat(ZshLineEndMark.end(output, 80)).as(text).isEqualTo(output.length);
        }
    }
}
