package dev.ptyctl.vt.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PasteEncoderTest {
    private static String paste(String text, boolean bracketed) {
        return new String(PasteEncoder.encode(text, bracketed), StandardCharsets.UTF_8);
    }

    @Test
    void lineBreaksArriveAsEnterWhetherOrNotThePasteIsBracketed() {
        assertThat(paste("a\nb\r\nc", false)).isEqualTo("a\rb\rc");
        assertThat(paste("a\nb\r\nc", true)).isEqualTo("\u001b[200~a\rb\rc\u001b[201~");
    }

    @Test
    void aPastedEndMarkerCannotEndTheBracketEarly() {
        assertThat(paste("safe\u001b[201~rm -rf ~\n", true)).isEqualTo("\u001b[200~safe[201~rm -rf ~\r\u001b[201~");
    }

    @Test
    void textIsUtf8() {
        assertThat(PasteEncoder.encode("ü", false)).containsExactly(0xc3 - 256, 0xbc - 256);
    }
}
