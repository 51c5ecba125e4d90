package dev.ptyctl.service.control;

import dev.ptyctl.protocol.WaitingForInputAdvice;
import dev.ptyctl.service.pty.ForegroundProcess;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.vt.Terminal;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Whether a command typed into a shell waits for what a person types, so that waiting on for its prompt would not
 * bring it back: a {@link PromptWait} asked to then ends there, for MCP's {@code terminal_run} (which answers early)
 * and JSON-RPC's {@code pty/wait {prompt, ifWaitingForInput: "return"}}, which tells {@code ptyctl run} (which says so
 * and waits on) and the DSL's {@code run} (which fails). One instance watches one wait.
 *
 * <p>The sign is the terminal while the command's output is quiet: out of canonical mode (the program reads keys: a
 * REPL's line editor, an editor, a pager), canonical with echo off (a password prompt), or canonical with echo on and
 * a process of the foreground job asleep reading the terminal ({@link ForegroundProcess#foregroundReadsTerminal}:
 * {@code cat}, a script's {@code read answer}, apt's "[Y/n]"). Programs that put the terminal in raw mode while they
 * work ({@code ssh -t host make}, {@code docker run -it}) look the same during a quiet second; that is why only the
 * MCP answer and the DSL end early, and {@code ptyctl run} only reports it.
 *
 * <p>The terminal's modes are the kernel's now, the command's state is what the emulator has applied of the output,
 * which may lag: a command that has just ended leaves the shell editing its next line in raw mode while its last
 * output, end mark and prompt are still on their way. So the command's state is read again after the modes, and the
 * sign must hold at two looks {@link #CHECK_EVERY} apart with no output in between. The modes (and {@code /proc}) are
 * asked only once the command has been quiet for {@link #QUIET}: a look comes with every piece of its output.
 */
public final class AwaitedInput {
    /**
     * How long such a command must have printed nothing: a REPL or an editor has drawn its prompt or screen within
     * milliseconds of starting, while a second is longer than most pauses of a program that is still producing.
     */
    public static final Duration QUIET = Duration.ofSeconds(1);
    /**
     * How often a wait for a prompt looks again: a program waiting for keys prints nothing that would wake the wait,
     * and a quarter of {@link #QUIET} keeps the answer within 1.5 s of the command's last output at four cheap
     * {@code tcgetattr} calls a second (and, in canonical mode with echo on, a look at the job's processes).
     */
    static final Duration CHECK_EVERY = Duration.ofMillis(250);
    /**
     * How long a full-screen program that keeps drawing on its own timer is watched before it is reported waiting for
     * keys ({@link #drawing}): such a program may be one that ends by itself ({@code top -n 3 -d 0.6}, a progress
     * screen, an installer's dialog that goes away), which a second's watch answered as waiting, while one that
     * draws for ever ({@code htop -d 10}, {@code watch -n 0.1}) costs the agent these seconds once. A program that
     * stops drawing is told by the quiet rule ({@link #QUIET}) instead. A wait shorter than it watches less
     * ({@link #drawingWatchFor}).
     */
    public static final Duration DRAWING_WATCH = Duration.ofSeconds(5);

    private final TerminalSession session;
    private final PromptTracker prompts;
    private final long sinceSeq;
    private final LongSupplier nanoTime;
    /** What the looks have seen waiting since it was first seen, and at which output offset; empty for nothing. */
    private Optional<Seen> seenSince = Optional.empty();
    /** When a look last asked whether a drawing command holds a full screen ({@link #drawing}); 0 for never. */
    private long drawingLookedAt;
    /** Since when the looks have seen it hold the full screen and read keys; 0 for not seen. */
    private long drawingSince;
    /** {@link #DRAWING_WATCH}, or less for a short wait ({@link #drawingWatchFor}). */
    private final long drawingWatchNanos;

    /** A sign of waiting at an output offset, first seen at {@code nanos} ({@link System#nanoTime()}). */
    private record Seen(WaitingForInputAdvice.Input input, long outputSeq, long nanos) {
        boolean sameAs(Seen other) {
            return input == other.input && outputSeq == other.outputSeq;
        }
    }

    /** Watches for the command that {@code session}'s shell starts after output offset {@code sinceSeq}. */
    AwaitedInput(TerminalSession session, PromptTracker prompts, long sinceSeq, Duration drawingWatch) {
        this(session, prompts, sinceSeq, drawingWatch, System::nanoTime);
    }

    /** As above, with the time read from {@code nanoTime} ({@link System#nanoTime()}'s scale; a test's clock). */
    AwaitedInput(TerminalSession session, PromptTracker prompts, long sinceSeq, Duration drawingWatch,
                 LongSupplier nanoTime) {
        this.session = session;
        this.prompts = prompts;
        this.sinceSeq = sinceSeq;
        this.drawingWatchNanos = drawingWatch.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * How long a wait of {@code waitNanos} in all watches a drawing full-screen program ({@link #drawing}):
     * {@link #DRAWING_WATCH}, but ending a second before the wait does, and never under {@link #QUIET}. A run with a
     * 3 s timeout of a program that draws for ever was answered "timed out" with the five-second watch, where a
     * second's watch had answered what it is (waiting for keys, full screen: send q); a program that ends by itself
     * before the wait's last second is still answered with its exit.
     */
    static Duration drawingWatchFor(long waitNanos) {
        long watch = Math.min(DRAWING_WATCH.toNanos(), waitNanos - QUIET.toNanos());
        return Duration.ofNanos(Math.max(QUIET.toNanos(), watch));
    }

    /**
     * The command the shell started after the offset, when it is running, has printed nothing for {@link #QUIET},
     * and reads keys, hides input, or sleeps reading a line from the terminal, as looks {@link #CHECK_EVERY} apart or
     * more saw with no output in between; empty otherwise. Only while such a command runs: the shell itself reads
     * keys at its prompt.
     */
    Optional<RunningProgram> look() {
        long now = nanoTime.getAsLong();
        // A full-screen program that draws all the time is never quiet: looked at first, at most every CHECK_EVERY.
        Optional<RunningProgram> drawing = drawing(now);
        if (drawing.isPresent()) {
            return drawing;
        }
        // Nothing more to ask the kernel while no quiet command runs: a look comes with every piece of a command's
        // output.
        if (quietCommand(session.progress(), now).isEmpty()) {
            seenSince = Optional.empty();
            return Optional.empty();
        }
        Optional<WaitingForInputAdvice.Input> input = switch (session.inputMode()) {
            case KEYS -> Optional.of(WaitingForInputAdvice.Input.KEYS);
            case HIDDEN -> Optional.of(WaitingForInputAdvice.Input.HIDDEN);
            // Lines with echo on: a slow program or one waiting for a line look alike but for what it sleeps in.
            case LINES -> ForegroundProcess.foregroundReadsTerminal(session.pid())
                    ? Optional.of(WaitingForInputAdvice.Input.LINES) : Optional.empty();
            case UNKNOWN -> Optional.empty();
        };
        // Again after the modes: the output they followed is then read, and the end of a command that ended is seen.
        SessionProgress progress = session.progress();
        Optional<PromptTracker.CommandSummary> running = quietCommand(progress, now);
        if (input.isEmpty() || running.isEmpty()) {
            seenSince = Optional.empty();
            return Optional.empty();
        }
        Seen seen = new Seen(input.get(), progress.outputSeq(), now);
        if (seenSince.isEmpty() || !seenSince.get().sameAs(seen)) {
            seenSince = Optional.of(seen);
            return Optional.empty();
        }
        return now - seenSince.get().nanos() < CHECK_EVERY.toNanos() ? Optional.empty()
                : Optional.of(RunningProgram.waitingFor(session, running.get().commandLine(), seen.input()));
    }

    /**
     * A full-screen program that draws more often than {@link #QUIET} (htop with a short delay, {@code watch -n 0.1},
     * a game) never goes quiet, yet waits for keys as one that does: a run of it waited for its whole timeout. Such a
     * command, started after the offset, that has kept the alternate screen up with the terminal out of canonical
     * mode at looks spanning {@link #DRAWING_WATCH} (less in a short wait) is reported waiting for keys, whether it was quiet in between or
     * not (htop drawing once a second is now and then quiet for a second: the quiet rule then starts again at its
     * next frame, this one must not). A build never takes the alternate screen. Until 5 December 2026 the watch was
     * {@link #QUIET}: {@code top -n 3 -d 0.6}, which ends by itself after about 1.5 s, was answered as waiting.
     * Asked at most every {@link #CHECK_EVERY}, the screen first: a chatty command on the main screen costs no
     * {@code tcgetattr}.
     */
    private Optional<RunningProgram> drawing(long now) {
        if (drawingLookedAt != 0 && now - drawingLookedAt < CHECK_EVERY.toNanos()) {
            return Optional.empty();
        }
        drawingLookedAt = now;
        Optional<PromptTracker.CommandSummary> running = prompts.runningCommand()
                .filter(c -> c.outputStartSeq() > sinceSeq);
        if (running.isEmpty() || !session.inspect(Terminal::alternateScreenActive)
                || session.inputMode() != TerminalSession.InputMode.KEYS) {
            drawingSince = 0;
            return Optional.empty();
        }
        if (drawingSince == 0) {
            drawingSince = now;
        }
        return now - drawingSince < drawingWatchNanos ? Optional.empty()
                : Optional.of(RunningProgram.waitingFor(session, running.get().commandLine(),
                        WaitingForInputAdvice.Input.KEYS));
    }

    /** The command started after the offset, when it runs and has printed nothing for {@link #QUIET} by {@code now}. */
    private Optional<PromptTracker.CommandSummary> quietCommand(SessionProgress progress, long now) {
        return now - progress.lastOutputNanos() < QUIET.toNanos() ? Optional.empty()
                : prompts.runningCommand().filter(c -> c.outputStartSeq() > sinceSeq);
    }
}
