package dev.ptyctl.vt.terminal;

/**
 * Every mode the emulator recognises, in one declarative table: ANSI modes (SM/RM, {@code CSI Pm h})
 * and DEC private modes (DECSET/DECRST, {@code CSI ? Pm h}), with number, power-on value and
 * {@link Kind}: a plain flag kept in {@link ModeState}, a mode with side effects applied by {@link
 * ModeOps} (screen switches, mouse protocols, cursor visibility...), or a fixed value. Reset,
 * DECRQM and docs/emulator.md read this table. It holds every mode xterm knows, and DECRQM answers
 * what xterm answers (programs are written against xterm): modes that mean nothing to a server-side
 * screen (keyboard, printer, window options) are recorded, those xterm does not support are
 * permanently reset.
 */
enum Mode {
    GUARDED_AREA_TRANSFER(false, 1, false, Kind.PERMANENTLY_RESET, "GATM", "not supported (as xterm)"),
    KEYBOARD_ACTION(false, 2, false, Kind.FLAG, "KAM", "keyboard locked: recorded only (keys are sent by the clients)"),
    CONTROL_REPRESENTATION(false, 3, false, Kind.FLAG, "CRM", "show control characters: recorded only"),
    INSERT(false, 4, false, Kind.FLAG, "IRM", "insert mode: printing shifts the rest of the line right"),
    STATUS_REPORT_TRANSFER(false, 5, false, Kind.PERMANENTLY_RESET, "SRTM", "not supported (as xterm)"),
    VERTICAL_EDITING(false, 7, false, Kind.PERMANENTLY_RESET, "VEM", "not supported (as xterm)"),
    HORIZONTAL_EDITING(false, 10, false, Kind.PERMANENTLY_RESET, "HEM", "not supported (as xterm)"),
    POSITIONING_UNIT(false, 11, false, Kind.PERMANENTLY_RESET, "PUM", "not supported (as xterm)"),
    SEND_RECEIVE(false, 12, false, Kind.FLAG, "SRM", "local echo off: recorded only (a PTY echoes by itself)"),
    FEAM(false, 13, false, Kind.PERMANENTLY_RESET, "FEAM", "not supported (as xterm)"),
    FETM(false, 14, false, Kind.PERMANENTLY_RESET, "FETM", "not supported (as xterm)"),
    MATM(false, 15, false, Kind.PERMANENTLY_RESET, "MATM", "not supported (as xterm)"),
    TTM(false, 16, false, Kind.PERMANENTLY_RESET, "TTM", "not supported (as xterm)"),
    SATM(false, 17, false, Kind.PERMANENTLY_RESET, "SATM", "not supported (as xterm)"),
    TSM(false, 18, false, Kind.PERMANENTLY_RESET, "TSM", "not supported (as xterm)"),
    EBM(false, 19, false, Kind.PERMANENTLY_RESET, "EBM", "not supported (as xterm)"),
    LINEFEED_NEWLINE(false, 20, false, Kind.FLAG, "LNM", "LF, VT and FF also move to column 0"),
    APPLICATION_CURSOR_KEYS(true, 1, false, Kind.FLAG, "DECCKM", "arrow keys send ESC O instead of CSI"),
    ANSI_MODE(true, 2, true, Kind.EFFECT, "DECANM", "set: designate US-ASCII into G0-G3; VT52 mode is not supported"),
    COLUMN_132(true, 3, false, Kind.FLAG, "DECCOLM", "with mode 40: clears the screen (unless DECNCSM), resets the margins, homes the cursor; the width stays (it belongs to the clients)"),
    SMOOTH_SCROLL(true, 4, false, Kind.FLAG, "DECSCLM", "recorded only: no effect on a server-side screen"),
    REVERSE_VIDEO(true, 5, false, Kind.FLAG, "DECSCNM", "recorded only; xterm.js does not implement it"),
    ORIGIN(true, 6, false, Kind.FLAG, "DECOM", "cursor addressing relative to the scroll margins; homes the cursor"),
    AUTOWRAP(true, 7, true, Kind.FLAG, "DECAWM", "printing past the right margin continues on the next line"),
    AUTO_REPEAT(true, 8, false, Kind.PERMANENTLY_RESET, "DECARM", "key repeat belongs to the clients; reported permanently reset, as xterm"),
    MOUSE_X10(true, 9, false, Kind.EFFECT, "", "X10 mouse reporting (button press)"),
    EDIT(true, 10, false, Kind.PERMANENTLY_RESET, "DECEDM", "not supported (as xterm)"),
    LINE_TRANSMIT(true, 11, false, Kind.PERMANENTLY_RESET, "DECLTM", "not supported (as xterm)"),
    CURSOR_BLINK(true, 12, false, Kind.FLAG, "att610", "blinking cursor (also set by DECSCUSR)"),
    CURSOR_BLINK_MENU(true, 13, false, Kind.FLAG, "", "blinking cursor menu option: recorded only: no effect on a server-side screen"),
    CURSOR_BLINK_XOR(true, 14, false, Kind.PERMANENTLY_RESET, "", "XOR of the two blink settings: not supported (as xterm)"),
    EDIT_KEY_EXECUTION(true, 16, false, Kind.PERMANENTLY_RESET, "DECEKEM", "not supported (as xterm)"),
    PRINT_FORM_FEED(true, 18, false, Kind.FLAG, "DECPFF", "print form feed: recorded only: no effect on a server-side screen"),
    PRINT_EXTENT(true, 19, false, Kind.FLAG, "DECPEX", "print extent: recorded only: no effect on a server-side screen"),
    CURSOR_VISIBLE(true, 25, true, Kind.EFFECT, "DECTCEM", "cursor visible"),
    SCROLLBAR(true, 30, false, Kind.FLAG, "", "rxvt scrollbar: recorded only: no effect on a server-side screen"),
    RIGHT_TO_LEFT(true, 34, false, Kind.PERMANENTLY_RESET, "DECRLM", "not supported (as xterm)"),
    FONT_SHIFTING(true, 35, false, Kind.FLAG, "DECHEBM", "rxvt font-shifting keys: recorded only: no effect on a server-side screen"),
    HEBREW_ENCODING(true, 36, false, Kind.PERMANENTLY_RESET, "DECHEM", "not supported (as xterm)"),
    TEKTRONIX(true, 38, false, Kind.PERMANENTLY_RESET, "DECTEK", "Tektronix mode: not supported"),
    ALLOW_COLUMN_132(true, 40, false, Kind.FLAG, "", "allow DECCOLM; without it DECCOLM is ignored, as in xterm"),
    CURSES_FIX(true, 41, false, Kind.FLAG, "", "more(1) fix: recorded only: no effect on a server-side screen"),
    NATIONAL_CHARSETS(true, 42, false, Kind.FLAG, "DECNRCM", "national replacement character sets: recorded; NRCS designations work either way, as in xterm.js"),
    MARGIN_BELL(true, 44, false, Kind.FLAG, "", "margin bell: recorded only: no effect on a server-side screen"),
    REVERSE_WRAPAROUND(true, 45, false, Kind.FLAG, "", "BS, CUB at the left margin wrap to the end of the previous row"),
    LOGGING(true, 46, false, Kind.PERMANENTLY_RESET, "", "logging: not supported"),
    ALTERNATE_SCREEN(true, 47, false, Kind.EFFECT, "", "use the alternate screen"),
    DEC131TM(true, 53, false, Kind.PERMANENTLY_RESET, "DEC131TM", "not supported (as xterm)"),
    DECNAKB(true, 57, false, Kind.PERMANENTLY_RESET, "DECNAKB", "not supported (as xterm)"),
    DECIPEM(true, 58, false, Kind.PERMANENTLY_RESET, "DECIPEM", "not supported (as xterm)"),
    DECKKDM(true, 59, false, Kind.PERMANENTLY_RESET, "DECKKDM", "not supported (as xterm)"),
    DECHCCM(true, 60, false, Kind.PERMANENTLY_RESET, "DECHCCM", "not supported (as xterm)"),
    DECVCCM(true, 61, false, Kind.PERMANENTLY_RESET, "DECVCCM", "not supported (as xterm)"),
    DECPCCM(true, 64, false, Kind.PERMANENTLY_RESET, "DECPCCM", "not supported (as xterm)"),
    APPLICATION_KEYPAD(true, 66, false, Kind.FLAG, "DECNKM", "keypad sends application sequences (also ESC = / ESC >)"),
    BACKARROW_KEY(true, 67, false, Kind.FLAG, "DECBKM", "backarrow sends BS instead of DEL: recorded only (keys are sent by the clients)"),
    KEYBOARD_USAGE(true, 68, false, Kind.PERMANENTLY_RESET, "DECKBUM", "not supported (as xterm)"),
    LEFT_RIGHT_MARGINS(true, 69, false, Kind.FLAG, "DECLRMM", "CSI Pl ; Pr s sets left and right margins (DECSLRM); reset: full width; needs conformance level 64"),
    TRANSMIT_RATE_LIMITING(true, 73, false, Kind.PERMANENTLY_RESET, "DECXRLM", "not supported (as xterm)"),
    SIXEL_DISPLAY(true, 80, false, Kind.FLAG, "DECSDM", "sixel display mode: recorded only (no graphics)"),
    KEY_POSITION(true, 81, false, Kind.PERMANENTLY_RESET, "DECKPM", "not supported (as xterm)"),
    NO_CLEAR_ON_COLUMN_CHANGE(true, 95, false, Kind.FLAG, "DECNCSM", "DECCOLM does not clear the screen (needs conformance level 65)"),
    DECRLCM(true, 96, false, Kind.PERMANENTLY_RESET, "DECRLCM", "not supported (as xterm)"),
    DECCRTSM(true, 97, false, Kind.PERMANENTLY_RESET, "DECCRTSM", "not supported (as xterm)"),
    DECARSM(true, 98, false, Kind.PERMANENTLY_RESET, "DECARSM", "not supported (as xterm)"),
    DECMCM(true, 99, false, Kind.PERMANENTLY_RESET, "DECMCM", "not supported (as xterm)"),
    DECAAM(true, 100, false, Kind.PERMANENTLY_RESET, "DECAAM", "not supported (as xterm)"),
    DECCANSM(true, 101, false, Kind.PERMANENTLY_RESET, "DECCANSM", "not supported (as xterm)"),
    DECNULM(true, 102, false, Kind.PERMANENTLY_RESET, "DECNULM", "not supported (as xterm)"),
    DECHDPXM(true, 103, false, Kind.PERMANENTLY_RESET, "DECHDPXM", "not supported (as xterm)"),
    DECESKM(true, 104, false, Kind.PERMANENTLY_RESET, "DECESKM", "not supported (as xterm)"),
    DECOSCNM(true, 106, false, Kind.PERMANENTLY_RESET, "DECOSCNM", "not supported (as xterm)"),
    DECNUMLK(true, 108, false, Kind.PERMANENTLY_RESET, "DECNUMLK", "not supported (as xterm)"),
    DECCAPSLK(true, 109, false, Kind.PERMANENTLY_RESET, "DECCAPSLK", "not supported (as xterm)"),
    DECKLHIM(true, 110, false, Kind.PERMANENTLY_RESET, "DECKLHIM", "not supported (as xterm)"),
    DECFWM(true, 111, false, Kind.PERMANENTLY_RESET, "DECFWM", "not supported (as xterm)"),
    DECRPL(true, 112, false, Kind.PERMANENTLY_RESET, "DECRPL", "not supported (as xterm)"),
    DECHWUM(true, 113, false, Kind.PERMANENTLY_RESET, "DECHWUM", "not supported (as xterm)"),
    DECATCUM(true, 114, false, Kind.PERMANENTLY_RESET, "DECATCUM", "not supported (as xterm)"),
    DECATCBM(true, 115, false, Kind.PERMANENTLY_RESET, "DECATCBM", "not supported (as xterm)"),
    DECBBSM(true, 116, false, Kind.PERMANENTLY_RESET, "DECBBSM", "not supported (as xterm)"),
    DECECM(true, 117, false, Kind.PERMANENTLY_RESET, "DECECM", "not supported (as xterm)"),
    MOUSE_VT200(true, 1000, false, Kind.EFFECT, "", "mouse reporting: press and release"),
    MOUSE_HIGHLIGHT(true, 1001, false, Kind.FLAG, "", "highlight mouse tracking: recorded only (xterm.js has none)"),
    MOUSE_DRAG(true, 1002, false, Kind.EFFECT, "", "mouse reporting: also motion while a button is down"),
    MOUSE_ANY(true, 1003, false, Kind.EFFECT, "", "mouse reporting: all motion"),
    SEND_FOCUS(true, 1004, false, Kind.FLAG, "", "report focus in/out"),
    MOUSE_UTF8(true, 1005, false, Kind.PERMANENTLY_RESET, "", "UTF-8 mouse encoding: not supported (as in xterm.js)"),
    MOUSE_SGR(true, 1006, false, Kind.EFFECT, "", "SGR mouse encoding"),
    ALTERNATE_SCROLL(true, 1007, false, Kind.FLAG, "", "wheel sends arrow keys on the alternate screen: recorded only: no effect on a server-side screen"),
    SCROLL_ON_OUTPUT(true, 1010, false, Kind.FLAG, "", "scroll to bottom on output: recorded only: no effect on a server-side screen"),
    SCROLL_ON_KEY(true, 1011, false, Kind.FLAG, "", "scroll to bottom on a key: recorded only: no effect on a server-side screen"),
    FAST_SCROLL(true, 1014, false, Kind.FLAG, "", "fast scroll: recorded only: no effect on a server-side screen"),
    MOUSE_URXVT(true, 1015, false, Kind.PERMANENTLY_RESET, "", "urxvt mouse encoding: not supported (as in xterm.js)"),
    MOUSE_SGR_PIXELS(true, 1016, false, Kind.EFFECT, "", "SGR mouse encoding in pixels"),
    EIGHT_BIT_META(true, 1034, false, Kind.FLAG, "", "meta sets the eighth bit: recorded only: no effect on a server-side screen"),
    NUM_LOCK(true, 1035, false, Kind.FLAG, "", "special modifiers for Alt and NumLock: recorded only: no effect on a server-side screen"),
    META_SENDS_ESCAPE(true, 1036, false, Kind.FLAG, "", "meta sends ESC: recorded only: no effect on a server-side screen"),
    DELETE_IS_DEL(true, 1037, false, Kind.FLAG, "", "keypad Delete sends DEL: recorded only: no effect on a server-side screen"),
    ALT_SENDS_ESCAPE(true, 1039, false, Kind.FLAG, "", "Alt sends ESC: recorded only: no effect on a server-side screen"),
    KEEP_SELECTION(true, 1040, false, Kind.FLAG, "", "keep selection when not highlighted: recorded only: no effect on a server-side screen"),
    SELECT_TO_CLIPBOARD(true, 1041, false, Kind.FLAG, "", "select to the clipboard: recorded only: no effect on a server-side screen"),
    BELL_IS_URGENT(true, 1042, false, Kind.FLAG, "", "bell sets the urgency hint: recorded only: no effect on a server-side screen"),
    POP_ON_BELL(true, 1043, false, Kind.FLAG, "", "raise the window on a bell: recorded only: no effect on a server-side screen"),
    KEEP_CLIPBOARD(true, 1044, false, Kind.FLAG, "", "reuse the clipboard data: recorded only: no effect on a server-side screen"),
    EXTENDED_REVERSE_WRAPAROUND(true, 1045, false, Kind.FLAG, "", "with autowrap, BS and CUB at the left margin wrap to the right margin of the row above, from the top margin to the bottom one (xterm's original mode 45)"),
    ALLOW_ALTERNATE_SCREEN(true, 1046, false, Kind.FLAG, "", "allow switching to the alternate screen: recorded only: no effect on a server-side screen"),
    ALTERNATE_SCREEN_CLEAR(true, 1047, false, Kind.EFFECT, "", "use the alternate screen (cleared on entry)"),
    SAVE_CURSOR(true, 1048, false, Kind.EFFECT, "", "set: save cursor as DECSC; reset: restore as DECRC"),
    ALTERNATE_SCREEN_SAVE_CURSOR(true, 1049, false, Kind.EFFECT, "", "save cursor and use the alternate screen"),
    TERMCAP_KEYS(true, 1050, false, Kind.FLAG, "", "termcap function keys: recorded only: no effect on a server-side screen"),
    SUN_KEYS(true, 1051, false, Kind.FLAG, "", "Sun function keys: recorded only: no effect on a server-side screen"),
    HP_KEYS(true, 1052, false, Kind.FLAG, "", "HP function keys: recorded only: no effect on a server-side screen"),
    SCO_KEYS(true, 1053, false, Kind.FLAG, "", "SCO function keys: recorded only: no effect on a server-side screen"),
    LEGACY_KEYS(true, 1060, false, Kind.FLAG, "", "legacy keyboard emulation: recorded only: no effect on a server-side screen"),
    VT220_KEYS(true, 1061, false, Kind.FLAG, "", "VT220 keyboard emulation: recorded only: no effect on a server-side screen"),
    PRIVATE_COLOR_REGISTERS(true, 1070, false, Kind.FLAG, "", "private colour registers for graphics: recorded only: no effect on a server-side screen"),
    BRACKETED_PASTE(true, 2004, false, Kind.FLAG, "", "pasted text is wrapped in CSI 200~ / CSI 201~"),
    SYNCHRONIZED_OUTPUT(true, 2026, false, Kind.FLAG, "", "synchronized output (recorded)");

