package dev.ptyctl.service.pty;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Screen;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * The server's copy of one terminal: the emulator, the count of output bytes fed to it, when output last came and
 * the exit status, all guarded by one lock. Output and exit signal a condition that waiters block on, so a waiter
 * wakes once per change and never polls.
 *
 * <p>The emulator answers queries (DSR, DA, colour queries) while {@link #answerQueries(boolean)} is on; the
 * answers are collected during {@link #feed} and handed back to the caller, who writes them to the PTY outside the
 * lock (a write may block while the program is not reading, and must not hold up readers of the screen). The
 * title and icon-label reports (XTWINOPS 21, 20) are answered also while {@link #answerTitleReports(boolean)} is on:
 * a client that answers the other queries while it sets the size leaves those to the server; or, while
 * {@link #relayTitleReports(boolean)} is on, kept as {@link TitleReply}s with the output offset of each report, for
 * such a client (the web page) to send in order with its own answers.
 */
public final class ScreenState {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Terminal terminal;
    private final List<byte[]> replies = new ArrayList<>();
    private final List<OutputListener> listeners = new CopyOnWriteArrayList<>();
    /** How many answers to title reports are kept for relaying: the newest, more than a burst of queries has. */
    private static final int MAX_TITLE_REPLIES = 64;
    private volatile boolean answerQueries;
    private volatile boolean answerTitleReports;
    private volatile boolean relayTitleReports;
    /** The answers kept for relaying, oldest first, at most {@link #MAX_TITLE_REPLIES}; guarded by the lock. */
    private final ArrayDeque<TitleReply> titleReplies = new ArrayDeque<>();
    /** The offset after the newest kept answer's report, -1 before any: lets a client skip the lock. */
    private volatile long lastTitleReplySeq = -1;
    /** The output offset where the piece of output being fed ends; a title report answered in it ended there. */
    private long feedEndSeq;
    private volatile boolean titleReportsAllowed;
    private long outputSeq;
    /**
     * The size and where it began; written under the lock, read without it (a client's sender checks it after every
     * frame it reads from the output log).
     */
    private volatile GridSize gridSize;
    private long lastOutputNanos = System.nanoTime();
    private Optional<ProcessExit> exit = Optional.empty();
    /** Where the count of scrolled lines changed; guarded by the lock. */
    private final ScrolledLines scrolledLines;

    /**
     * @param scrollbackLines how many lines scrolled off the top are kept
     * @param answerQueries whether the emulator's replies to queries are handed back for writing to the PTY
     *                      (SPEC §5.5: true when no attached client answers them, always true in {@code serve})
     */
    public ScreenState(int cols, int rows, int scrollbackLines, boolean answerQueries) {
        this.terminal = new Terminal(cols, rows, scrollbackLines);
        this.scrolledLines = new ScrolledLines(scrollbackLines);
        this.gridSize = new GridSize(terminal.cols(), terminal.rows(), 0, 0);
        this.answerQueries = answerQueries;
        terminal.onReply(this::collectReply);
        terminal.onTitleReport(this::collectTitleReport);
    }

    private void collectReply(byte[] reply) {
        if (answerQueries) {
            replies.add(reply.clone());
        }
    }

    private void collectTitleReport(byte[] reply) {
        if (answerQueries || answerTitleReports) {
            replies.add(reply.clone());
        } else if (relayTitleReports) {
            if (titleReplies.size() == MAX_TITLE_REPLIES) {
                titleReplies.removeFirst();
            }
            titleReplies.addLast(new TitleReply(feedEndSeq, new String(reply, StandardCharsets.UTF_8)));
            lastTitleReplySeq = feedEndSeq;
        }
    }

    /** Adds a listener that sees each chunk under the lock, right after the emulator (see {@link OutputListener}). */
    public void addOutputListener(OutputListener listener) {
        listeners.add(listener);
    }

    /** Lets the emulator answer the title and icon-label reports (XTWINOPS 21, 20), or not (the default). */
    public void allowTitleReports(boolean allow) {
        lock.lock();
        try {
            terminal.allowTitleReports(allow);
            titleReportsAllowed = allow;
        } finally {
            lock.unlock();
        }
    }

    /** Turns the emulator's answers to queries on or off. */
    public void answerQueries(boolean answer) {
        this.answerQueries = answer;
    }

    /**
     * Turns the emulator's answers to the title and icon-label reports on or off while its other answers are off
     * (with them on, these are answered too). The reports still need {@link #allowTitleReports(boolean)}.
     */
    public void answerTitleReports(boolean answer) {
        this.answerTitleReports = answer;
    }

    /**
     * Keeps the emulator's answers to the title reports for a client to send ({@link #titleRepliesBetween}) instead of
     * handing them back for the PTY, while its other answers are off. The reports still need
     * {@link #allowTitleReports(boolean)}.
     */
    public void relayTitleReports(boolean relay) {
        this.relayTitleReports = relay;
    }

    /**
     * The kept answers to the title reports that end after output offset {@code afterSeq} and at or before
     * {@code upToSeq}, oldest first: those in the output a client is about to be sent.
     */
    public List<TitleReply> titleRepliesBetween(long afterSeq, long upToSeq) {
        if (lastTitleReplySeq <= afterSeq) {
            return List.of();
        }
        lock.lock();
        try {
            List<TitleReply> between = new ArrayList<>();
            for (TitleReply reply : titleReplies) {
                if (reply.seq() > afterSeq && reply.seq() <= upToSeq) {
                    between.add(reply);
                }
            }
            return between;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether the emulator answers the title reports (allowed, and turned on by {@link #answerTitleReports} or
     * {@link #relayTitleReports}) while a client answers every other query: output must then be applied here before
     * any client sees it, so that the server's answer to a title report reaches the program (or the relaying client)
     * before the client's answer to any later query.
     */
    public boolean answersTitleReportsAlone() {
        return (answerTitleReports || relayTitleReports) && titleReportsAllowed && !answerQueries;
    }

    /**
     * Feeds a chunk of output to the emulator, counts it and wakes every waiter.
     *
     * @return the emulator's replies to queries found in the chunk, to be written to the PTY; usually empty
     */
    public List<byte[]> feed(byte[] data, int offset, int length) {
        lock.lock();
        try {
            long scrolledBefore = scrolledCount();
            long oscsBefore = terminal.oscsBegun();
            if (relayTitleReports && titleReportsAllowed && !answerQueries) {
                feedCutAfterTitleReports(data, offset, length);
            } else {
                terminal.feed(data, offset, length);
            }
            scrolledLines.output(outputSeq, outputSeq + length, scrolledBefore, scrolledCount());
            outputSeq += length;
            lastOutputNanos = System.nanoTime();
            notifyListeners(data, offset, length, terminal.oscsBegun() != oscsBefore);
            changed.signalAll();
            if (replies.isEmpty()) {
                return List.of();
            }
            List<byte[]> out = List.copyOf(replies);
            replies.clear();
            return out;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Feeds a chunk in pieces that end just after each {@code t} that may end a title report ({@code CSI 21 t}: after
     * a digit or {@code ;}, or first in the chunk, which may end a report cut across two chunks), so that an answer
     * the emulator gives is known to belong to the report ending at {@link #feedEndSeq}: a relaying client answers it
     * as it parses that very byte. The parser takes input cut anywhere; only this rare state (title reports allowed
     * and relayed) pays for the extra calls.
     */
    private void feedCutAfterTitleReports(byte[] data, int offset, int length) {
        int end = offset + length;
        int from = offset;
        for (int i = offset; i < end; i++) {
            if (data[i] == 't' && (i == offset || data[i - 1] >= '0' && data[i - 1] <= '9' || data[i - 1] == ';')) {
                feedEndSeq = outputSeq + (i + 1 - offset);
                terminal.feed(data, from, i + 1 - from);
                from = i + 1;
            }
        }
        if (from < end) {
            feedEndSeq = outputSeq + length;
            terminal.feed(data, from, end - from);
        }
    }

    private void notifyListeners(byte[] data, int offset, int length, boolean oscBegun) {
        for (OutputListener listener : listeners) {
            try {
                listener.applied(data, offset, length, outputSeq, oscBegun);
            } catch (RuntimeException e) {
                System.getLogger(ScreenState.class.getName()).log(System.Logger.Level.WARNING,
                        "output listener failed", e);
            }
        }
    }

    /**
     * Records how the program ended and wakes every waiter, after telling the listeners
     * ({@link OutputListener#ended}): a waiter woken by the exit finds them up to date. Only the first call counts.
     */
    public void markExited(ProcessExit end) {
        lock.lock();
        try {
            if (exit.isEmpty()) {
                for (OutputListener listener : listeners) {
                    try {
                        listener.ended(end);
                    } catch (RuntimeException e) {
                        System.getLogger(ScreenState.class.getName()).log(System.Logger.Level.WARNING,
                                "output listener failed at the exit", e);
                    }
                }
                exit = Optional.of(end);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Resizes the emulator (reflowing soft-wrapped lines). */
    public void resize(int cols, int rows) {
        lock.lock();
        try {
            long scrolledBefore = scrolledCount();
            if (cols == terminal.cols()) {
                terminal.resize(cols, rows);
                scrolledLines.resized(outputSeq, scrolledBefore, scrolledCount());
            } else {
                // The reflow renumbers the lines: the counts clients are matched by follow their lines.
                Screen main = terminal.emulator().mainScreen();
                long[] counts = scrolledLines.counts();
                long[] positions = Arrays.copyOf(counts, counts.length + 1);
                positions[counts.length] = scrolledBefore;
                ReflowAnchors anchors = ReflowAnchors.before(main, positions);
                terminal.resize(cols, rows);
                scrolledLines.reflowed(outputSeq, anchors.after(main), scrolledBefore, scrolledCount());
            }
            gridSize = new GridSize(terminal.cols(), terminal.rows(), outputSeq, gridSize.resizes() + 1);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * How many lines scrolled off the main screen after output offset {@code seq} (as they are cut now: a reflow since
     * counts them at the new width), of which the scrollback keeps the newest; {@link Long#MAX_VALUE} when that is not
     * known (see {@link ScrolledLines}), so all it keeps. Consistent with the screen when called inside
     * {@link #snapshot}'s reader.
     */
    public long linesScrolledSince(long seq) {
        lock.lock();
        try {
            long now = scrolledCount();
            OptionalLong then = scrolledLines.countAt(seq, now, outputSeq);
            return then.isPresent() ? Math.max(0, now - then.getAsLong()) : Long.MAX_VALUE;
        } finally {
            lock.unlock();
        }
    }

    private long scrolledCount() {
        return terminal.emulator().mainScreen().scrollback().scrolledCount();
    }

    /** The emulator's size and the output offset where it began; takes no lock. */
    public GridSize gridSize() {
        return gridSize;
    }

    /** Runs {@code reader} under the lock with the emulator and the matching progress. */
    public <T> T snapshot(BiFunction<? super Terminal, ? super SessionProgress, ? extends T> reader) {
        lock.lock();
        try {
            return reader.apply(terminal, progressLocked());
        } finally {
            lock.unlock();
        }
    }

    /** The current progress. */
    public SessionProgress progress() {
        lock.lock();
        try {
            return progressLocked();
        } finally {
            lock.unlock();
        }
    }

    /** See {@link TerminalSession#awaitChange}. */
    public SessionProgress awaitChange(long seenOutputSeq, long deadlineNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (outputSeq == seenOutputSeq && exit.isEmpty()) {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0) {
                    break;
                }
                changed.awaitNanos(remaining);
            }
            return progressLocked();
        } finally {
            lock.unlock();
        }
    }

    private SessionProgress progressLocked() {
        return new SessionProgress(outputSeq, lastOutputNanos, exit);
    }
}
