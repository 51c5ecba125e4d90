package dev.ptyctl.service.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.WaitingForInputAdvice;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link AwaitedInput} on a session whose modes, output and clock the test sets: the kernel's modes are current while
 * the command's state is what the emulator has applied, so a look must not take a shell back at its prompt (raw mode)
 * for a command still running because the end of that command has not been applied yet.
 */
class AwaitedInputTest {
    private static final String A = "\u001b]133;A\u0007";
    private static final String B = "\u001b]133;B\u0007";
    private static final String C = "\u001b]133;C\u0007";
    private static final long CHECK = AwaitedInput.CHECK_EVERY.toNanos();

    private final PromptTracker prompts = new PromptTracker(true);
    private final Session session = new Session();
    private long now = Duration.ofHours(1).toNanos();

    /** The program's output, applied: fed to the tracker, counted, and stamped with the test's clock. */
    private void applied(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        session.outputSeq += bytes.length;
        session.lastOutputNanos = now;
        prompts.output(bytes, 0, bytes.length, session.outputSeq);
    }

    private AwaitedInput watchACommandTypedNow() {
        return watchACommandTypedNow(AwaitedInput.DRAWING_WATCH);
    }

    private AwaitedInput watchACommandTypedNow(Duration drawingWatch) {
        applied(A + "$ " + B);
        AwaitedInput watch = new AwaitedInput(session, prompts, session.outputSeq, drawingWatch, () -> now);
        applied("python3\r\n" + C + ">>> ");
        return watch;
    }

