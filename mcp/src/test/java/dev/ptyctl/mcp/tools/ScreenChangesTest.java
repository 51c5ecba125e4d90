package dev.ptyctl.mcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What a wait's facts say when it answers the whole screen after earlier looks. */
class ScreenChangesTest {
    private static void feed(Terminal t, String text) {
        t.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An agent that sent "vim notes.txt" to a new shell first looked while vim was up; when vim ends, the whole main
     * screen is the answer, and the facts say why, as they do when the main screen was seen before vim.
     */
    @Test
    void theMainScreenAfterAFullScreenProgramSeenFirstSaysWhyItIsWhole() {
        Terminal t = new Terminal(40, 6);
        feed(t, "$ vim notes.txt\r\n\u001b[?1049h\u001b[Hone\r\n~\r\n~");
        ScreenChanges.View inVim = ScreenChanges.view(t, 0, null, false);
        assertThat(inVim.shown()).isEqualTo(ScreenChanges.Shown.SCREEN);
        assertThat(inVim.describe()).as("a first look is not labelled").isEmpty();

        feed(t, "\u001b[?1049l$ ");
        ScreenChanges.View back = ScreenChanges.view(t, 0, inVim.look(), false);
        assertThat(back.shown()).isEqualTo(ScreenChanges.Shown.SCREEN);
        assertThat(back.text()).isEqualTo("$ vim notes.txt\n$\n");
        assertThat(back.describe()).contains("whole screen: a full-screen program ended");
    }
}
