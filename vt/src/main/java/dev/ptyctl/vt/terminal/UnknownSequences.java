package dev.ptyctl.vt.terminal;

import java.lang.System.Logger;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts sequences the emulator received but does not implement, per kind (e.g. {@code "CSI >q"},
 * {@code "DECSET 9999"}, {@code "OSC 777"}, {@code "SGR 73"}, {@code "C0 0x05"}); each kind is
 * logged once at DEBUG. Unknown input is never an error: it is skipped, as xterm.js does.
 */
public final class UnknownSequences {
    private static final Logger LOG = System.getLogger(UnknownSequences.class.getName());

    private final Map<String, Long> counts = new TreeMap<>();

    UnknownSequences() {
    }

    /**
     * Records one occurrence.
     *
     * @param kind short description of the sequence without its variable parts
     */
    void record(String kind) {
        Long previous = counts.merge(kind, 1L, Long::sum);
        if (previous == 1L) {
            LOG.log(Logger.Level.DEBUG, "unsupported terminal sequence ignored: {0}", kind);
        }
    }

    /**
     * A snapshot of the counts, sorted by kind.
     *
     * @return kind to number of occurrences
     */
    Map<String, Long> snapshot() {
        return Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /**
     * Total number of unknown sequences seen.
     *
     * @return the sum of all counts
     */
    long total() {
        long total = 0;
        for (long count : counts.values()) {
            total += count;
        }
        return total;
    }
}
