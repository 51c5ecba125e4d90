package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.BuildVersion;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.screen.TabStops;

/**
 * Queries the terminal answers on the reply channel, with xterm's formats and values (programs are
 * written against xterm): the identity of an xterm configured as a VT520 ({@code decTerminalID:
 * 520}), device status reports, DECRQSS. Reports of modes, colours, window state and rectangles live
 * with their families ({@link ModeOps}, {@link OscOps}, {@link WindowOps}, {@link RectangleOps}).
 */
final class Replies {
    /**
     * DA1 (and DECID): a VT520 level (65) with 132 columns (1), printer port (2), selective erase (6),
     * national replacement character sets (9), DEC technical set (15), locator (16), terminal state
     * reports (17), user windows (18), horizontal scrolling (21), colour (22), rectangular editing (28)
     * and ANSI text locator (29): what xterm answers as a VT520.
     */
    static final String DEVICE_ATTRIBUTES = "\u001b[?65;1;2;6;9;15;16;17;18;21;22;28;29c";
    /** DA2: terminal type 64 (VT520), xterm patch level 379 (the xterm whose behaviour is matched), ROM 0. */
    static final String SECONDARY_DEVICE_ATTRIBUTES = "\u001b[>64;379;0c";
    /** DA3: the unit ID, {@code DCS ! | 00000000 ST}, as xterm answers. */
    static final String TERTIARY_DEVICE_ATTRIBUTES = "\u001bP!|00000000\u001b\\";

    /**
     * The key modifier resources XTQMODKEYS reports, by number (modifyKeyboard, modifyCursorKeys,
     * modifyFunctionKeys, modifyKeypadKeys, modifyOtherKeys, modifyStringKeys): xterm's defaults, which are what
     * ptyctl's keys follow (see {@link #keyModifierOptions}).
     */
    private static final int[] KEY_MODIFIER_OPTIONS = {0, 2, 2, 0, 0, 0};
    /** xterm's DEFAULT (-1, an empty parameter or unset value) as its replies print it, and its largest parameter. */
    private static final int XTERM_DEFAULT = 65535;
    /** Parameters xterm keeps per sequence (its NPARAM); a query asks about at most that many. */
    private static final int XTERM_PARAMS = 30;

    private final TerminalState t;

    Replies(TerminalState t) {
        this.t = t;
    }

    /** DA1, {@code CSI c} or {@code CSI 0 c}; also DECID, {@code ESC Z}. */
    void primaryDeviceAttributes(Params p) {
        if (p.get(0) == 0) {
            t.reply(DEVICE_ATTRIBUTES);
        }
    }

    /** DECID, {@code ESC Z}: answered as DA1, as xterm does. */
    void identify() {
        t.reply(DEVICE_ATTRIBUTES);
    }

    /** DA2, {@code CSI > c}. */
    void secondaryDeviceAttributes(Params p) {
        if (p.get(0) == 0) {
            t.reply(SECONDARY_DEVICE_ATTRIBUTES);
        }
    }

    /** DA3, {@code CSI = c}. */
    void tertiaryDeviceAttributes(Params p) {
        if (p.get(0) == 0) {
            t.reply(TERTIARY_DEVICE_ATTRIBUTES);
        }
    }

    /** XTVERSION, CSI &gt; q (or CSI &gt; 0 q): replies {@code DCS > | ptyctl(VERSION) ST}, this build's version. */
    void version(Params p) {
        if (p.get(0) == 0) {
            t.reply("\u001bP>|ptyctl(" + BuildVersion.VERSION + ")\u001b\\");
        }
    }

    /** DSR, {@code CSI 5 n} (status: OK, {@code CSI 0 n}) and {@code CSI 6 n} (CPR, {@code CSI row ; col R}). */
    void deviceStatus(Params p) {
        switch (p.get(0)) {
            case 5 -> t.reply("\u001b[0n");
            case 6 -> t.reply("\u001b[" + cursorReport() + "R");
            default -> t.unknown.record("DSR " + p.get(0));
        }
    }

