package dev.ptyctl.vt.screen;

import java.util.BitSet;

/**
 * Horizontal tab stops of a screen: one every {@value #INTERVAL} columns initially (column 0
 * included, as in xterm.js), changed by HTS and TBC.
 *
 * <p>As in xterm.js, stops are not limited to the current width: HTS with the cursor past the last
 * column (wrap pending) records a stop there, and stops beyond a width the screen shrank from are
 * kept. They matter only when the screen grows: new default stops continue from the last stop below
 * the new width.
 */
public final class TabStops {
    /** Default distance between stops. */
    public static final int INTERVAL = 8;

    private final BitSet stops = new BitSet();
    private int cols;
    /**
     * Whether the stops are exactly every {@link #INTERVAL} columns: then {@link #reset} has nothing to do. A
     * full-screen program switches to the alternate screen, which resets them, a few times per KiB of output.
     */
    private boolean defaults;

    /**
     * Creates the default stops for a width.
     *
     * @param cols screen width
     */
    public TabStops(int cols) {
        this.cols = cols;
        setDefaultsFrom(0);
        defaults = true;
    }

    /** Restores the default stops (RIS, alternate screen switch). */
    public void reset() {
        if (defaults) {
            return;
        }
        stops.clear();
        setDefaultsFrom(0);
        defaults = true;
    }

    /**
     * Adapts to a new width: stops already set are kept; default stops continue from the last stop
     * below the new width.
     *
     * @param newCols new screen width
     */
    public void resize(int newCols) {
        cols = newCols;
        int start = stops.get(newCols) ? newCols : Math.max(0, stops.previousSetBit(newCols - 1));
        setDefaultsFrom(start);
    }

    /**
     * HTS: sets a stop.
     *
     * @param col column, possibly past the last one
     */
    public void set(int col) {
        if (col >= 0) {
            stops.set(col);
            defaults &= col % INTERVAL == 0 && col < cols;
        }
    }

    /**
     * TBC 0: clears a stop.
     *
     * @param col column, possibly past the last one
     */
    public void clear(int col) {
        if (col >= 0 && stops.get(col)) {
            stops.clear(col);
            defaults = false;
        }
    }

    /** TBC 3: clears every stop. */
    public void clearAll() {
        stops.clear();
        defaults = false;
    }

    /**
     * Whether a stop is set.
     *
     * @param col column
     * @return true at a stop
     */
    public boolean isSet(int col) {
        return col >= 0 && stops.get(col);
    }

    /**
     * The next stop right of {@code col}, or the last column when there is none.
     *
     * @param col current column
     * @return target column, 0..cols-1
     */
    public int next(int col) {
        int x = stops.nextSetBit(col + 1);
        if (x < 0 || x >= cols) {
            x = cols;
        }
        return Math.max(0, Math.min(x, cols - 1));
    }

    /**
     * The previous stop left of {@code col}, or column 0 when there is none.
     *
     * @param col current column
     * @return target column, 0..cols-1
     */
    public int previous(int col) {
        int x = col - 1 <= 0 ? 0 : Math.max(0, stops.previousSetBit(col - 1));
        return Math.max(0, Math.min(x, cols - 1));
    }

    private void setDefaultsFrom(int start) {
        for (int col = start; col < cols; col += INTERVAL) {
            stops.set(col);
        }
    }
}
