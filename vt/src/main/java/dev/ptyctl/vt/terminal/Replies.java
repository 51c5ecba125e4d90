package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Cursor;
import dev.ptyctl.vt.screen.Style;

/**
 * Queries the terminal answers on the reply channel, with xterm.js's exact bytes (it identifies as
 * "xterm"). The cursor report uses the raw cursor position: a pending-wrap cursor reports column
 * cols + 1 and origin mode does not make the row relative, both as xterm.js does.
 */
final class Replies {
    private final TerminalState t;

    Replies(TerminalState t) {
        this.t = t;
    }

    /** DA1, CSI c or CSI 0 c: "VT100 with advanced video option". */
    void primaryDeviceAttributes(Params p) {
        if (p.get(0) == 0) {
            t.reply("\u001b[?1;2c");
        }
    }

    /** DA2, CSI &gt; c: terminal type 0, firmware 276. */
    void secondaryDeviceAttributes(Params p) {
        if (p.get(0) == 0) {
            t.reply("\u001b[>0;276;0c");
        }
    }

    /** Name and version XTVERSION reports. */
    static final String VERSION = "ptyctl(0.1)";

    /** XTVERSION, CSI &gt; q (or CSI &gt; 0 q): replies {@code DCS > | ptyctl(0.1) ST}. */
    void version(Params p) {
        if (p.get(0) == 0) {
            t.reply("\u001bP>|" + VERSION + "\u001b\\");
        }
    }

    /** DSR, CSI 5 n (status: OK) and CSI 6 n (cursor position report). */
    void deviceStatus(Params p) {
        switch (p.get(0)) {
            case 5 -> t.reply("\u001b[0n");
            case 6 -> t.reply("\u001b[" + cursorReport() + "R");
            default -> t.unknown.record("DSR " + p.get(0));
        }
    }

    /** DECDSR, CSI ? 6 n: cursor position report with a {@code ?}. */
    void decDeviceStatus(Params p) {
        if (p.get(0) == 6) {
            t.reply("\u001b[?" + cursorReport() + "R");
        } else {
            t.unknown.record("DECDSR " + p.get(0));
        }
    }

    /**
     * DECRQSS, {@code DCS $ q Pt ST}: answers {@code DCS 1 $ r Pt' ST} for the supported settings
     * (DECSCA {@code "q}, DECSCL {@code "p}, DECSTBM {@code r}, DECSLRM {@code s}, SGR {@code m}, DECSCUSR
     * {@code SP q}) and {@code DCS 0 $ r ST} otherwise. Like xterm.js, SGR always reports
     * {@code 0m}, the conformance level is always {@code 61;1}, and the cursor style is the
     * configured one (block, blinking per mode 12), not what DECSCUSR chose.
     */
    void statusString(String request) {
        String answer = switch (request) {
            case "\"q" -> "1$r" + ((t.style & Style.PROTECTED) != 0 ? 1 : 0) + "\"q";
            case "\"p" -> "1$r61;1\"p";
            case "r" -> "1$r" + (t.active.scrollTop() + 1) + ";" + (t.active.scrollBottom() + 1) + "r";
            case "s" -> "1$r" + (t.active.leftMargin() + 1) + ";" + (t.active.rightMargin() + 1) + "s";
            case "m" -> "1$r0m";
            case " q" -> "1$r" + (t.modes.is(Mode.CURSOR_BLINK) ? 1 : 2) + " q";
            default -> "0$r";
        };
        t.reply("\u001bP" + answer + "\u001b\\");
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

    private String cursorReport() {
        Cursor c = t.active.cursor();
        return (c.row() + 1) + ";" + (c.col() + 1);
    }
}
