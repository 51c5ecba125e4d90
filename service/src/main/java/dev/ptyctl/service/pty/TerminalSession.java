package dev.ptyctl.service.pty;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One hosted program as the protocols see it: its emulated screen, its output progress, and the operations a
 * client may ask for. Implementations are thread-safe; the emulator is only ever touched inside
 * {@link #inspect}/{@link #snapshot}, under the session's lock.
 */
public interface TerminalSession {

    /** The hosted process id. */
    long pid();

    /** Runs {@code reader} on the emulator under the session lock; it must not keep the terminal. */
    default <T> T inspect(Function<? super Terminal, ? extends T> reader) {
        return snapshot((terminal, progress) -> reader.apply(terminal));
    }

    /** Like {@link #inspect} but also gives the progress, consistent with the screen {@code reader} sees. */
    <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader);

    /**
     * The emulator's size and the output offset from which output is drawn at it. The default knows no resize
     * position (sessions whose size never changes under output); real sessions record it at each resize.
     */
    default GridSize gridSize() {
        return inspect(terminal -> new GridSize(terminal.cols(), terminal.rows(), 0, 0));
    }

    /** The current progress. */
    SessionProgress progress();

    /**
     * How many lines scrolled off the main screen into the scrollback after output offset {@code outputSeq}, of
     * which the scrollback keeps the newest: what a client that showed the output up to there has not seen scroll.
     * {@link Long#MAX_VALUE} when it is not known (then all that is kept is new to it); the default knows nothing.
     * Called inside {@link #snapshot}'s reader, it matches the screen read there.
     */
    default long linesScrolledSince(long outputSeq) {
        return Long.MAX_VALUE;
    }

    /**
     * Blocks until output beyond {@code seenOutputSeq} has arrived, the process has exited, or
     * {@link System#nanoTime()} reaches {@code deadlineNanos}, whichever is first, and returns the progress then.
     * Wakes on the event itself: there is no polling interval.
     */
    SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException;

    /**
     * Writes {@code bytes} to the PTY, in order with every other write.
     *
     * @return the output offset ({@link SessionProgress#outputSeq()}) at the moment the bytes were written: any
     *         output the program produces in response comes after it
     * @throws SessionExitedException when the process has exited
     * @throws IOException            when the PTY refuses the write
     */
    long write(byte[] bytes) throws IOException, InterruptedException;

    /**
     * Resizes the emulator (with reflow) and then the PTY, which sends the program SIGWINCH.
     *
     * @throws SessionExitedException when the process has exited
     */
    void resize(int cols, int rows) throws IOException, InterruptedException;

    /**
     * Hangs up the process and its process groups, kills them after the grace period if they are still there,
     * and returns once the process has been reaped. Does nothing when it has already exited.
     */
    void kill() throws InterruptedException;

    /**
     * {@link #kill()} with another grace period between the hang-up and SIGKILL; {@link java.time.Duration#ZERO}
     * kills at once. Sessions without a grace period of their own just {@link #kill()}.
     */
    default void kill(java.time.Duration grace) throws InterruptedException {
        kill();
    }

    /** How the terminal's line discipline takes what is typed, from its local modes ({@code c_lflag}). */
    enum InputMode {
        /** Canonical mode with echo: whole lines, shown as typed (a program reading lines, or one reading nothing). */
        LINES,
        /**
         * Out of canonical mode: the program reads keys one by one, as an editor, a pager, a REPL's line editor or a
         * shell at its prompt does.
         */
        KEYS,
        /**
         * Canonical mode with echo off: what is typed is hidden, as for a password prompt ({@code read -s},
         * {@code sudo}, {@code ssh}). A shell editing its line in raw mode is not hiding input.
         */
        HIDDEN,
        /** The modes cannot be read (not Linux, the terminal closed). */
        UNKNOWN
    }

    /** How the terminal takes what is typed now; {@link InputMode#UNKNOWN} where its modes cannot be read. */
    default InputMode inputMode() {
        return InputMode.UNKNOWN;
    }

    /** Whether what is typed into the terminal is hidden ({@link InputMode#HIDDEN}: a password prompt). */
    default boolean inputHidden() {
        return inputMode() == InputMode.HIDDEN;
    }

    /**
     * Completes with how the process ended once it has exited and its last output has been read. The default
     * waits for it on a virtual thread through {@link #awaitChange}; real sessions complete it from their exit
     * watcher.
     */
    default CompletableFuture<ProcessExit> onExit() {
        CompletableFuture<ProcessExit> exit = new CompletableFuture<>();
        Thread.ofVirtual().name("session-exit-" + pid()).start(() -> {
            try {
                SessionProgress progress = progress();
                while (progress.running()) {
                    progress = awaitChange(progress.outputSeq(), System.nanoTime() + Long.MAX_VALUE / 2);
                }
                exit.complete(progress.exit().orElseThrow());
            } catch (InterruptedException e) {
                exit.completeExceptionally(e);
            }
        });
        return exit;
    }

    /**
     * Turns the server emulator's answers to terminal queries on or off (SPEC §5.5). Sessions that have no such
     * switch ignore it.
     */
    default void answerQueries(boolean answer) {
    }

    /**
     * Turns the server emulator's answers to the title and icon-label reports (XTWINOPS 21, 20; only when
     * {@code titleReports} allows them) on or off while its other answers are off: the client that answers the rest
     * leaves these to the server (a web page's xterm.js cannot answer them). Sessions that have no such switch
     * ignore it.
     */
    default void answerTitleReports(boolean answer) {
    }

    /**
     * Turns on or off the keeping of the server emulator's answers to the title and icon-label reports, with where
     * each report ended, for a client that sends them to the program in order with its own answers
     * ({@link #titleRepliesBetween}), while the server's other answers are off. Sessions that have no such switch
     * ignore it.
     */
    default void relayTitleReports(boolean relay) {
    }

    /** The kept answers to title reports that end in output offsets ({@code afterSeq}, {@code upToSeq}]. */
    default List<TitleReply> titleRepliesBetween(long afterSeq, long upToSeq) {
        return List.of();
    }

    /**
     * Puts {@code bytes} into the output stream as if the program had written them: the emulator applies them and
     * every output listener records them, all at one seq, between two chunks of the program's own output. Used by
     * {@code clear} (SPEC §5.7) so every client and the server's copy clear at the same point.
     *
     * @throws UnsupportedOperationException when the session cannot do it
     */
    default void injectOutput(byte[] bytes) {
        throw new UnsupportedOperationException("this session cannot inject output");
    }
}
