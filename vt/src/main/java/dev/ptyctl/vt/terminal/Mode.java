package dev.ptyctl.vt.terminal;

/**
 * Every mode the emulator recognises, in one declarative table: ANSI modes (SM/RM, {@code CSI Pm h})
 * and DEC private modes (DECSET/DECRST, {@code CSI ? Pm h}), with number, power-on value and
 * {@link Kind}: a plain flag kept in {@link ModeState}, a mode with side effects applied by {@link
 * ModeOps} (screen switches, mouse protocols, cursor visibility...), or a fixed value. Reset,
 * DECRQM and docs/emulator.md read this table.
 */
enum Mode {
    KEYBOARD_ACTION(false, 2, false, Kind.PERMANENTLY_RESET, "KAM", "keyboard locked: never"),
    INSERT(false, 4, false, Kind.FLAG, "IRM", "insert mode: printing shifts the rest of the line right"),
    SEND_RECEIVE(false, 12, false, Kind.PERMANENTLY_SET, "SRM", "local echo off: always"),
    LINEFEED_NEWLINE(false, 20, false, Kind.FLAG, "LNM", "LF, VT and FF also move to column 0"),

    APPLICATION_CURSOR_KEYS(true, 1, false, Kind.FLAG, "DECCKM", "arrow keys send ESC O instead of CSI"),
    ANSI_MODE(true, 2, true, Kind.EFFECT, "DECANM", "set: designate US-ASCII into G0-G3; VT52 mode is not supported"),
    COLUMN_132(true, 3, false, Kind.EFFECT, "DECCOLM", "ignored, as in xterm.js with default window options"),
    REVERSE_VIDEO(true, 5, false, Kind.FLAG_UNREPORTED, "DECSCNM", "recorded only; xterm.js does not implement it"),
    ORIGIN(true, 6, false, Kind.FLAG, "DECOM", "cursor addressing relative to the scroll margins; homes the cursor"),
    AUTOWRAP(true, 7, true, Kind.FLAG, "DECAWM", "printing past the right margin continues on the next line"),
    AUTO_REPEAT(true, 8, true, Kind.PERMANENTLY_SET, "DECARM", "always on"),
    MOUSE_X10(true, 9, false, Kind.EFFECT, "", "X10 mouse reporting (button press)"),
    CURSOR_BLINK(true, 12, false, Kind.FLAG, "att610", "blinking cursor (also set by DECSCUSR)"),
    CURSOR_VISIBLE(true, 25, true, Kind.EFFECT, "DECTCEM", "cursor visible"),
    REVERSE_WRAPAROUND(true, 45, false, Kind.FLAG, "", "BS at column 0 moves to the end of the previous soft-wrapped row"),
    ALTERNATE_SCREEN(true, 47, false, Kind.EFFECT, "", "use the alternate screen"),
    APPLICATION_KEYPAD(true, 66, false, Kind.FLAG, "DECNKM", "keypad sends application sequences (also ESC = / ESC >)"),
    LEFT_RIGHT_MARGINS(true, 69, false, Kind.FLAG, "DECLRMM", "CSI Pl ; Pr s sets left and right margins (DECSLRM); reset: full width"),
    BACKARROW_KEY(true, 67, false, Kind.PERMANENTLY_RESET, "DECBKM", "backarrow sends DEL: always"),
    MOUSE_VT200(true, 1000, false, Kind.EFFECT, "", "mouse reporting: press and release"),
    MOUSE_DRAG(true, 1002, false, Kind.EFFECT, "", "mouse reporting: also motion while a button is down"),
    MOUSE_ANY(true, 1003, false, Kind.EFFECT, "", "mouse reporting: all motion"),
    SEND_FOCUS(true, 1004, false, Kind.FLAG, "", "report focus in/out"),
    MOUSE_UTF8(true, 1005, false, Kind.PERMANENTLY_RESET, "", "UTF-8 mouse encoding: not supported (as in xterm.js)"),
    MOUSE_SGR(true, 1006, false, Kind.EFFECT, "", "SGR mouse encoding"),
    MOUSE_URXVT(true, 1015, false, Kind.PERMANENTLY_RESET, "", "urxvt mouse encoding: not supported (as in xterm.js)"),
    MOUSE_SGR_PIXELS(true, 1016, false, Kind.EFFECT, "", "SGR mouse encoding in pixels"),
    ALTERNATE_SCREEN_CLEAR(true, 1047, false, Kind.EFFECT, "", "use the alternate screen (cleared on entry)"),
    SAVE_CURSOR(true, 1048, false, Kind.EFFECT, "", "set: save cursor as DECSC; reset: restore as DECRC"),
    ALTERNATE_SCREEN_SAVE_CURSOR(true, 1049, false, Kind.EFFECT, "", "save cursor and use the alternate screen"),
    BRACKETED_PASTE(true, 2004, false, Kind.FLAG, "", "pasted text is wrapped in CSI 200~ / CSI 201~"),
    SYNCHRONIZED_OUTPUT(true, 2026, false, Kind.FLAG, "", "synchronized output (recorded)");

    /** How a mode's value is kept and reported by DECRQM. */
    enum Kind {
        /** A flag in {@link ModeState}, reported as set or reset. */
        FLAG,
        /** A flag in {@link ModeState} that DECRQM reports as not recognised, as xterm.js does. */
        FLAG_UNREPORTED,
        /** Applied by {@link ModeOps} with side effects; reported from the state it changes. */
        EFFECT,
        /** Cannot be changed; reported as permanently set. */
        PERMANENTLY_SET,
        /** Cannot be changed; reported as permanently reset. */
        PERMANENTLY_RESET
    }

    private final boolean dec;
    /** {@link #values()} once: it copies the array on every call, and DECSET/DECRST look modes up often. */
    private static final Mode[] ALL = values();

    private final int number;
    private final boolean defaultValue;
    private final Kind kind;
    private final String mnemonic;
    private final String description;

    Mode(boolean dec, int number, boolean defaultValue, Kind kind, String mnemonic, String description) {
        this.dec = dec;
        this.number = number;
        this.defaultValue = defaultValue;
        this.kind = kind;
        this.mnemonic = mnemonic;
        this.description = description;
    }

    Kind kind() {
        return kind;
    }

    /** True for a DEC private mode ({@code CSI ? n h}), false for an ANSI mode ({@code CSI n h}). */
    boolean dec() {
        return dec;
    }

    int number() {
        return number;
    }

    /** Power-on value; for flag modes also the value RIS and DECSTR restore. */
    boolean defaultValue() {
        return defaultValue && flag();
    }

    /** Whether the value is stored in {@link ModeState} (otherwise {@link ModeOps} applies effects). */
    boolean flag() {
        return kind == Kind.FLAG || kind == Kind.FLAG_UNREPORTED;
    }

    String mnemonic() {
        return mnemonic;
    }

    String description() {
        return description;
    }

    /**
     * Looks a mode up by number.
     *
     * @param dec true for DEC private modes
     * @param number the mode number
     * @return the mode, or null when not recognised
     */
    static Mode find(boolean dec, int number) {
        for (Mode mode : ALL) {
            if (mode.dec == dec && mode.number == number) {
                return mode;
            }
        }
        return null;
    }
}
