package dev.ptyctl.mcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalWait;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** terminal_wait's line of facts quotes a long match's start. */
class WaitTextsTest {
    @Test
    void aLongMatchIsQuotedCutBeforeACharacterNotInsideIt() {
        // 119 letters and an emoji (two chars): cutting at 120 chars kept half of the emoji, written as '?'.
        String matched = "a".repeat(119) + "\uD83D\uDE00" + "b".repeat(20);
        String line = WaitTexts.describe(TerminalWait.Reason.REGEX, Optional.of(new TerminalWait.Match(
                new ScreenPatterns.Found(0, matched, List.of(), Map.of(), 0, 0), 42)));
        String encoded = new String(line.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        assertThat(encoded).isEqualTo("regex \"" + "a".repeat(119) + "…\"");
    }
}
