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

    /**
     * A scan that falls behind a flood goes on from what the log keeps, skipping only what is provably the rest of a
     * string sequence the overwrite cut (a title ended by ST) or of a character (no replacement mark).
     */
    @Test
    void aScanThatFallsBehindGoesOnAtABoundaryNotInTheMiddleOfAStringSequenceOrCharacter() {
        OutputLog small = new OutputLog(1000);
        OutputScan scan = new OutputScan(small, 0, true);
        print(small, "start\r\n");
        scan.advance(small.nextSeq(), List.of());
        // The 1,000 bytes kept begin inside a title (OSC 2), which its ST (ESC \\) ends: an ST ends nothing but a
        // string, so what comes before it is the rest of one, not text.
        String head = "tle secret\u001b\\RED\u001b[0m\r\n";
        String tail = "\r\nlast\r\n";
        String kept = head + "x".repeat(1000 - head.length() - tail.length()) + tail;
        print(small, "flood ".repeat(500) + "\u001b]2;a ti" + kept);
        assertThat(small.firstKeptSeq()).isEqualTo(small.nextSeq() - kept.length());
        scan.advance(small.nextSeq(), List.of());
        assertThat(scan.text().toString()).startsWith("start\nRED\n").doesNotContain("secret")
                .doesNotContain("flood").endsWith("x\nlast\n");
        assertThat(scan.seqAfter(scan.text().length())).isEqualTo(small.nextSeq());

        // Again, the kept bytes beginning with the last two bytes of a euro sign, and no escape sequence after.
        String plain = "euro\r\n" + "y".repeat(985) + "\r\nend\r\n"; // 998 bytes, after 2 of the euro sign
        print(small, "z".repeat(3000) + "\u20ac" + plain);
        assertThat(small.firstKeptSeq()).as("the cut splits the euro sign").isEqualTo(small.nextSeq() - 2
                - plain.length());
        scan.advance(small.nextSeq(), List.of());
        assertThat(scan.text().toString()).doesNotContain("\ufffd").doesNotContain("z")
                .endsWith("last\neuro\n" + "y".repeat(985) + "\nend\n");
    }

    /**
     * Plain text at the head of what a flood left is text a wait must see, an escape sequence after it or not: a build
     * log's last line before a coloured prompt. Only a string's ST proves the head was inside a sequence; the rest of
     * a cut CSI ({@code 1m} of {@code ESC [ 3 1 m}) cannot be told from text, so it is read as text.
     */
    @Test
    void aScanThatFallsBehindKeepsThePlainTextTheLogKeptBeforeTheNextEscapeSequence() {
        OutputLog small = new OutputLog(1000);
        OutputScan scan = new OutputScan(small, 0, true);
        print(small, "start\r\n");
        scan.advance(small.nextSeq(), List.of());
        String kept = "BUILD SUCCESS\r\n" + "w".repeat(960) + "\r\n\u001b[32muser\u001b[0m$ ";
        kept = "o".repeat(1000 - kept.length()) + kept;
        print(small, "log line\r\n".repeat(400) + kept);
        assertThat(small.firstKeptSeq()).isEqualTo(small.nextSeq() - kept.length());
        scan.advance(small.nextSeq(), List.of());
        assertThat(scan.text().toString()).startsWith("start\no").contains("oBUILD SUCCESS\nwww").endsWith("user$ ");

        // 1,000 bytes from "1m" on: the cut falls inside ESC [ 3 1 m.
        print(small, "log line\r\n".repeat(400) + "\u001b[3" + "1mRED\u001b[0m\r\n" + "v".repeat(987) + "\r\n");
        scan.advance(small.nextSeq(), List.of());
        assertThat(scan.text().toString()).contains("user$ 1mRED\n");
    }

    private static void print(OutputLog into, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        into.output(bytes, 0, bytes.length, into.nextSeq() + bytes.length);
    }
}