    /**
     * DECDSR, {@code CSI ? Ps n}, answered as xterm (VT520) does: 6 DECXCPR {@code CSI ? row ; col ; 1 R}
     * (page 1), 15 printer ({@code CSI ? 13 n}: none), 25 user-defined keys ({@code CSI ? 20 n}:
     * unlocked), 26 keyboard ({@code CSI ? 27 ; 1 ; 0 ; 0 n}: North American, ready, LK201), 55 locator
     * ({@code CSI ? 53 n}: none), 56 locator type ({@code CSI ? 57 ; 0 n}), 62 macro space
     * ({@code CSI 0 * { }), 63 memory checksum ({@code DCS Pid ! ~ 0000 ST}), 75 data integrity
     * ({@code CSI ? 70 n}), 85 multiple sessions ({@code CSI ? 83 n}: not configured).
     */
    void decDeviceStatus(Params p) {
        switch (p.get(0)) {
            case 5 -> t.reply("\u001b[?0n");
            case 6 -> t.reply("\u001b[?" + cursorReport() + ";1R");
            case 15 -> t.reply("\u001b[?13n");
            case 25 -> t.reply("\u001b[?20n");
            case 26 -> t.reply("\u001b[?27;1;0;0n");
            case 53, 55 -> t.reply("\u001b[?53n");
            case 56 -> t.reply("\u001b[?57;0n");
            case 62 -> t.reply("\u001b[0*{");
            case 63 -> t.reply("\u001bP" + p.get(1) + "!~0000\u001b\\");
            case 75 -> t.reply("\u001b[?70n");
            case 85 -> t.reply("\u001b[?83n");
            default -> t.unknown.record("DECDSR " + p.get(0));
        }
    }

