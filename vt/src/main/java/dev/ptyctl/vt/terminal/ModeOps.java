package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Charset;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Screen;

/**
 * SM/RM ({@code CSI Pm h/l}), DECSET/DECRST ({@code CSI ? Pm h/l}) and the keypad modes
 * (DECKPAM {@code ESC =}, DECKPNM {@code ESC >}). Flag modes just change {@link ModeState}; the
 * others have the side effects listed in {@link Mode}: origin mode homes the cursor, 47/1047/1049
 * switch screens (entering clears the alternate screen with the current background and takes over
 * the main screen's cursor position; leaving hands the position back), 1048/1049 save and restore
 * the cursor, 9/1000/1002/1003 choose one mouse protocol.
 */
final class ModeOps {
    private final TerminalState t;
    private final CursorOps cursor;

    ModeOps(TerminalState t, CursorOps cursor) {
        this.t = t;
        this.cursor = cursor;
    }

    /** SM / RM. */
    void setAnsi(Params p, boolean on) {
        for (int i = 0; i < p.length(); i++) {
            apply(false, p.get(i), on);
        }
    }

    /** DECSET / DECRST. */
    void setDec(Params p, boolean on) {
        for (int i = 0; i < p.length(); i++) {
            apply(true, p.get(i), on);
        }
    }

    /** Values of DECRPM, the answer to DECRQM. */
    private static final int NOT_RECOGNIZED = 0;
    private static final int SET = 1;
    private static final int RESET = 2;
    private static final int PERMANENTLY_SET = 3;
    private static final int PERMANENTLY_RESET = 4;

    /**
     * DECRQM, {@code CSI Ps $ p} (ANSI) and {@code CSI ? Ps $ p} (DEC): answers
     * {@code CSI [?] Ps ; Pm $ y} with Pm 0 not recognised, 1 set, 2 reset, 3 permanently set,
     * 4 permanently reset, as xterm does (1048 always reports set, as xterm.js; 47, 1047 and 1049 all
     * report whether the alternate screen is shown).
     */
    void requestMode(Params p, boolean dec) {
        if (t.conformanceLevel < 63) {
            t.unknown.record("DECRQM below level 3");
            return; // a VT100 or VT220 has no DECRQM (as xterm after DECSCL 61 or 62)
        }
        int number = p.get(0);
        Mode mode = Mode.find(dec, number);
        int value = mode == null ? NOT_RECOGNIZED : report(mode);
        t.reply("\u001b[" + (dec ? "?" : "") + number + ";" + value + "$y");
    }

    private int report(Mode mode) {
        return switch (mode.kind()) {
            case FLAG -> setOrReset(t.modes.is(mode));
            case PERMANENTLY_SET -> PERMANENTLY_SET;
            case PERMANENTLY_RESET -> PERMANENTLY_RESET;
            case EFFECT -> switch (mode) {
                case CURSOR_VISIBLE -> setOrReset(!t.cursorHidden);
                case MOUSE_X10 -> setOrReset(t.modes.mouseProtocol == ModeState.MouseProtocol.X10);
                case MOUSE_VT200 -> setOrReset(t.modes.mouseProtocol == ModeState.MouseProtocol.VT200);
                case MOUSE_DRAG -> setOrReset(t.modes.mouseProtocol == ModeState.MouseProtocol.DRAG);
                case MOUSE_ANY -> setOrReset(t.modes.mouseProtocol == ModeState.MouseProtocol.ANY);
                case MOUSE_SGR -> setOrReset(t.modes.mouseEncoding == ModeState.MouseEncoding.SGR);
                case MOUSE_SGR_PIXELS -> setOrReset(t.modes.mouseEncoding == ModeState.MouseEncoding.SGR_PIXELS);
                case ANSI_MODE -> SET;
                case SAVE_CURSOR -> SET;
                case ALTERNATE_SCREEN, ALTERNATE_SCREEN_CLEAR, ALTERNATE_SCREEN_SAVE_CURSOR ->
                    setOrReset(t.alternateActive());
                default -> NOT_RECOGNIZED;
            };
        };
    }

    private static int setOrReset(boolean value) {
        return value ? SET : RESET;
    }

    /**
     * DECSCUSR, {@code CSI Ps SP q}: 0 back to the default, 1/2 block, 3/4 underline, 5/6 bar, odd
     * values blinking; other values keep the shape and set the blink, as in xterm.js.
     */
    void setCursorStyle(Params p) {
        int style = p.get(0);
        if (style == 0) {
            t.cursorShape = null;
            t.cursorShapeBlinks = false;
            return;
        }
        switch (style) {
            case 1, 2 -> t.cursorShape = TerminalState.CursorShape.BLOCK;
            case 3, 4 -> t.cursorShape = TerminalState.CursorShape.UNDERLINE;
            case 5, 6 -> t.cursorShape = TerminalState.CursorShape.BAR;
            default -> {
                // other values keep the shape
            }
        }
        t.cursorShapeBlinks = style % 2 == 1;
    }

    /** DECKPAM (true) / DECKPNM (false). */
    void keypad(boolean application) {
        t.modes.set(Mode.APPLICATION_KEYPAD, application);
    }

