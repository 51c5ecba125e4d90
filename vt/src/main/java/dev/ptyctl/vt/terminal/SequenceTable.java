package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Intermediates;

/**
 * Maps a sequence identity ({@link Intermediates#key}: collected bytes plus final byte) to its
 * action, with int keys in an open-addressing table so a lookup allocates nothing.
 *
 * @param <A> the action type
 */
final class SequenceTable<A> {
    /** Capacity; a power of two comfortably above the ~60 registered CSI sequences. */
    private static final int CAPACITY = 256;

    private final int[] keys = new int[CAPACITY];
    private final Object[] actions = new Object[CAPACITY];
    /** Actions of sequences without intermediates, by final byte: the common case needs no hashing. */
    private final Object[] plain = new Object[128];
    /** Registrations in order: intermediates, final byte and mnemonic, for docs and tests. */
    private final java.util.List<String[]> names = new java.util.ArrayList<>();
    private int size;

    /**
     * Registers an action.
     *
     * @param intermediates collected bytes, e.g. {@code "?"} or {@code ""}
     * @param finalByte final byte
     * @param mnemonic the sequence's name in docs/emulator.md (several joined by {@code /})
     * @param action what to run
     */
    void put(String intermediates, char finalByte, String mnemonic, A action) {
        names.add(new String[] {intermediates, String.valueOf(finalByte), mnemonic});
        int key = Intermediates.key(Intermediates.of(intermediates), finalByte);
        if (size >= CAPACITY / 2) {
            throw new IllegalStateException("sequence table full");
        }
        int slot = slot(key);
        while (keys[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & (CAPACITY - 1);
        }
        if (keys[slot] == key) {
            throw new IllegalStateException("sequence registered twice: " + intermediates + finalByte);
        }
        keys[slot] = key;
        actions[slot] = action;
        size++;
        if (key < plain.length) {
            plain[key] = action;
        }
    }

    /**
     * Every registration in order.
     *
     * @return [intermediates, final byte, mnemonic] per entry
     */
    java.util.List<String[]> registrations() {
        return java.util.Collections.unmodifiableList(names);
    }

    /**
     * Looks an action up.
     *
     * @param key {@link Intermediates#key} of the sequence (never 0: final bytes are nonzero)
     * @return the action, or null when none is registered
     */
    @SuppressWarnings("unchecked")
    A get(int key) {
        if (key < plain.length) {
            return (A) plain[key];
        }
        int slot = slot(key);
        while (keys[slot] != 0) {
            if (keys[slot] == key) {
                return (A) actions[slot];
            }
            slot = (slot + 1) & (CAPACITY - 1);
        }
        return null;
    }

    private static int slot(int key) {
        return (key * 0x9E3779B9 >>> 24) & (CAPACITY - 1);
    }
}