    /**
     * XTQMODKEYS, {@code CSI ? Pp m}: for each resource asked, {@code CSI > Pp ; Pv m}, the XTMODKEYS that would
     * set it (xterm's format, one answer a parameter). Pv is fixed, whatever XTMODKEYS a program sent: it says how the
     * keys a program gets are encoded, and neither of ptyctl's key encoders (the server's for key names, the page's
     * xterm.js) can be switched, both being xterm's defaults: modifyKeyboard 0, modifyCursorKeys 2 and
     * modifyFunctionKeys 2 ({@code CSI 1 ; m A}, {@code CSI 15 ; m ~}), modifyKeypadKeys 0, modifyOtherKeys 0
     * (Ctrl+I is Tab), modifyStringKeys 0. A resource xterm does not have, or a parameter left empty, reads as
     * xterm's DEFAULT (-1), which xterm prints as an unsigned 16-bit number: 65535.
     */
    void keyModifierOptions(Params p) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(p.length(), XTERM_PARAMS); i++) {
            int resource = xtermParam(p, i);
            int value = resource < KEY_MODIFIER_OPTIONS.length ? KEY_MODIFIER_OPTIONS[resource] : XTERM_DEFAULT;
            out.append("\u001b[>").append(resource).append(';').append(value).append('m');
        }
        t.reply(out.toString());
    }

    /**
     * XTSMGRAPHICS, {@code CSI ? Pi ; Pa ; Pv S}, as xterm 379 of the default build (sixel compiled in, ReGIS not) set
     * up as a VT520, which is no graphics terminal: {@code CSI ? Pi ; 3 S} (failure) for the colour registers (1) and
     * the sixel geometry (2) with a known action (1 read, 2 reset, 3 set, 4 read the maximum), {@code CSI ? Pi ; 2 S}
     * for another action, {@code CSI ? Pi ; 1 S} for another item (ReGIS's 3 included); nothing unless exactly three
     * parameters are given. Truthful for ptyctl, which draws no graphics: programs (notcurses, chafa) ask it to find
     * out whether sixel works. An empty Pi is echoed as xterm's DEFAULT, 65535.
     */
    void graphicsAttributes(Params p) {
        if (p.length() != 3) {
            return;
        }
        int item = xtermParam(p, 0);
        boolean knownAction = !p.omitted(1) && p.get(1) >= 1 && p.get(1) <= 4;
        int status = item == 1 || item == 2 ? (knownAction ? 3 : 2) : 1;
        t.reply("\u001b[?" + item + ";" + status + "S");
    }

    /** Parameter {@code i} as xterm echoes it back: an empty one is its DEFAULT, none is above that. */
    private static int xtermParam(Params p, int i) {
        return p.omitted(i) ? XTERM_DEFAULT : Math.min(p.get(i), XTERM_DEFAULT);
    }

    /**
     * XTREPORTCOLORS, {@code CSI # R}: xterm's report of its palette stack, {@code CSI ? used ; most # Q} (entries in
     * use, and the most ever in use). ptyctl has no palette stack (XTPUSHCOLORS and XTPOPCOLORS, {@code CSI # P} and
     * {@code CSI # Q}, are not supported: the page's xterm.js has none either), so it is always empty: what a fresh
     * xterm answers.
     */
    void colorStackReport() {
        t.reply("\u001b[?0;0#Q");
    }

    /**
     * DECRQPSR, {@code CSI Ps $ w}: 2 asks for DECTABSR, {@code DCS 2 $ u 1/9/17 ST}, the columns (1-based) of the
     * active screen's tab stops, at most 26 (xterm's limit: its reply holds 30 parameters, the first three
     * {@code 2$u}); not answered below conformance level 63 (DECSCL), as xterm. Unlike xterm, whose stops run past the
     * screen (it also lists one just past the last column), only stops on the screen are listed: those are the ones a
     * tab reaches. DECCIR (1, the cursor's state with its charsets) is not answered (docs/emulator.md says why).
     */
    void presentationStateReport(Params p) {
        if (p.omitted(0) || p.get(0) != 2) {
            t.unknown.record("DECRQPSR " + p.get(0));
            return;
        }
        if (t.conformanceLevel < 63) {
            return;
        }
        TabStops tabs = t.active.tabs();
        StringBuilder out = new StringBuilder("\u001bP2$u");
        int listed = 0;
        for (int col = 0; col < t.active.cols() && listed < XTERM_PARAMS - 4; col++) {
            if (tabs.isSet(col)) {
                out.append(listed++ == 0 ? "" : "/").append(col + 1);
            }
        }
        t.reply(out.append("\u001b\\").toString());
    }

    /**
     * DECRQSS, {@code DCS $ q Pt ST}: answers {@code DCS 1 $ r Pt' ST} for the settings xterm reports
     * and {@code DCS 0 $ r ST} otherwise: DECSCA {@code "q}, DECSCL {@code "p}, DECSTBM {@code r},
     * DECSLRM {@code s}, SGR {@code m} (xterm's form, see {@link SgrReport}), DECSCUSR {@code SP q}, the
     * page and screen sizes DECSLPP {@code t}, DECSCPP {@code $|} and DECSNLS {@code *|} (the real size),
     * DECSASD {@code $&#125;} and DECSSDT {@code $~} (no status line: 0) and DECSACE {@code *x}.
     */
    void statusString(String request) {
        Screen s = t.active;
        String value = switch (request) {
            case "\"q" -> ((t.style & Style.PROTECTED) != 0 ? "1" : "0");
            case "\"p" -> t.conformanceLevel + ";1";
            case "r" -> (s.scrollTop() + 1) + ";" + (s.scrollBottom() + 1);
            case "s" -> (s.leftMargin() + 1) + ";" + (s.rightMargin() + 1);
            case "m" -> SgrReport.of(t.style, t.extra);
            case " q" -> String.valueOf(reportedCursorStyle());
            case "t", "*|" -> String.valueOf(t.rows);
            case "$|" -> String.valueOf(t.cols);
            case "$}", "$~" -> "0";
            case "*x" -> String.valueOf(t.attributeChangeExtent);
            default -> null;
        };
        t.reply("\u001bP" + (value == null ? "0$r" : "1$r" + value + request) + "\u001b\\");
    }

    /** The DECSCUSR number xterm reports: the chosen shape (block by default), one less when it blinks. */
    private int reportedCursorStyle() {
        int steady = t.cursorShape == null ? 2 : switch (t.cursorShape) {
            case BLOCK -> 2;
            case UNDERLINE -> 4;
            case BAR -> 6;
        };
        boolean blinks = t.cursorShape == null ? t.modes.is(Mode.CURSOR_BLINK) : t.cursorShapeBlinks;
        return blinks ? steady - 1 : steady;
    }

    /** DECSCUSR number that recreates the shape DECSCUSR chose; 0 when it chose none. */
    static int cursorStyleNumber(TerminalState t) {
        if (t.cursorShape == null) {
            return 0;
        }
        int steady = switch (t.cursorShape) {
            case BLOCK -> 2;
            case UNDERLINE -> 4;
            case BAR -> 6;
        };
        return steady - (t.cursorShapeBlinks ? 1 : 0);
    }

    /**
     * Row and column as xterm reports them: 1-based, relative to the top and left margins in origin
     * mode, and the last column (not one past it) while a wrap is pending.
     */
    private String cursorReport() {
        Screen s = t.active;
        Cursor c = s.cursor();
        int col = c.col();
        if (col >= s.cols() || c.marginWrapPending()) {
            col--;
        }
        int row = c.row();
        if (t.modes.is(Mode.ORIGIN)) {
            row -= s.scrollTop();
            col -= s.leftMargin();
        }
        return (row + 1) + ";" + (col + 1);
    }
}
