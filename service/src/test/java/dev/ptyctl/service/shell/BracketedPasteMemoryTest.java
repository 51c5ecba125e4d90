package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What a terminal remembers of its shell's bracketed paste, keyed by the foreground process group at the prompt (the
 * waits themselves, against a real bash, are in the MCP module's TerminalRunShellsTest).
 */
class BracketedPasteMemoryTest {
    @Test
    void aShellThatLeftTheModeOffIsRememberedUntilTheModeIsSeenOn() {
        BracketedPasteMemory memory = new BracketedPasteMemory();
        assertThat(memory.leavesItOff(4242)).isFalse();
        memory.leftOff(4242);
        assertThat(memory.leavesItOff(4242)).isTrue();
        memory.seenOn();
        assertThat(memory.leavesItOff(4242)).isFalse();
    }

    @Test
    void anotherShellAtThePromptIsNotTakenForTheOneThatLeftItOff() {
        BracketedPasteMemory memory = new BracketedPasteMemory();
        memory.leftOff(4242);
        assertThat(memory.leavesItOff(5151)).as("a shell started from it has a process group of its own").isFalse();
        memory.leftOff(-1); // the group could not be read: the terminal's memory holds for every unknown one
        assertThat(memory.leavesItOff(-1)).isTrue();
        assertThat(memory.leavesItOff(4242)).isFalse();
    }
}
