package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandLinesTest {
    @Test
    void blankLinesAndCommentsHaveNothingToRun() {
        assertThat(CommandLines.nothingToRun("")).isTrue();
        assertThat(CommandLines.nothingToRun("  \t")).isTrue();
        assertThat(CommandLines.nothingToRun("# just a note")).isTrue();
        assertThat(CommandLines.nothingToRun("   # indented\n\n#another")).isTrue();
    }

    @Test
    void aLineWithACommandHasSomethingToRun() {
        assertThat(CommandLines.nothingToRun("echo # not only a comment")).isFalse();
        assertThat(CommandLines.nothingToRun("# a note\necho x")).isFalse();
        assertThat(CommandLines.nothingToRun("echo 'x' )")).isFalse();
    }
}
