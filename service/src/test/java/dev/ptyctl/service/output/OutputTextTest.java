package dev.ptyctl.service.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Pages of the output log as text: what terminal_output gives an agent. */
class OutputTextTest {

    private static OutputLog log(String output) {
        OutputLog log = new OutputLog(1 << 20);
        byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
        log.output(bytes, 0, bytes.length, bytes.length);
        return log;
    }

    /** A line drawn {@code last + 1} times after a CR: {@code \r<before>0<after>} to {@code \r<before>last<after>}. */
    private static String redraws(String before, int last, String after) {
        StringBuilder drawn = new StringBuilder();
        for (int i = 0; i <= last; i++) {
            drawn.append('\r').append(before).append(i).append(after);
        }
        return drawn.toString();
    }

    @Test
    void aLineRedrawnAfterCarriageReturnsReadsAsItsLastDrawing() {
        String output = "make\r\n" + redraws("\u001b[32mBuilding\u001b[0m ", 100, "%") + "\r\ndone\r\n";

        OutputText.Page page = OutputText.read(log(output), 0, 16384);

        assertThat(page.text()).isEqualTo("make\nBuilding 100%\ndone\n");
        assertThat(page.hasMore()).isFalse();
    }

    @Test
    void maxBytesCountsTheTextLeftNotEveryRedraw() {
        String output = redraws("step ", 2000, "") + "\r\nok\r\n"; // about 20 KB of redraws

        OutputText.Page page = OutputText.read(log(output), 0, 100);

        assertThat(page.text()).isEqualTo("step 2000\nok\n");
        assertThat(page.hasMore()).isFalse();
    }

    @Test
    void aPageIsCutOnTheTextLeftAndTheNextGoesOnFromThere() {
        String output = "one\r\nab\rcd\r\nthree\r\n";
        OutputText.Page first = OutputText.read(log(output), 0, 6); // "cd" replaces "ab": it fits
        OutputText.Page rest = OutputText.read(log(output), first.nextSeq(), 100);

        assertThat(first.text()).isEqualTo("one\ncd");
        assertThat(first.hasMore()).isTrue();
        assertThat(first.text() + rest.text()).isEqualTo(OutputText.read(log(output), 0, 100).text())
                .isEqualTo("one\ncd\nthree\n");
    }
}
