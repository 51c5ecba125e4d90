package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a started command holds the terminal, read from a fake {@code /proc}: bash (pid 100, group 100) forks the
 * child 200, which takes the terminal (group 200) and only then execs {@code sleep}; a Ctrl-C in between is lost.
 */
class ForegroundProcessTest {
    private static final long SHELL = 100;
    private static final long CHILD = 200;

    @TempDir
    Path proc;

    @Test
    void theShellAtItsPromptHoldsTheTerminal() throws IOException {
        process(SHELL, "bash", "/usr/bin/bash", SHELL, SHELL);

        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isFalse();
    }

    @Test
    void aChildThatHasTakenTheTerminalButNotExecdIsNotTheProgramYet() throws IOException {
        process(SHELL, "bash", "/usr/bin/bash", SHELL, CHILD);
        process(CHILD, "bash", "/usr/bin/bash", CHILD, CHILD);

        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isFalse();
    }

    @Test
    void theChildHoldsTheTerminalOnceItHasExecdTheProgram() throws IOException {
        process(SHELL, "bash", "/usr/bin/bash", SHELL, CHILD);
        process(CHILD, "sleep", "/usr/bin/sleep", CHILD, CHILD);

        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isTrue();
    }

    @Test
    void aScriptRunByTheShellsOwnBinaryHasExecdToo() throws IOException {
        // ./build.sh with "#!/bin/bash": the same exe, but comm is the script's name.
        process(SHELL, "bash", "/usr/bin/bash", SHELL, CHILD);
        process(CHILD, "build.sh", "/usr/bin/bash", CHILD, CHILD);

        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isTrue();
    }

    @Test
    void aLeaderThatHasAlreadyEndedRanItsProgram() throws IOException {
        // true | sleep 30: the group's leader, true, has exited.
        process(SHELL, "bash", "/usr/bin/bash", SHELL, CHILD);

        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isTrue();
    }

    @Test
    void anUnreadableShellLeavesNothingToWaitFor() {
        assertThat(ForegroundProcess.programHoldsTerminal(proc, SHELL)).isTrue();
    }

    /** A process directory: {@code stat} with its group and its terminal's foreground group, {@code comm}, {@code exe}. */
    private void process(long pid, String comm, String exe, long group, long foreground) throws IOException {
        Path dir = Files.createDirectory(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S 1 " + group + " " + group + " 34816 "
                + foreground + " 4194560 0 0 0 0 0 0 0 0 20 0 1 0 1000 0 0\n");
        Files.writeString(dir.resolve("comm"), comm + "\n");
        Files.createSymbolicLink(dir.resolve("exe"), Path.of(exe));
    }
}
