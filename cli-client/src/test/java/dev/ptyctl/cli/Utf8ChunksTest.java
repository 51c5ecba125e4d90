package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class Utf8ChunksTest {

    @Test
    void aCharacterSplitBetweenReadsComesOutWhole() {
        byte[] text = "aé€😀b".getBytes(StandardCharsets.UTF_8);
        for (int split = 0; split <= text.length; split++) {
            Utf8Chunks chunks = new Utf8Chunks();

            String first = chunks.decode(Arrays.copyOfRange(text, 0, split));
            String second = chunks.decode(Arrays.copyOfRange(text, split, text.length));

            assertThat(first + second).as("split at %d", split).isEqualTo("aé€😀b");
            assertThat(first).as("split at %d", split).doesNotContain("\uFFFD");
        }
    }

    @Test
    void bytesThatAreNotUtf8AreNotHeldBack() {
        Utf8Chunks chunks = new Utf8Chunks();

        assertThat(chunks.decode(new byte[] {(byte) 0x80, 'x'})).isEqualTo("\uFFFDx");
    }
}
