package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bash started with ptyctl's integration: prompt marks, exit codes, cwd and titles, and the user's rc still works. */
class BashIntegrationTest {
    @TempDir
    Path home;

    private IntegratedShell bash(String bashrc) throws Exception {
        Files.writeString(home.resolve(".bashrc"), bashrc);
        return new IntegratedShell("bash", home);
    }

    @Test
    void commandsAreMarkedWithTheirExitCodes() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\n")) {
            assertThat(bash.run("true")).containsSubsequence("133;C", "2;true", "133;D;0", "133;A", "133;B");
            assertThat(bash.run("false")).containsSubsequence("133;C", "133;D;1");
            assertThat(bash.run("(exit 2)")).contains("133;D;2");
            assertThat(bash.run("no-such-command-here")).contains("133;D;127");
        }
    }

    @Test
    void everyLineOfAPastedInputGetsItsCommandLineUnlessTheHistoryDroppedIt() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\nHISTCONTROL=ignorespace:ignoredups\n")) {
            bash.run("true");
            // Bracketed paste, as ptyctl run sends several lines: bash runs them one after another without a prompt.
            List<String> osc = bash.typeUntil("\u001b[200~echo one\n echo two\necho three\necho three\necho four"
                    + "\u001b[201~\r", "133;A");
            assertThat(osc.stream().filter(IntegratedShell.startsWith("633;E")).toList()).containsExactly(
                    "633;E;echo one", "633;E;echo three", "633;E;echo four");
            assertThat(osc.stream().filter(IntegratedShell.startsWith("133;D")).toList()).hasSize(5);
        }
    }

    @Test
    void aCtrlCWhileTheStartUpFilesRunDoesNotLoseTheIntegration() throws Exception {
        // kill -INT $$ stands for a Ctrl-C typed before the first prompt, while the rc runs: bash would abandon the
        // rest of its start-up files, ptyctl's marks included, and never set the prompt below.
        try (IntegratedShell bash = bash("kill -INT $$\nPS1='ready$ '\n")) {
            assertThat(bash.run("trap -p INT")).contains("133;D;0");
            assertThat(bash.screen()).doesNotContain("trap --"); // bash's own Ctrl-C handling is back
        }
    }

    @Test
    void theUsersOwnCtrlCTrapIsKept() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\ntrap 'echo user-int' INT\n")) {
            bash.run("trap -p INT");
            assertThat(bash.screen()).contains("trap -- 'echo user-int' SIGINT");
        }
    }

    @Test
    void anEmptyLineIsNoCommand() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\n")) {
            assertThat(bash.run("")).noneMatch(IntegratedShell.startsWith("133;D"))
                    .noneMatch(IntegratedShell.startsWith("133;C")).contains("133;A", "133;B");
        }
    }

    @Test
    void workingDirectoryAndTitleFollowTheShell() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\n")) {
            Files.createDirectory(home.resolve("a dir"));
            List<String> osc = bash.run("cd 'a dir'");
            assertThat(osc).contains("7;file://" + hostname() + home.toRealPath().toString().replace(" ", "%20")
                    + "/a%20dir");
            assertThat(osc).contains("2;bash ~/a dir", "2;cd 'a dir'");
        }
    }

    @Test
    void theUsersBashrcAndPromptCommandStillWork() throws Exception {
        try (IntegratedShell bash = bash("""
                PS1='ready$ '
                alias greet='echo hello-from-rc'
                PROMPT_COMMAND='echo "user-pc saw $?"'
                """)) {
            bash.run("greet");
            assertThat(bash.screen()).contains("hello-from-rc\nuser-pc saw 0\n");
            assertThat(bash.run("false")).contains("133;D;1");
            assertThat(bash.screen()).contains("user-pc saw 1\n");
        }
    }

    @Test
    void aThemeThatRebuildsPs1EveryPromptIsStillMarked() throws Exception {
        try (IntegratedShell bash = bash("""
                __theme() { PS1="ready\\$ "; }
                PROMPT_COMMAND=__theme
                """)) {
            assertThat(bash.run("echo x")).containsSubsequence("133;D;0", "133;A", "133;B");
        }
    }

    @Test
    void shellsAskedForSomethingSpecificAreLeftAlone() {
        for (List<String> command : List.of(List.of("bash", "-c", "ls"), List.of("bash", "--norc"),
                List.of("bash", "script.sh"), List.of("bash", "-l"), List.of("bash", "-il"),
                List.of("zsh", "-c", "ls"), List.of("zsh", "-f"), List.of("fish", "--no-config"), List.of("sh"))) {
            var launch = ShellIntegration.integrate(command, Map.of());
            assertThat(launch.command()).as("%s", command).isEqualTo(command);
            assertThat(launch.environment()).as("%s", command).isEmpty();
        }
        assertThat(ShellIntegration.integrate(List.of("/bin/bash", "-i"), Map.of()).command())
                .startsWith("/bin/bash", "--rcfile").endsWith("-i");
    }

    static String hostname() throws Exception {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isEmpty()) {
            return fromEnv;
        }
        return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    }

    @Test
    void aCommandsExitCodeMarkSurvivesAResizeWhileItRunsAlsoForAPromptDrawnOnAWrappedRow() throws Exception {
        try (IntegratedShell bash = bash("PS1='ready$ '\n")) {
            // 150 digits without a newline on a 100-column screen: the next prompt is drawn on their wrapped row.
            bash.run("printf '%0150d' 0");
            bash.typeUntil("read x\r", "133;C");
            bash.resize(200, 30); // wider: the reflow merges that row into the row above it
            // Up to the next prompt's B, so the next line's wait starts after it and not before the D of its command.
            assertThat(bash.typeUntil("\r", "133;B")).contains("133;D;0");
            bash.run("false");
            assertThat(bash.markedLines()).filteredOn(line -> line.endsWith("ready$ read x A0")).hasSize(1);
            assertThat(bash.markedLines()).filteredOn(line -> line.endsWith("ready$ false A1")).hasSize(1);
        }
    }
}
