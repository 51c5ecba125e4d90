package dev.ptyctl.vt.terminal;

import java.util.EnumSet;
import java.util.Set;

/**
 * Values of the modes in {@link Mode} that are plain flags, plus the mouse tracking protocol and
 * encoding, which xterm treats as one choice each rather than as independent flags.
 */
final class ModeState {
    /** Mouse reporting protocol chosen by DECSET 9, 1000, 1002, 1003. */
    enum MouseProtocol { NONE, X10, VT200, DRAG, ANY }

    /** Mouse report encoding chosen by DECSET 1006, 1016 (1005 and 1015 are not supported, as in xterm.js). */
    enum MouseEncoding { DEFAULT, SGR, SGR_PIXELS }

    private final Set<Mode> set = EnumSet.noneOf(Mode.class);
    /** IRM and DECAWM as plain fields: the printer reads them for every character it prints. */
    boolean insert;
    boolean autowrap;
    /**
     * DECOM as a plain field: every CUP and EL reads it (see {@link CursorOps#setCursor}, {@link
     * CursorOps#restrict}).
     */
    boolean origin;
    MouseProtocol mouseProtocol = MouseProtocol.NONE;
    MouseEncoding mouseEncoding = MouseEncoding.DEFAULT;

    ModeState() {
        reset();
    }

    /**
     * Back to the power-on values of every flag mode and no mouse reporting, except LNM and cursor
     * blink: xterm.js keeps those two in its options, which RIS and DECSTR do not reset.
     */
    void reset() {
        boolean newline = is(Mode.LINEFEED_NEWLINE);
        boolean blink = is(Mode.CURSOR_BLINK);
        set.clear();
        for (Mode mode : Mode.values()) {
            if (mode.defaultValue()) {
                set.add(mode);
            }
        }
        set(Mode.LINEFEED_NEWLINE, newline);
        set(Mode.CURSOR_BLINK, blink);
        refresh();
        mouseProtocol = MouseProtocol.NONE;
        mouseEncoding = MouseEncoding.DEFAULT;
    }

    /**
     * Resets the flag modes only (DECSTR keeps mouse reporting, as xterm.js does). Modes 40 (allow
     * DECCOLM) and 95 (DECNCSM) stay too: xterm.js has neither, and xterm's DECSTR leaves both alone.
     */
    void resetFlags() {
        MouseProtocol protocol = mouseProtocol;
        MouseEncoding encoding = mouseEncoding;
        boolean allowColumnMode = is(Mode.ALLOW_COLUMN_132);
        boolean noClearOnColumnChange = is(Mode.NO_CLEAR_ON_COLUMN_CHANGE);
        reset();
        mouseProtocol = protocol;
        mouseEncoding = encoding;
        set(Mode.ALLOW_COLUMN_132, allowColumnMode);
        set(Mode.NO_CLEAR_ON_COLUMN_CHANGE, noClearOnColumnChange);
    }

    boolean is(Mode mode) {
        return set.contains(mode);
    }

    void set(Mode mode, boolean value) {
        if (value) {
            set.add(mode);
        } else {
            set.remove(mode);
        }
        refresh();
    }

    private void refresh() {
        insert = set.contains(Mode.INSERT);
        autowrap = set.contains(Mode.AUTOWRAP);
        origin = set.contains(Mode.ORIGIN);
    }
}
