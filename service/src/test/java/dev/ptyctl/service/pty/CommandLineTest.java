package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandLineTest {

    @Test
    void blanksSeparateWords() {
        assertThat(CommandLine.split("  bash   --norc\t-i \n")).containsExactly("bash", "--norc", "-i");
    }

    @Test
    void singleQuotesKeepEverythingLiterally() {
        assertThat(CommandLine.split("bash -c 'echo \"$HOME\" \\n; ls'"))
                .containsExactly("bash", "-c", "echo \"$HOME\" \\n; ls");
    }

    @Test
    void doubleQuotesKeepBlanksAndUnescapeOnlyShellSpecials() {
        assertThat(CommandLine.split("printf \"a b\\\"c\\\\d\\$e\\x\""))
                .containsExactly("printf", "a b\"c\\d$e\\x");
    }

    @Test
    void backslashOutsideQuotesKeepsTheNextCharacter() {
        assertThat(CommandLine.split("ls my\\ file \\'x\\' a\\\\b")).containsExactly("ls", "my file", "'x'", "a\\b");
    }

    @Test
    void backslashNewlineJoinsLines() {
        assertThat(CommandLine.split("echo one\\\ntwo \"three\\\nfour\""))
                .containsExactly("echo", "onetwo", "threefour");
    }

    @Test
    void quotesGlueToNeighbouringText() {
        assertThat(CommandLine.split("--name=\"a b\"'c d'e")).containsExactly("--name=a bc de");
    }

    @Test
    void emptyQuotesAreAnEmptyWord() {
        assertThat(CommandLine.split("cmd '' \"\" x")).containsExactly("cmd", "", "", "x");
    }

    @Test
    void nothingIsExpanded() {
        assertThat(CommandLine.split("echo $HOME ~ *.txt $(id) >out")).containsExactly("echo", "$HOME", "~", "*.txt",
                "$(id)", ">out");
    }

    @Test
    void unicodeIsKept() {
        assertThat(CommandLine.split("echo 'héllo wörld' ✓")).containsExactly("echo", "héllo wörld", "✓");
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo 'open", "echo \"open", "echo \"a\\\"", "echo 'a'b'"})
    void unbalancedQuotesAreRejected(String line) {
        assertThatThrownBy(() -> CommandLine.split(line)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unbalanced").hasMessageContaining(line);
    }

    @Test
    void trailingLoneBackslashIsRejected() {
        assertThatThrownBy(() -> CommandLine.split("echo a\\"))
                .hasMessageStartingWith("command ends with a lone backslash");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t\n"})
    void emptyCommandIsRejected(String line) {
        assertThatThrownBy(() -> CommandLine.split(line)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("command is empty");
    }
}
