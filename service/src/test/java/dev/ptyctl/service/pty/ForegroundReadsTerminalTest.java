package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ForegroundProcess#foregroundReadsTerminal}: real programs in a real PTY, asleep in a read of the terminal or
 * of something else. Nothing announces the moment a program goes to sleep in a read, so each state is polled for.
 */
class ForegroundReadsTerminalTest {
    /** Bounds a broken test; a program reaches its read within milliseconds. */
    private static final Duration TEST_BOUND = Duration.ofSeconds(30);
    private PtySession session;

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void aProgramAsleepReadingALineFromTheTerminalIsSeenOneReadingAPipeIsNot() throws Exception {
        session = PtySession.spawn(SpawnOptions.of(List.of("bash", "--norc")).withEnvironment(Map.of("PS1", "$ ")));
        long shell = session.pid();

        type("sleep 30 | cat\r");
        // cat, the pipe's reader, is asleep in read(0) of the pipe: the job reads nothing from the terminal.
        await(() -> sleepsInRead(childNamed(shell, "cat")), "cat asleep in a read of the pipe");
        assertThat(ForegroundProcess.foregroundReadsTerminal(shell)).isFalse();
        type("\u0003"); // Ctrl-C ends the pipeline

        type("cat\r");
        // (bash reads the terminal too while it edits a line at its prompt: only once cat holds the terminal)
        await(() -> !ForegroundProcess.shellInForeground(shell) && ForegroundProcess.foregroundReadsTerminal(shell),
                "cat reading the terminal");
        type("\u0004"); // Ctrl-D: end of input, cat ends

        // The shell's own read builtin (a script's "read answer") reads the terminal in the shell's own group.
        type("read answer; echo got-$answer\r");
        await(() -> ForegroundProcess.foregroundReadsTerminal(shell) && !bashReadlineActive(), "read waiting");
        type("yes\r");
    }

    private void type(String text) throws IOException, InterruptedException {
        session.write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Polls {@code condition} until it holds; fails the test with {@code what} when it never does. */
    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TEST_BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("never: %s", what).isLessThan(deadline);
            Thread.sleep(10); // nothing to wait on: /proc tells only when asked
        }
    }

    /** The pid of {@code shell}'s descendant whose comm is {@code name}, or -1. */
    private static long childNamed(long shell, String name) {
        return ProcessHandle.of(shell).stream().flatMap(ProcessHandle::descendants)
                .filter(p -> comm(p.pid()).equals(name)).mapToLong(ProcessHandle::pid).findFirst().orElse(-1);
    }

    private static String comm(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Whether {@code pid} (-1: none yet) sleeps in read(2) (x86-64's 0, AArch64's 63). */
    private static boolean sleepsInRead(long pid) {
        try {
            String call = Files.readString(Path.of("/proc", Long.toString(pid), "syscall"));
            return call.startsWith("0 ") || call.startsWith("63 ");
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether bash still edits the line (raw mode): it reads the terminal then too, before running the line. */
    private boolean bashReadlineActive() {
        return session.inputMode() == TerminalSession.InputMode.KEYS;
    }
}
