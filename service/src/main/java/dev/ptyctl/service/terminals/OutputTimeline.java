package dev.ptyctl.service.terminals;

import dev.ptyctl.service.pty.OutputListener;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * When each part of a terminal's output arrived and when its size changed, by output offset: what turns the raw
 * output log into a recording with times ({@link AsciicastRecording}).
 *
 * <p>Memory is bounded whatever the program does: output arriving within {@link #COALESCE_NANOS} of the previous
 * mark shares that mark (a 1 ms error nobody can see on playback), and at most {@link #MAX_MARKS} marks and
 * {@link #MAX_RESIZES} resizes are kept, oldest dropped first. The arrays start small and grow, so an idle terminal
 * costs a few hundred bytes. Output is reported on the PTY reader thread, resizes on whichever thread resized;
 * both are short and take this object's lock.
 */
final class OutputTimeline implements OutputListener {
    /** Closer than a frame of any player; merges the many small reads of an interactive program. */
    static final long COALESCE_NANOS = 1_000_000;
    /** 8192 marks × 16 bytes = 128 KiB at most per terminal, enough for 2 MiB of output in 256-byte bursts. */
    static final int MAX_MARKS = 8192;
    /** Far more resizes than a replay window ever holds; each costs a few dozen bytes. */
    static final int MAX_RESIZES = 256;
    private static final int INITIAL_MARKS = 16;

    /** A size change: from output offset {@code seq} on, the terminal was {@code cols}×{@code rows}. */
    record Resize(long seq, long nanos, int cols, int rows) {
    }

    /** Output from offset {@code seq} (up to the next mark) arrived at {@code nanos}. */
    record Mark(long seq, long nanos) {
    }

    /**
     * A consistent copy: the marks and resizes in order, and the size in force before the first kept resize.
     *
     * @param startNanos when the terminal started ({@link System#nanoTime()})
     */
    record Snapshot(long startNanos, int initialCols, int initialRows, List<Mark> marks, List<Resize> resizes) {
        /** The size in force at output offset {@code seq}. */
        int[] sizeAt(long seq) {
            int[] size = {initialCols, initialRows};
            for (Resize resize : resizes) {
                if (resize.seq() > seq) {
                    break;
                }
                size[0] = resize.cols();
                size[1] = resize.rows();
            }
            return size;
        }
    }

    private final long startNanos;
    private final LongSupplier clock;
    private long[] markSeqs = new long[INITIAL_MARKS];
    private long[] markNanos = new long[INITIAL_MARKS];
    private int markHead;
    private int markCount;
    private long lastSeq;
    private int baseCols;
    private int baseRows;
    private final List<Resize> resizes = new ArrayList<>();

    OutputTimeline(int cols, int rows, long startNanos) {
        this(cols, rows, startNanos, System::nanoTime);
    }

    /** @param clock {@link System#nanoTime()}, or a test's clock */
    OutputTimeline(int cols, int rows, long startNanos, LongSupplier clock) {
        this.baseCols = cols;
        this.baseRows = rows;
        this.startNanos = startNanos;
        this.clock = clock;
    }

    @Override
    public synchronized void output(byte[] data, int offset, int length, long outputSeqAfter) {
        long now = clock.getAsLong();
        long chunkStart = outputSeqAfter - length;
        lastSeq = outputSeqAfter;
        if (markCount > 0 && now - markNanos[index(markCount - 1)] < COALESCE_NANOS) {
            return;
        }
        addMark(chunkStart, now);
    }

    /** Records that from the current output offset on the terminal is {@code cols}×{@code rows}. */
    synchronized void resized(int cols, int rows) {
        if (resizes.size() == MAX_RESIZES) {
            Resize dropped = resizes.removeFirst();
            baseCols = dropped.cols();
            baseRows = dropped.rows();
        }
        resizes.add(new Resize(lastSeq, clock.getAsLong(), cols, rows));
    }

    synchronized Snapshot snapshot() {
        List<Mark> marks = new ArrayList<>(markCount);
        for (int i = 0; i < markCount; i++) {
            marks.add(new Mark(markSeqs[index(i)], markNanos[index(i)]));
        }
        return new Snapshot(startNanos, baseCols, baseRows, marks, List.copyOf(resizes));
    }

    private void addMark(long seq, long nanos) {
        if (markCount == markSeqs.length && markCount < MAX_MARKS) {
            grow();
        }
        if (markCount == markSeqs.length) {
            markSeqs[markHead] = seq;
            markNanos[markHead] = nanos;
            markHead = (markHead + 1) % markSeqs.length;
            return;
        }
        markSeqs[index(markCount)] = seq;
        markNanos[index(markCount)] = nanos;
        markCount++;
    }

    private void grow() {
        int capacity = Math.min(MAX_MARKS, markSeqs.length * 2);
        long[] seqs = new long[capacity];
        long[] nanos = new long[capacity];
        for (int i = 0; i < markCount; i++) {
            seqs[i] = markSeqs[index(i)];
            nanos[i] = markNanos[index(i)];
        }
        markSeqs = seqs;
        markNanos = nanos;
        markHead = 0;
    }

    private int index(int i) {
        return (markHead + i) % markSeqs.length;
    }
}
