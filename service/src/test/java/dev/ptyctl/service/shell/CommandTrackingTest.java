package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Prompt tracking through real shells (SPEC §5.9): each command's line, output and exit code, for a command typed
 * over several lines and for one that clears the screen, in bash, zsh and fish.
 */
class CommandTrackingTest {
    @TempDir
    Path home;

    private IntegratedShell shell(String shell) throws Exception {
        Tools.require(shell);
        switch (shell) {
            case "bash" -> Files.writeString(home.resolve(".bashrc"), "PS1='ready$ '\n");
            case "zsh" -> Files.writeString(home.resolve(".zshrc"), "PS1='ready$ '\n");
            default -> {
                Path config = Files.createDirectories(home.resolve(".config/fish"));
                Files.writeString(config.resolve("config.fish"), "function fish_prompt; echo -n 'ready$ '; end\n");
            }
        }
        return new IntegratedShell(shell, home);
    }

    /** The command's output as a user (and {@code ptyctl run}) sees it: rendered, so zsh's PROMPT_SP is gone. */
    private static String output(PromptTracker.CommandRecord command) {
        return CommandOutput.render(command.outputBytes(), 100);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void theCommandLineIsReportedExactlyEvenWithSemicolonsBackslashesAndUnicode(String name) throws Exception {
        try (IntegratedShell shell = shell(name)) {
            String line = "echo 'a;b' \"c\\\\d\" ünï; false";
            shell.run(line);
            PromptTracker.CommandRecord command = shell.prompts().lastCommand().orElseThrow();
            assertThat(command.commandLine()).hasValue(line);
            assertThat(command.exitCode()).hasValue(1);
            assertThat(output(command)).contains("a;b c\\d ünï");
            assertThat(shell.prompts().state()).isEqualTo(PromptTracker.State.AT_PROMPT);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aCommandTypedOverSeveralLinesIsOneCommand(String name) throws Exception {
        try (IntegratedShell shell = shell(name)) {
            String end = name.equals("fish") ? "end" : "done";
            String loop = name.equals("fish") ? "for i in 1 2 3" : "for i in 1 2 3; do";
            int before = shell.prompts().recentCommands().size();
            shell.runLines(loop, "echo line-$i", end);

            assertThat(shell.prompts().recentCommands()).hasSize(before + 1);
            PromptTracker.CommandRecord command = shell.prompts().lastCommand().orElseThrow();
            assertThat(output(command)).endsWith("line-1\nline-2\nline-3\n");
            assertThat(command.exitCode()).hasValue(0);
            assertThat(command.commandLine().orElseThrow()).contains("for i in 1 2 3", "echo line-$i", end);
            assertThat(shell.prompts().state()).isEqualTo(PromptTracker.State.AT_PROMPT);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void aCommandThatClearsTheScreenIsTrackedAndTheScreenShowsOnlyWhatFollows(String name) throws Exception {
        try (IntegratedShell shell = shell(name)) {
            shell.run("echo before-the-clear");
            shell.run("printf '\\033[H\\033[2J\\033[3J'; echo after-the-clear; false");

            PromptTracker.CommandRecord command = shell.prompts().lastCommand().orElseThrow();
            assertThat(command.exitCode()).hasValue(1);
            assertThat(output(command)).endsWith("after-the-clear\n");
            assertThat(shell.screen()).doesNotContain("before-the-clear").startsWith("after-the-clear\nready$");
            shell.run("echo next");
            assertThat(shell.prompts().lastCommand().orElseThrow().commandLine()).hasValue("echo next");
            assertThat(shell.prompts().lastCommand().orElseThrow().exitCode()).hasValue(0);
        }
    }
}
