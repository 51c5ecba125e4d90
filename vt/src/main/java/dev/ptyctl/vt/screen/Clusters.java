package dev.ptyctl.vt.screen;

import java.util.Arrays;

/**
 * The text of a line's combined cells (a base character followed by combining marks, joiners, variation selectors),
 * packed into one {@code int} array: at a cluster's index its number of code points {@code n}, then the {@code n}
 * code points, base first. A combined cell's content holds that index where a plain cell holds its code point (see
 * {@link Line}), so a mark costs an {@code int} write and no object: text full of accents and emoji sequences
 * allocates nothing per character, whatever mix of marks it uses.
 *
 * <p>Appending a mark to the newest cluster, the usual case (a base, then its marks), grows it in place; any other
 * cluster is copied to the end first. The space of clusters whose cells were overwritten is reclaimed when the whole
 * line is blanked, or by {@link #compact} when the array is full.
 */
final class Clusters {
    /** Most code points one cell keeps (base included); more marks on the same cell are dropped. */
    static final int MAX_CODE_POINTS = 256;
    /**
     * Ints of a new store: room for a line's clusters in most text (a line of the bench's UNICODE or COMBINING text
     * needs 14–17 on average, 3 to 7 a cluster), so the store made at a line's first mark is usually its only one for
     * all the times the line is recycled. It is allocated while its line is printed, near the line's cells, and stays
     * there; a store outgrown later (16 ints were outgrown by many lines, and compacting allocates a new
     * array too) lands wherever the allocation buffer then is, and with 10,000 lines of scrollback a recycled line's
     * first join then missed the cache (UNICODE +14 %, COMBINING +9 % of the emulator's CPU with every line
     * recycled; docs/benchmarks.md, item 4, seventh session).
     */
    private static final int INITIAL_SIZE = 64;

    private int[] data;
    private int end;

    /**
     * A new cluster of a base and one mark.
     *
     * @param base the base code point
     * @param mark the zero-width code point
     * @param content the line's cells, whose indexes change if the array is compacted to make room
     * @param limit cells from 0 to this one may hold clusters
     * @return the new cluster's index
     */
    int add(int base, int mark, int[] content, int limit) {
        reserve(3, content, limit);
        int index = end;
        data[index] = 2;
        data[index + 1] = base;
        data[index + 2] = mark;
        end += 3;
        return index;
    }

    /**
     * Joins {@code mark} to the cell at {@code col} where that takes no more than a few stores: a new cluster of the
     * cell's character and the mark while the array has room, or the mark appended to the newest cluster. Otherwise
     * changes nothing.
     *
     * @param content the line's cells
     * @param col the cell (one with a character, combined or not)
     * @param mark the zero-width code point
     * @return whether the mark was joined
     */
    boolean tryJoin(int[] content, int col, int mark) {
        int[] d = data;
        int e = end;
        int cell = content[col];
        if (d == null) {
            return false;
        }
        if (Line.isCombined(cell)) {
            int index = Line.clusterIndex(cell);
            int n = d[index];
            if (index + 1 + n != e || e >= d.length || n >= MAX_CODE_POINTS) {
                return false;
            }
            d[index] = n + 1;
            d[e] = mark;
            end = e + 1;
            return true;
        }
        int base = Line.clusterIndex(cell);
        if (base == 0 || e + 3 > d.length) {
            return false;
        }
        d[e] = 2;
        d[e + 1] = base;
        d[e + 2] = mark;
        end = e + 3;
        content[col] = Line.withClusterIndex(Line.combined(cell), e);
        return true;
    }

    /**
     * The cluster at {@code index} with one more mark.
     *
     * @param index the cluster
     * @param mark the zero-width code point
     * @param content the line's cells (see {@link #add})
     * @param limit cells from 0 to this one may hold clusters
     * @param col the cell that holds the cluster
     * @return the index of the longer cluster: the same one when it was the newest, else a copy at the end
     */
    int append(int index, int mark, int[] content, int limit, int col) {
        int n = data[index];
        if (n >= MAX_CODE_POINTS) {
            return index;
        }
        if (index + 1 + n == end && end < data.length) {
            data[index] = n + 1;
            data[end++] = mark;
            return index;
        }
        reserve(n + 2, content, limit);
        index = Line.clusterIndex(content[col]); // compacting moves it
        int copy = end;
        System.arraycopy(data, index, data, copy, n + 1);
        data[copy] = n + 1;
        data[copy + 1 + n] = mark;
        end += n + 2;
        return copy;
    }

    /**
     * Room for {@code n} more ints before copying clusters in (so no compaction happens while cells are half
     * copied).
     *
     * @param n ints needed
     * @param content the line's cells (see {@link #add})
     * @param limit cells from 0 to this one may hold clusters
     */
    void reserve(int n, int[] content, int limit) {
        if (data == null) {
            data = new int[Math.max(INITIAL_SIZE, n)];
        } else if (end + n > data.length) {
            compact(content, limit);
            if (end + n > data.length / 2) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, end + n));
            }
        }
    }

    /**
     * Copies a cluster of another line's (or this one's) in; {@link #reserve} must have made room for it.
     *
     * @param from the clusters it is in
     * @param index its index there
     * @return its index here
     */
    int copy(Clusters from, int index) {
        int n = from.data[index] + 1;
        System.arraycopy(from.data, index, data, end, n);
        int copy = end;
        end += n;
        return copy;
    }

    /**
     * How many ints a cluster takes.
     *
     * @param index the cluster
     * @return its size in the array
     */
    int size(int index) {
        return data[index] + 1;
    }

    /**
     * The base code point of a cluster.
     *
     * @param index the cluster
     * @return its first code point
     */
    int base(int index) {
        return data[index + 1];
    }

    /**
     * The cluster's text.
     *
     * @param index the cluster
     * @return base and marks
     */
    String text(int index) {
        return new String(data, index + 1, data[index]);
    }

    /**
     * Appends the cluster's text.
     *
     * @param out destination
     * @param index the cluster
     */
    void appendTo(StringBuilder out, int index) {
        for (int i = index + 1, last = index + data[index]; i <= last; i++) {
            out.appendCodePoint(data[i]);
        }
    }

    /** Forgets every cluster: no cell of the line holds one any more. */
    void clear() {
        end = 0;
    }

    /**
     * Keeps only the clusters the line's cells still refer to, in a fresh array of the same size, and rewrites their
     * indexes in the cells.
     */
    private void compact(int[] content, int limit) {
        int[] old = data;
        data = new int[old.length];
        end = 0;
        for (int col = 0; col < limit; col++) {
            int c = content[col];
            if (Line.isCombined(c)) {
                int index = Line.clusterIndex(c);
                int n = old[index] + 1;
                System.arraycopy(old, index, data, end, n);
                content[col] = Line.withClusterIndex(c, end);
                end += n;
            }
        }
    }

    /**
     * Bytes the array keeps on the heap (see {@link Line#retainedBytes}).
     *
     * @return estimated retained size
     */
    long retainedBytes() {
        return 24 + (data == null ? 0 : (16 + 4L * data.length + 7) / 8 * 8);
    }
}
