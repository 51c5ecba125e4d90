package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.screen.Charset;

/**
 * ISO 2022 state: the sets designated into G0..G3 and the one shifted into GL (SI, SO, LS2, LS3).
 * As in xterm.js, the active set is tracked separately because DECRC restores the set that was
 * active at DECSC without touching the designations.
 */
final class CharsetState {
    private final Charset[] designated = new Charset[4];
    private int shiftLevel;
    private Charset active;

    CharsetState() {
        reset();
    }

    void reset() {
        java.util.Arrays.fill(designated, Charset.US);
        shiftLevel = 0;
        active = Charset.US;
    }

    /** SI, SO, LS2, LS3: invoke G{@code level} into GL. */
    void shift(int level) {
        shiftLevel = level;
        active = designated[level];
    }

    /** SCS: designate a set into G{@code slot}. */
    void designate(int slot, Charset charset) {
        designated[slot] = charset;
        if (shiftLevel == slot) {
            active = charset;
        }
    }

    Charset designated(int slot) {
        return designated[slot];
    }

    int shiftLevel() {
        return shiftLevel;
    }

    Charset active() {
        return active;
    }

    /** DECRC: make a previously saved set active again. */
    void restoreActive(Charset charset) {
        active = charset == null ? Charset.US : charset;
    }

    /** True when printing needs no mapping (the fast path). */
    boolean isIdentity() {
        return active == Charset.US;
    }

    int map(int codePoint) {
        return active.map(codePoint);
    }
}
