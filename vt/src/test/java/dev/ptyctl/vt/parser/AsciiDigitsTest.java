package dev.ptyctl.vt.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AsciiDigitsTest {

    @Test
    void digitsAreCountedUpToTheFirstByteThatIsNotOne() {
        for (int b = 0; b < 256; b++) {
            boolean digit = b >= '0' && b <= '9';
            for (int at = 0; at < 4; at++) {
                byte[] bytes = "5555".getBytes(StandardCharsets.US_ASCII);
                bytes[at] = (byte) b;
                int word = AsciiDigits.word(bytes, 0);
                assertThat(AsciiDigits.count(word)).as("byte %d at %d", b, at).isEqualTo(digit ? 4 : at);
                if (!digit) {
                    assertThat(AsciiDigits.after(word, at)).as("byte %d at %d", b, at).isEqualTo((int) (byte) b);
                }
            }
        }
    }

    @Test
    void everyNumberOfUpToThreeDigitsIsValuedAsWritten() {
        for (int n = 0; n < 1000; n++) {
            for (String written : new String[] {Integer.toString(n), String.format("%03d", n)}) {
                if (written.length() > 3) {
                    continue;
                }
                byte[] bytes = (written + ";xyz").getBytes(StandardCharsets.US_ASCII);
                int word = AsciiDigits.word(bytes, 0);
                assertThat(AsciiDigits.count(word)).as(written).isEqualTo(written.length());
                assertThat(AsciiDigits.value(word, written.length())).as(written).isEqualTo(n);
                assertThat(AsciiDigits.after(word, written.length())).as(written).isEqualTo((int) ';');
            }
        }
        assertThat(AsciiDigits.value(AsciiDigits.word("m123".getBytes(StandardCharsets.US_ASCII), 0), 0)).isZero();
    }
}
