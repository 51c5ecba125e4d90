package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8Test {

    @Test
    void completePrefixLeavesOutOnlyAnUnfinishedLastCharacter() {
        byte[] euro = "a€".getBytes(StandardCharsets.UTF_8); // 61 E2 82 AC
        assertThat(Utf8.completePrefix(euro, 0, 4)).isEqualTo(4);
        assertThat(Utf8.completePrefix(euro, 0, 3)).isEqualTo(1);
        assertThat(Utf8.completePrefix(euro, 0, 2)).isEqualTo(1);
        assertThat(Utf8.completePrefix(euro, 0, 1)).isEqualTo(1);
        byte[] invalid = {'a', (byte) 0xFF};
        assertThat(Utf8.completePrefix(invalid, 0, 2)).isEqualTo(2);
    }

    @Test
    void continuationPrefixCountsTheTailOfACutCharacter() {
        byte[] euro = "€x".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.continuationPrefix(euro, 1, euro.length)).isEqualTo(2);
        assertThat(Utf8.continuationPrefix(euro, 0, euro.length)).isZero();
    }

    @Test
    void endOfCharacterFindsTheLastContinuationByte() {
        byte[] bytes = "€x".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.endOfCharacter(bytes, 0)).isEqualTo(3);
        assertThat(Utf8.endOfCharacter(bytes, 3)).isEqualTo(4);
    }
}
