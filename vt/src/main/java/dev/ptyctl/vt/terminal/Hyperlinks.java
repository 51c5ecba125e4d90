package dev.ptyctl.vt.terminal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The side table of OSC 8 hyperlinks: cells keep a small key (see {@link
 * dev.ptyctl.vt.screen.Extras}), this table maps it to the link's URI and its {@code id} parameter.
 *
 * <p>A link is interned by (id, URI): cells written under the same link share one key, and a link
 * opened again later with the same id and URI gets the same key, so a key means "the same link" as
 * xterm.js's OscLinkService understands it. (Two links without an id but with the same URI also
 * share a key; xterm.js keeps them apart only to highlight them separately on hover.)
 *
 * <p>Keys of links no cell uses any more are reclaimed when the table reaches {@link #CAPACITY}:
 * the emulator then lists the keys still in use and the others become free.
 */
final class Hyperlinks {
    /**
     * Entries kept before unused ones are reclaimed: far more links than any screen plus scrollback
     * shows at once in practice, small enough that a reclaim scan is rare and the table stays a few
     * MiB at most.
     */
    static final int CAPACITY = 1 << 16;

    /** A link as OSC 8 gave it. */
    record Link(String id, String uri) {
    }

    private final Map<Link, Integer> keys = new HashMap<>();
    /** Index = key; null for a free key. Index 0 is never used. */
    private final List<Link> links = new ArrayList<>(List.of(new Link("", "")));
    private final BitSet free = new BitSet();

    /**
     * The key of a link, registering it if new.
     *
     * @param id the {@code id} parameter, "" when absent
     * @param uri the URI, not empty
     * @param inUse called when the table is full: sets the bits of the keys cells still use
     * @return the key, at least 1
     */
    int intern(String id, String uri, java.util.function.Consumer<BitSet> inUse) {
        Link link = new Link(id, uri);
        Integer existing = keys.get(link);
        if (existing != null) {
            return existing;
        }
        if (free.isEmpty() && keys.size() >= CAPACITY) {
            reclaim(inUse);
        }
        int key = free.nextSetBit(1);
        if (key > 0) {
            free.clear(key);
            links.set(key, link);
        } else {
            key = links.size();
            links.add(link);
        }
        keys.put(link, key);
        return key;
    }

    /**
     * The URI of a key.
     *
     * @param key a key from {@link #intern}
     * @return the URI, "" for key 0 or an unknown key
     */
    String uri(int key) {
        Link link = key > 0 && key < links.size() ? links.get(key) : null;
        return link == null ? "" : link.uri();
    }

    /**
     * The {@code id} parameter of a key.
     *
     * @param key a key from {@link #intern}
     * @return the id, "" when none
     */
    String id(int key) {
        Link link = key > 0 && key < links.size() ? links.get(key) : null;
        return link == null ? "" : link.id();
    }

    /** Number of links registered. */
    int size() {
        return keys.size();
    }

    /** Forgets every link (RIS). */
    void clear() {
        keys.clear();
        links.subList(1, links.size()).clear();
        free.clear();
    }

    private void reclaim(java.util.function.Consumer<BitSet> inUse) {
        BitSet used = new BitSet(links.size());
        inUse.accept(used);
        for (int key = 1; key < links.size(); key++) {
            Link link = links.get(key);
            if (link != null && !used.get(key)) {
                keys.remove(link);
                links.set(key, null);
                free.set(key);
            }
        }
    }
}
