package dev.ptyctl.service.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.output.OutputLog;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text a wait after an offset searches: a lone CR as a line break, and where each character's bytes end. */
class OutputScanTest {
    private final OutputLog log = new OutputLog(1 << 20);

    private void print(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        log.output(bytes, 0, bytes.length, log.nextSeq() + bytes.length);
    }

    @Test
    void aLoneCarriageReturnIsALineBreakAndEveryCharacterKnowsWhereItsBytesEnd() {
        OutputScan scan = new OutputScan(log, 0, true);
        print("10%\rDone x\r\nnext\r");
        scan.advance(log.nextSeq(), List.of());
        print("\rlast");
        scan.advance(log.nextSeq(), List.of());

        String text = scan.text().toString();
        assertThat(text).isEqualTo("10%\nDone x\nnext\nlast");
        // The line break of a CR comes out with the character after it, but ends with the CR (seq 4): a wait going on
        // after a match that ends with the break starts at "D", not after it.
        assertThat(scan.seqAfter(text.indexOf("Done"))).isEqualTo(4);
        assertThat(scan.seqAfter(text.indexOf("Done") + 1)).isEqualTo(5);
        assertThat(scan.seqAfter(text.indexOf("Done") + 4)).isEqualTo(8);
        assertThat(scan.seqAfter(text.indexOf(" x") + 2)).isEqualTo(10);
        assertThat(scan.seqAfter(text.indexOf(" x") + 3)).as("CRLF's newline ends with its LF").isEqualTo(12);
        assertThat(scan.seqAfter(text.indexOf("next") + 4)).isEqualTo(16);
        assertThat(scan.seqAfter(text.length())).isEqualTo(log.nextSeq());
    }
}