    private void apply(boolean dec, int number, boolean on) {
        Mode mode = Mode.find(dec, number);
        if (mode == null) {
            t.unknown.record((dec ? (on ? "DECSET " : "DECRST ") : (on ? "SM " : "RM ")) + number);
            return;
        }
        if (!availableAtLevel(mode)) {
            t.unknown.record((on ? "DECSET " : "DECRST ") + number + " (above the conformance level)");
            return;
        }
        if (mode == Mode.COLUMN_132 && !t.modes.is(Mode.ALLOW_COLUMN_132)) {
            return; // as xterm: DECCOLM does nothing unless mode 40 allows it
        }
        if (mode.flag()) {
            t.modes.set(mode, on);
        }
        switch (mode) {
            case COLUMN_132 -> changeColumnMode();
            case ORIGIN -> cursor.setCursor(0, 0);
            case LEFT_RIGHT_MARGINS -> {
                if (!on) {
                    t.main.setHorizontalMargins(0, t.main.cols() - 1);
                    t.alternate.setHorizontalMargins(0, t.alternate.cols() - 1);
                }
            }
            case ANSI_MODE -> {
                if (on) {
                    for (int slot = 0; slot < 4; slot++) {
                        t.charsets.designate(slot, Charset.US);
                    }
                }
            }
            case CURSOR_VISIBLE -> t.cursorHidden = !on;
            case MOUSE_X10 -> mouse(on, ModeState.MouseProtocol.X10);
            case MOUSE_VT200 -> mouse(on, ModeState.MouseProtocol.VT200);
            case MOUSE_DRAG -> mouse(on, ModeState.MouseProtocol.DRAG);
            case MOUSE_ANY -> mouse(on, ModeState.MouseProtocol.ANY);
            case MOUSE_SGR -> t.modes.mouseEncoding = on ? ModeState.MouseEncoding.SGR : ModeState.MouseEncoding.DEFAULT;
            case MOUSE_SGR_PIXELS -> t.modes.mouseEncoding =
                on ? ModeState.MouseEncoding.SGR_PIXELS : ModeState.MouseEncoding.DEFAULT;
            case ALTERNATE_SCREEN, ALTERNATE_SCREEN_CLEAR -> switchScreen(on);
            case SAVE_CURSOR -> {
                if (on) {
                    cursor.save();
                } else {
                    cursor.restore();
                }
            }
            case ALTERNATE_SCREEN_SAVE_CURSOR -> {
                if (on) {
                    cursor.save();
                    switchScreen(true);
                } else {
                    switchScreen(false);
                    cursor.restore();
                }
            }
            default -> {
                // flag modes, and modes recognised but without effect (DECCOLM, DECARM, 1005, 1015)
            }
        }
    }

    /** XTSAVE, {@code CSI ? Pm s}: remembers the value of each DEC private mode named, for XTRESTORE. */
    void saveDec(Params p) {
        for (int i = 0; i < p.length(); i++) {
            Mode mode = Mode.find(true, p.get(i));
            if (mode != null && mode.kind() != Mode.Kind.PERMANENTLY_SET && mode.kind() != Mode.Kind.PERMANENTLY_RESET) {
                t.savedDecModes.put(mode.number(), report(mode) == SET);
            }
        }
    }

    /** XTRESTORE, {@code CSI ? Pm r}: sets each DEC private mode named back to the value XTSAVE kept. */
    void restoreDec(Params p) {
        for (int i = 0; i < p.length(); i++) {
            Boolean saved = t.savedDecModes.get(p.get(i));
            if (saved != null) {
                apply(true, p.get(i), saved);
            }
        }
    }

    /** DECLRMM needs a VT420 level (64), DECNCSM a VT510 one (65), as in xterm after DECSCL. */
    private boolean availableAtLevel(Mode mode) {
        return switch (mode) {
            case LEFT_RIGHT_MARGINS -> t.conformanceLevel >= 64;
            case NO_CLEAR_ON_COLUMN_CHANGE -> t.conformanceLevel >= 65;
            default -> true;
        };
    }

    /**
     * DECCOLM's effect, as xterm's when allowed: the screen is cleared (unless DECNCSM says not to), the
     * margins reset and the cursor homed. The width itself stays: the size of a ptyctl terminal is set
     * by whoever shows it, never by the program (see docs/emulator.md).
     */
    private void changeColumnMode() {
        Screen s = t.active;
        s.setScrollRegion(0, s.rows() - 1);
        s.setHorizontalMargins(0, s.cols() - 1);
        if (!t.modes.is(Mode.NO_CLEAR_ON_COLUMN_CHANGE)) {
            for (int row = 0; row < s.rows(); row++) {
                s.line(row).fill(0, s.cols(), t.eraseStyle(), 0);
                s.line(row).setWrapped(false);
            }
        }
        s.cursor().moveTo(0, 0);
    }

    private void mouse(boolean on, ModeState.MouseProtocol protocol) {
        t.modes.mouseProtocol = on ? protocol : ModeState.MouseProtocol.NONE;
    }

    /**
     * Enters (true) or leaves (false) the alternate screen; switching to the screen already active
     * does nothing.
     */
    void switchScreen(boolean alternate) {
        if (alternate == t.alternateActive()) {
            return;
        }
        Cursor from = t.active.cursor();
        if (alternate) {
            t.alternate.clearAll(t.eraseStyle());
            t.alternate.scrollback().clear();
            t.alternate.setHistoryLimit(t.alternateMaxLength - t.alternate.rows());
            t.active = t.alternate;
        } else {
            t.alternateMaxLength = t.alternate.rows();
            t.active = t.main;
        }
        t.active.cursor().moveTo(from.col(), from.row());
    }
}
