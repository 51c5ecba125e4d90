package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.TerminalSize;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link LiveScreen}, the driver's copy of the screen, apart from its marks ({@link DrawnSinceTest}). */
class LiveScreenTest {
    private final LiveScreen screen = new LiveScreen(new TerminalSize(30, 4));

    @Test
    void aStepsPictureIsDrawnOncePerChangeOfTheScreen() {
        screen.onOutput("$ ".getBytes(StandardCharsets.UTF_8), 2, false);
        String prompt = screen.svg();

        assertThat(screen.svg()).as("no output since: the same picture, not drawn again").isSameAs(prompt);

        screen.onOutput("ls".getBytes(StandardCharsets.UTF_8), 4, false);
        String typed = screen.svg();
        assertThat(typed).contains("$ ls").isNotEqualTo(prompt);
        screen.onSize(new TerminalSize(20, 4));
        assertThat(screen.svg()).as("a resize is a change").contains("width=\"180\"").isNotSameAs(typed);
    }

    @Test
    void looksWithNoOutputBetweenShareOneCopyOfTheCells() {
        screen.onOutput("$ ".getBytes(StandardCharsets.UTF_8), 2, false);
        Cells prompt = screen.cells();

        assertThat(screen.cells()).as("no output since: the same copy, not made again").isSameAs(prompt);

        screen.onOutput("ls".getBytes(StandardCharsets.UTF_8), 4, false);
        Cells typed = screen.cells();
        assertThat(typed.toScreen().text()).contains("$ ls");
        assertThat(prompt.toScreen().text()).as("a copy is not changed by later output").doesNotContain("ls");
        screen.onSize(new TerminalSize(20, 4));
        assertThat(screen.cells().toScreen().size()).as("a resize is a change").isEqualTo(new TerminalSize(20, 4));
    }
}