    /** How a mode's value is kept and reported by DECRQM. */
    enum Kind {
        /** A flag in {@link ModeState}, reported as set or reset. */
        FLAG,
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
    private static final Mode[] DEC_BY_NUMBER = byNumber(true);
    private static final Mode[] ANSI_BY_NUMBER = byNumber(false);

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
        return kind == Kind.FLAG;
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
        Mode[] byNumber = dec ? DEC_BY_NUMBER : ANSI_BY_NUMBER;
        return number >= 0 && number < byNumber.length ? byNumber[number] : null;
    }

    /**
     * The modes of one kind (DEC or ANSI) indexed by number, null where none: {@link #find} as one load. A search of
     * the table was 1–2 % of a full-screen program's output, every {@code CSI ? 1049 h} walking past the 130 modes
     * before it (docs/benchmarks.md).
     */
    private static Mode[] byNumber(boolean dec) {
        int highest = 0;
        for (Mode mode : ALL) {
            if (mode.dec == dec) {
                highest = Math.max(highest, mode.number);
            }
        }
        Mode[] byNumber = new Mode[highest + 1];
        for (Mode mode : ALL) {
            if (mode.dec == dec && byNumber[mode.number] == null) {
                byNumber[mode.number] = mode;
            }
        }
        return byNumber;
    }
}
