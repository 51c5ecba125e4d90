package dev.ptyctl.client.dsl;

import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.vt.Terminal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The DSL's own copy of a terminal's screen, kept by the project's emulator from the terminal's output as it arrives
 * over a view-only WebSocket attachment (every byte from the first, in order, with its offset). Waits block on this
 * object's monitor and are woken by each chunk of output, a resize or the program's exit: the condition is checked
 * again exactly when the screen may have changed, never on a timer.
 *
 * <p>It also keeps the copies that tell what was drawn after each {@link Mark} ({@link DrawnSince}).
 */
final class LiveScreen implements AttachmentListener {
    /** Marks followed at once; older ones are dropped (a test waits after its latest marks, not its first). */
    static final int MAX_LIVE_MARKS = 8;

    private final Terminal terminal;
    private final List<DrawnSince> marks = new ArrayList<>();
    private long seq;
    private long changes;
    private boolean exited;
    private Integer exitCode;
    /** {@link #cells()}', {@link #scrollbackLines()}' and {@link #svg()}'s last copies, each made again only after a change. */
    private final PerChange<Cells> cells = new PerChange<>();
    private final PerChange<List<ScrollbackLine>> scrollback = new PerChange<>();
    private final ScrollbackText scrollbackText = new ScrollbackText();
    private final PerChange<String> svg = new PerChange<>();

    LiveScreen(TerminalSize size) {
        this.terminal = new Terminal(size.cols(), size.rows());
    }

    @Override
    public synchronized void onOutput(byte[] data, long seq, boolean reset) {
        terminal.feed(data);
        marks.forEach(mark -> mark.feed(data));
        this.seq = seq;
        changed();
    }

    @Override
    public synchronized void onSize(TerminalSize size) {
        if (size.cols() != terminal.cols() || size.rows() != terminal.rows()) {
            terminal.resize(size.cols(), size.rows());
            scrollbackText.forget(); // a resize reflows the scrollback's lines
            marks.forEach(mark -> mark.resize(size.cols(), size.rows()));
            changed();
        }
    }

    @Override
    public synchronized void onExit(int code) {
        exited = true;
        exitCode = code;
        changed();
    }

    private void changed() {
        changes++;
        notifyAll();
    }

    /** The output offset of everything applied so far. */
    synchronized long seq() {
        return seq;
    }

    /** Whether the program has exited (no more output will come). */
    synchronized boolean exited() {
        return exited;
    }

    /**
     * Every cell now. Copied once per change: a test's looks with no output between them (an assertion after a wait,
     * several locators in a row) share the copy, which is immutable.
     */
    synchronized Cells cells() {
        return cells.get(() -> Cells.of(terminal));
    }

    /** {@code read} of {@link #cells()} with this copy's lock held: the {@link #scrollbackLines()} it asks for match. */
    synchronized <T> T read(Function<Cells, T> read) {
        return read.apply(cells());
    }

    /**
     * The scrollback's lines now, oldest first (10,000 at most, the emulator's default). Those that scrolled in are
     * read once ({@link ScrollbackText}), and the list is made once per change, as {@link #cells()}: a wait of a
     * locator that includes the scrollback reads them on every look.
     */
    synchronized List<ScrollbackLine> scrollbackLines() {
        return scrollback.get(() -> scrollbackText.update(terminal));
    }

    /**
     * The screen now as a picture (an SVG: colours, styles, the cursor), for a failure report's steps. Drawn once per
     * change: every step of a test takes one (about 0.3 ms of CPU and 1.4 MB of garbage for 80x24, with this copy's
     * lock held), and steps with no output between them (a write right after a wait, writes in a row) share it.
     */
    synchronized String svg() {
        return svg.get(() -> dev.ptyctl.vt.serialize.SvgSerializer.render(terminal));
    }

    /** The emulator's state as escape sequences, for a frozen copy (failure reports). */
    synchronized byte[] vtState() {
        return dev.ptyctl.vt.serialize.VtSerializer.serializeBytes(terminal);
    }

    /** The cells and the emulator's state now, of one moment: what a failure shows. */
    synchronized ScreenMoment moment() {
        return new ScreenMoment(cells(), vtState());
    }

