package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ptyctl.testsupport.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shell typed at an integrated shell's prompt ({@code fish} in fish, {@code bash} in bash, or {@code ptyctl run --
 * fish}) is a plain shell: it prints no prompt marks (else a {@code ptyctl run} waiting in the outer shell would end
 * at the inner prompt), and the environment it inherits holds nothing of ptyctl's, the user's own values put back as
 * they were. The outer shell keeps its marks.
 */
class NestedShellTest {
    /** Where a leak would show in an inherited environment: our marks, our functions, our folder. */
    private static final List<String> OURS = List.of("\u001b]", "__ptyctl", "ptyctl-shell-", "PTYCTL_USER_");

    @TempDir
    Path home;

    @Test
    void fishStartedFromFishIsNotIntegratedAndGetsTheUsersDataDirsBack() throws Exception {
        String users = "/usr/local/share:/usr/share:" + home.resolve("own data");
        try (IntegratedShell fish = fish(Map.of("XDG_DATA_DIRS", users))) {
            Map<String, String> inner = nestedShellsEnvironment(fish, "INNER=yes fish");
            assertThat(inner).containsEntry("XDG_DATA_DIRS", users);
            outerStillMarks(fish);
        }
    }

    @Test
    void fishStartedFromFishHasNoDataDirsWhenTheUserHadNone() throws Exception {
        assumeTrue(System.getenv("XDG_DATA_DIRS") == null, "this test JVM's environment sets XDG_DATA_DIRS");
        try (IntegratedShell fish = fish(Map.of())) {
            assertThat(nestedShellsEnvironment(fish, "INNER=yes fish")).doesNotContainKey("XDG_DATA_DIRS");
            outerStillMarks(fish);
        }
    }

    /**
     * The user's conf.d snippets run before ours and see our entry in {@code XDG_DATA_DIRS}; one that adds a directory
     * (a package manager's, in front or behind) keeps what it added, and what programs started from the shell inherit
     * has no entry of ours.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/opt/added $XDG_DATA_DIRS", "$XDG_DATA_DIRS /opt/added"})
    void fishKeepsWhatTheUsersSnippetAddedToTheDataDirs(String added) throws Exception {
        String users = "/usr/local/share:/usr/share:" + home.resolve("own data");
        Path snippets = Files.createDirectories(home.resolve(".config/fish/conf.d"));
        Files.writeString(snippets.resolve("added.fish"), "set -gx XDG_DATA_DIRS (string join : " + added + ")\n");
        try (IntegratedShell fish = fish(Map.of("XDG_DATA_DIRS", users))) {
            fish.run("env > outer.env");
            assertThat(Files.readAllLines(home.resolve("outer.env"))).as("what the shell passes on")
                    .contains("XDG_DATA_DIRS=" + (added.startsWith("/opt") ? "/opt/added:" + users
                            : users + ":/opt/added"));
        }
    }

    /** A user's environment that exports bash's prompt variables: ours must not be passed on with them. */
    @Test
    void bashStartedFromBashPrintsNoMarksAndRunsNoPtyctlFunction() throws Exception {
        // Set again here (Debian's /etc/bash.bashrc sets a PS1 of its own), PS1 stays exported.
        Files.writeString(home.resolve(".bashrc"), "PS1='ready$ '\n");
        try (IntegratedShell bash = new IntegratedShell("bash", home,
                Map.of("PS1", "env$ ", "PS2", "more> ", "PROMPT_COMMAND", "true"))) {
            nestedShellsEnvironment(bash, "bash");
            assertThat(bash.screen()).doesNotContain("command not found");
            outerStillMarks(bash);
        }
    }

    @Test
    void zshStartedFromZshPrintsNoMarks() throws Exception {
        Tools.require("zsh");
        Files.writeString(home.resolve(".zshrc"), "# the prompt comes from the environment\n");
        try (IntegratedShell zsh = new IntegratedShell("zsh", home, Map.of("PS1", "ready$ ", "PS2", "more> "))) {
            nestedShellsEnvironment(zsh, "zsh");
            outerStillMarks(zsh);
        }
    }

    private IntegratedShell fish(Map<String, String> userEnvironment) throws Exception {
        Tools.require("fish");
        Path config = Files.createDirectories(home.resolve(".config/fish"));
        Files.writeString(config.resolve("config.fish"), "function fish_prompt; echo -n \"$INNER\"'ready$ '; end\n");
        return new IntegratedShell("fish", home, userEnvironment);
    }

    /**
     * Starts a nested shell with {@code command} at the outer shell's prompt, checks that it prints no mark, saves its
     * environment and leaves it; returns that environment, which must hold nothing of ptyctl's.
     */
    private Map<String, String> nestedShellsEnvironment(IntegratedShell outer, String command) throws Exception {
        // Past the outer shell's C mark the line is read, and what is typed next waits for the nested shell.
        outer.typeUntil(command + "\r", "133;C");
        List<String> marks = outer.typeUntilShown("echo inner-4''2\r", "inner-42");
        marks.addAll(outer.typeUntilShown("env > inner.env; echo saved-1''2\r", "saved-12"));
        assertThat(marks).as("marks printed by the nested shell").noneMatch(IntegratedShell.startsWith("133;"))
                .noneMatch(IntegratedShell.startsWith("633;"));
        String environment = Files.readString(home.resolve("inner.env"));
        for (String ours : OURS) {
            assertThat(environment).as("the nested shell's environment").doesNotContain(ours);
        }
        outer.run("exit");
        return environment.lines().filter(line -> line.contains("=")).collect(java.util.stream.Collectors.toMap(
                line -> line.substring(0, line.indexOf('=')), line -> line.substring(line.indexOf('=') + 1),
                (a, b) -> b));
    }

    private static void outerStillMarks(IntegratedShell outer) throws Exception {
        assertThat(outer.run("true")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
    }
}
