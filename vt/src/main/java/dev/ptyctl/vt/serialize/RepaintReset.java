package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.TabStops;

/**
 * The start of a {@link VtSerializer#repaintBytes repaint}: what RIS would do for the painting that follows, without
 * RIS, which most terminals (xterm, VTE, kitty, xterm.js, this emulator; not Terminal.app or iTerm2) take as "drop the
 * scrollback" too. Only what a program may have changed and the painting relies on or does not write again is put back,
 * each to its power-on state: the main screen shown, the margins, the modes programs set (a fixed list: resetting every
 * mode a real terminal has would switch off its own settings, such as xterm's allowing of the alternate screen), mouse
 * reporting, the cursor shape, attributes and hyperlink, charsets, colours, tab stops, saved cursors, and both screens
 * blank. The main screen is cleared with ED 0 from the top-left corner, not ED 2, which some terminals (VTE) scroll
 * into the scrollback.
 */
final class RepaintReset {
    private static final String ESC = VtWriter.ESC;
    /** IRM, DECCKM, DECOM, DECLRMM, reverse wraparound, keypad, focus reports, bracketed paste, synchronized output. */
    private static final String MODES_OFF = "4l" + VtWriter.CSI + "?1l" + VtWriter.CSI + "?6l" + VtWriter.CSI + "?69l"
        + VtWriter.CSI + "?45l" + VtWriter.CSI + "?66l" + VtWriter.CSI + "?1004l" + VtWriter.CSI + "?2004l"
        + VtWriter.CSI + "?2026l";
    /** Every mouse protocol and encoding. */
    private static final int[] MOUSE_MODES = {9, 1000, 1001, 1002, 1003, 1005, 1006, 1015, 1016};

    private RepaintReset() {
    }

    /** Writes the reset; the cursor ends at the top-left corner of the blank main screen, attributes default. */
    static void write(VtWriter w) {
        w.csi("?1049l"); // leaving the alternate screen however it was entered
        w.csi(MODES_OFF);
        w.csi("?7h");
        w.raw(ESC + ">");
        for (int mode : MOUSE_MODES) {
            w.csi("?" + mode + "l");
        }
        w.csi("0 q");
        w.csi("0m");
        w.raw(VtWriter.OSC + "8;;" + VtWriter.ST);
        w.raw(ESC + "(B" + ESC + ")B" + ESC + "*B" + ESC + "+B\u000f");
        for (String color : new String[] {"104", "110", "111", "112"}) {
            w.raw(VtWriter.OSC + color + VtWriter.ST);
        }
        w.csi("r");
        w.csi("?47h");
        blank(w, "2J");
        w.csi("?47l");
        blank(w, "J");
        w.forgetCursor();
    }

    /** Clears the screen shown, homes and saves the cursor (DECSC of the power-on values) and sets the tab stops. */
    private static void blank(VtWriter w, String erase) {
        w.csi("H");
        w.csi(erase);
        w.raw(ESC + "7");
        w.csi("3g");
        for (int col = 0; col < w.cols(); col += TabStops.INTERVAL) {
            w.csi("1;" + (col + 1) + "H" + ESC + "H");
        }
        w.csi("H");
    }
}