    /**
     * Waits until the screen has taken in every byte up to {@code serverSeq}, then marks this point: what is drawn
     * from here on is what {@link #drawnSince} shows.
     */
    synchronized Optional<Mark> mark(long serverSeq, Duration timeout) throws InterruptedException {
        if (!awaitSeq(serverSeq, timeout)) {
            return Optional.empty();
        }
        Mark mark = new Mark(seq);
        if (marks.size() == MAX_LIVE_MARKS) {
            marks.removeFirst();
        }
        marks.add(new DrawnSince(terminal, mark));
        return Optional.of(mark);
    }

    /** Waits until output up to {@code serverSeq} has arrived (or the program exited); false on timeout. */
    synchronized boolean awaitSeq(long serverSeq, Duration timeout) throws InterruptedException {
        return awaitSeqAndSize(serverSeq, null, timeout);
    }

    /**
     * Waits until output up to {@code serverSeq} has arrived and the screen has {@code size} (unless null), or the
     * program exited; false on timeout.
     */
    synchronized boolean awaitSeqAndSize(long serverSeq, TerminalSize size, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while ((seq < serverSeq || size != null && (size.cols() != terminal.cols() || size.rows() != terminal.rows()))
                && !exited) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    /**
     * Checks {@code condition} on the screen now and after every change until it gives a result or {@code timeout}
     * passes; returns the last screen and the result, if any.
     */
    synchronized <T> Outcome<T> await(Function<Cells, Optional<T>> condition, Duration timeout) throws InterruptedException {
        return awaitOn(this::cells, condition, timeout);
    }

    /** As {@link #await}, on the cells drawn since {@code mark}. */
    synchronized <T> Outcome<T> awaitSince(Mark mark, Function<Cells, Optional<T>> condition, Duration timeout)
            throws InterruptedException {
        DrawnSince since = marks.stream().filter(m -> m.mark().equals(mark)).findFirst().orElseThrow(
                () -> new IllegalArgumentException(mark + " is not one of this terminal's last " + MAX_LIVE_MARKS
                        + " marks: take it with this driver's mark() shortly before waiting"));
        return awaitOn(since::cells, condition, timeout);
    }

    private <T> Outcome<T> awaitOn(Supplier<Cells> screen, Function<Cells, Optional<T>> condition,
                                   Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long seen = changes;
            Cells cells = screen.get();
            Optional<T> result = condition.apply(cells);
            long left = deadline - System.nanoTime();
            if (result.isPresent() || left <= 0 || exited) {
                // a wait that failed keeps the screen of its last look, lock still held: the failure shows that
                return new Outcome<>(cells, result, result.isPresent() ? null : moment());
            }
            while (changes == seen && (left = deadline - System.nanoTime()) > 0 && !exited) {
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /**
     * Waits until no output has arrived for {@code quiet} (measured from the last change or the start of the wait).
     * Woken by every change; returns false when output kept coming for all of {@code timeout}.
     */
    synchronized boolean awaitQuiet(Duration quiet, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long seen = changes;
            long quietUntil = System.nanoTime() + quiet.toNanos();
            long left;
            while (changes == seen && (left = quietUntil - System.nanoTime()) > 0) {
                wait(Math.max(1, left / 1_000_000));
            }
            if (changes == seen) {
                return true;
            }
            if (System.nanoTime() + quiet.toNanos() > deadline) {
                return false;
            }
        }
    }

    /** A value made from the screen, kept until the screen changes; used with this copy's lock held. */
    private final class PerChange<T> {
        private T value;
        private long madeAt;

        T get(Supplier<T> make) {
            if (value == null || madeAt != changes) {
                value = make.get();
                madeAt = changes;
            }
            return value;
        }
    }

    /**
     * A wait's result: the screen it last saw, what the condition found there, if anything, and when it found nothing,
     * the whole screen of that last look ({@code lastLook}, null otherwise; for a wait after a mark, {@code cells} are
     * the cells drawn since and {@code lastLook} the screen of the same moment).
     */
    record Outcome<T>(Cells cells, Optional<T> result, ScreenMoment lastLook) {
        /** A result with no moment of its own to show (a replay's screen never changes). */
        Outcome(Cells cells, Optional<T> result) {
            this(cells, result, null);
        }
    }
}