    @Test
    void aProgramReadingKeysIsReportedOnceTwoLooksACheckApartSawItQuiet() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.KEYS;
        now += AwaitedInput.QUIET.toNanos() - 1;
        assertThat(watch.look()).as("not yet quiet for a second").isEmpty();
        now += 1;
        assertThat(watch.look()).as("the first look that sees it").isEmpty();
        now += CHECK - 1;
        assertThat(watch.look()).as("less than a check later").isEmpty();
        now += 1;
        Optional<RunningProgram> waiting = watch.look();
        assertThat(waiting).isPresent();
        assertThat(waiting.get().input()).contains(WaitingForInputAdvice.Input.KEYS);
    }

    @Test
    void aShellBackAtItsPromptBeforeTheCommandsEndIsAppliedIsNotTakenForAWaitingProgram() {
        AwaitedInput watch = watchACommandTypedNow();
        now += AwaitedInput.QUIET.toNanos();
        // The command ended and bash edits its next line in raw mode; its end mark and prompt are not applied yet.
        session.mode = TerminalSession.InputMode.KEYS;
        assertThat(watch.look()).isEmpty();
        now += CHECK;
        applied("\r\n" + "\u001b]133;D;0\u0007" + A + "$ " + B);
        assertThat(watch.look()).as("the command's end applied: nothing runs").isEmpty();
        now += 10 * CHECK;
        assertThat(watch.look()).isEmpty();
    }

    @Test
    void outputBetweenTwoLooksStartsTheCheckAgain() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.HIDDEN;
        now += AwaitedInput.QUIET.toNanos();
        assertThat(watch.look()).isEmpty();
        now += CHECK;
        applied("Password: ");
        now += AwaitedInput.QUIET.toNanos();
        assertThat(watch.look()).as("quiet again, but output came since the first look").isEmpty();
        now += CHECK;
        assertThat(watch.look().flatMap(RunningProgram::input)).contains(WaitingForInputAdvice.Input.HIDDEN);
    }

    @Test
    void whileTheCommandPrintsNoLookAsksTheTerminalsModes() {
        // A look comes with every piece of output: a chatty command must not cost a tcgetattr (and, in canonical
        // mode, a look through /proc) each time.
        AwaitedInput watch = watchACommandTypedNow();
        for (int i = 0; i < 5; i++) {
            now += CHECK;
            applied("building " + i + "\r\n");
            assertThat(watch.look()).isEmpty();
        }
        assertThat(session.modeReads).isZero();
    }

    @Test
    void aFullScreenProgramThatNeverStopsDrawingIsReportedOnceItHeldTheScreenReadingKeysForTheDrawingWatch() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.KEYS;
        session.terminal.feed("\u001b[?1049h".getBytes(StandardCharsets.UTF_8));
        long frames = AwaitedInput.DRAWING_WATCH.toNanos() / CHECK;
        for (int i = 0; i < frames; i++) {
            applied("frame " + i);
            assertThat(watch.look()).as("frame %d: held for less than the watch", i).isEmpty();
            now += CHECK;
        }
        applied("frame " + frames);
        assertThat(watch.look().flatMap(RunningProgram::input)).contains(WaitingForInputAdvice.Input.KEYS);
    }

    /**
     * A run with a 3 s timeout of a program that draws for ever timed out with the five-second watch: the watch ends
     * a second before the wait, so the answer says what the program is; a long wait watches the five seconds.
     */
    @Test
    void aShortWaitWatchesADrawingProgramUntilASecondBeforeItsEnd() {
        assertThat(AwaitedInput.drawingWatchFor(Duration.ofSeconds(30).toNanos())).isEqualTo(
                AwaitedInput.DRAWING_WATCH);
        assertThat(AwaitedInput.drawingWatchFor(Duration.ofMillis(500).toNanos())).isEqualTo(AwaitedInput.QUIET);
        Duration watch = AwaitedInput.drawingWatchFor(Duration.ofSeconds(3).toNanos());
        assertThat(watch).isEqualTo(Duration.ofSeconds(2));
        AwaitedInput watcher = watchACommandTypedNow(watch);
        session.mode = TerminalSession.InputMode.KEYS;
        session.terminal.feed("\u001b[?1049h".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < watch.toNanos() / CHECK; i++) {
            applied("frame " + i);
            assertThat(watcher.look()).as("frame %d", i).isEmpty();
            now += CHECK;
        }
        applied("the last frame");
        assertThat(watcher.look().flatMap(RunningProgram::input)).contains(WaitingForInputAdvice.Input.KEYS);
    }

    /**
     * htop draws once a second, so a look now and then finds it quiet for a second, and its next frame comes before
     * the quiet rule's second look: that must not start the full screen's watch again (it did, and a run of htop
     * waited out its timeout).
     */
    @Test
    void aFullScreenProgramDrawingOnceASecondIsReportedAtTheEndOfTheDrawingWatch() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.KEYS;
        session.terminal.feed("\u001b[?1049h".getBytes(StandardCharsets.UTF_8));
        long seconds = AwaitedInput.DRAWING_WATCH.toSeconds();
        for (int i = 0; i < seconds - 1; i++) {
            applied("frame " + i);
            assertThat(watch.look()).as("frame %d", i).isEmpty();
            now += AwaitedInput.QUIET.toNanos();
            assertThat(watch.look()).as("a second after frame %d: quiet, seen once", i).isEmpty();
        }
        applied("frame " + (seconds - 1));
        assertThat(watch.look()).isEmpty();
        now += AwaitedInput.QUIET.toNanos();
        assertThat(watch.look().flatMap(RunningProgram::input)).as("the watch's end").contains(
                WaitingForInputAdvice.Input.KEYS);
    }

    @Test
    void aCommandDrawingOnTheMainScreenIsNotWaitingForKeysHoweverLongItDraws() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.KEYS; // ssh -t host make: raw mode, printing
        for (int i = 0; i < 20; i++) {
            applied("building " + i + "\r\n");
            assertThat(watch.look()).isEmpty();
            now += CHECK;
        }
    }

    @Test
    void aCommandInCanonicalModeThatReadsNothingFromTheTerminalIsOnlySlow() {
        AwaitedInput watch = watchACommandTypedNow();
        session.mode = TerminalSession.InputMode.LINES; // and the pid is no process: nothing sleeps reading
        for (int i = 0; i < 10; i++) {
            now += AwaitedInput.QUIET.toNanos();
            assertThat(watch.look()).isEmpty();
        }
    }

    /** A session of no process: modes and progress as the test sets them, the screen a blank emulator. */
    private static final class Session implements TerminalSession {
        private final Terminal terminal = new Terminal(80, 24);
        volatile InputMode mode = InputMode.LINES;
        volatile long outputSeq;
        volatile long lastOutputNanos;
        int modeReads;

        @Override
        public long pid() {
            return Long.MAX_VALUE; // no such process: /proc has nothing on it
        }

        @Override
        public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
            return reader.apply(terminal, progress());
        }

        @Override
        public SessionProgress progress() {
            return new SessionProgress(outputSeq, lastOutputNanos, Optional.empty());
        }

        @Override
        public InputMode inputMode() {
            modeReads++;
            return mode;
        }

        @Override
        public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) {
            throw new UnsupportedOperationException("a look never waits");
        }

        @Override
        public long write(byte[] bytes) {
            throw new UnsupportedOperationException("a look never writes");
        }

        @Override
        public void resize(int cols, int rows) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void kill() {
            throw new UnsupportedOperationException();
        }
    }
}
