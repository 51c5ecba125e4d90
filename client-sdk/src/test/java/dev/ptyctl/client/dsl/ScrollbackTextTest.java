package dev.ptyctl.client.dsl;

import static dev.ptyctl.client.dsl.Screens.ESC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link ScrollbackText}: read a change at a time, it always equals the scrollback read whole. */
class ScrollbackTextTest {

    @Test
    void onlyTheLinesThatScrolledInSinceTheLastReadAreRead() {
        Terminal terminal = new Terminal(10, 2, 3);
        ScrollbackText text = new ScrollbackText();
        feed(terminal, "a\r\nb\r\nc\r\n");
        assertThat(texts(text.update(terminal))).containsExactly("a", "b");
        feed(terminal, "d\r\ne\r\n");
        assertThat(texts(text.update(terminal))).as("a dropped at the limit of 3").containsExactly("b", "c", "d");
        feed(terminal, ESC + "[3J");
        assertThat(text.update(terminal)).as("ED 3").isEmpty();
        feed(terminal, "f\r\n");
        assertThat(texts(text.update(terminal))).containsExactly("e");
    }

    @Test
    void randomOutputResizesAndResetsKeepItEqualToTheWholeScrollback() {
        Random random = new Random(14);
        String[] pieces = {"line\r\n", "a longer line that wraps\r\n", "\r\n\r\n\r\n", ESC + "[3J", ESC + "c",
            ESC + "[2S", ESC + "[?1049h", ESC + "[?1049l", ESC + "[2;3r" + ESC + "[3;1H\n\n" + ESC + "[r", "x", "\u4e2d\u6587"};
        for (int run = 0; run < 20; run++) {
            Terminal terminal = new Terminal(8, 3, 6);
            ScrollbackText text = new ScrollbackText();
            for (int step = 0; step < 200; step++) {
                if (random.nextInt(10) == 0) {
                    terminal.resize(4 + random.nextInt(10), 2 + random.nextInt(4));
                    text.forget();
                } else {
                    feed(terminal, pieces[random.nextInt(pieces.length)] + step);
                }
                if (random.nextBoolean()) {
                    assertThat(text.update(terminal)).as("run %d, step %d", run, step)
                            .isEqualTo(Cells.scrollbackLines(terminal));
                }
            }
        }
    }

    private static java.util.List<String> texts(java.util.List<ScrollbackLine> lines) {
        return lines.stream().map(ScrollbackLine::text).toList();
    }

    private static void feed(Terminal terminal, String output) {
        terminal.feed(output.getBytes(StandardCharsets.UTF_8));
    }
}
