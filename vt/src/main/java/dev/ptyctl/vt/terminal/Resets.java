package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.screen.SavedCursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;

/**
 * RIS ({@code ESC c}) and DECSTR ({@code CSI ! p}).
 *
 * <p>RIS brings back the power-on state: new blank screens (the scrollback is dropped), default
 * attributes, modes, charsets, cursor shape (DECSCUSR) and mouse reporting. Like xterm.js, it keeps
 * the window title, cursor visibility (DECTCEM), the cursor blink option (mode 12) and LNM.
 *
 * <p>DECSTR resets modes (not mouse reporting), attributes, charsets, the scroll region and the
 * saved cursor, and shows the cursor; screen contents and cursor position stay.
 */
final class Resets {
    private final TerminalState t;

    Resets(TerminalState t) {
        this.t = t;
    }

    void fullReset() {
        long scrolled = t.main.scrollback().scrolledCount();
        t.main = new Screen(t.cols, t.rows, t.scrollbackLimit);
        t.main.scrollback().continueCount(scrolled); // lines scrolled after RIS are new to whoever saw those before
        t.alternate = new Screen(t.cols, t.rows, 0);
        t.alternateMaxLength = t.rows;
        t.active = t.main;
        t.style = Style.DEFAULT;
        t.extra = 0;
        t.links.clear();
        t.colors.resetAll();
        t.titleStack.clear();
        t.modes.reset();
        t.charsets.reset();
        t.cursorShape = null;
        t.cursorShapeBlinks = false;
        t.isoProtection = false;
        t.savedOrigin[0] = false;
        t.savedOrigin[1] = false;
        t.iconified = false;
        t.conformanceLevel = TerminalState.DEFAULT_CONFORMANCE_LEVEL;
        t.attributeChangeExtent = 0;
        t.windowX = 0;
        t.windowY = 0;
        t.titleModes.reset();
        t.savedDecModes.clear();
    }

    void softReset() {
        Screen s = t.active;
        t.isoProtection = false;
        t.cursorHidden = false;
        s.setScrollRegion(0, s.rows() - 1);
        t.main.setHorizontalMargins(0, t.main.cols() - 1);
        t.alternate.setHorizontalMargins(0, t.alternate.cols() - 1);
        t.style = Style.DEFAULT;
        t.extra = 0;
        t.modes.resetFlags();
        t.charsets.reset();
        t.cursorShape = null;
        t.cursorShapeBlinks = false;
        s.setSaved(new SavedCursor(0, s.scrollback().size(), Style.DEFAULT, 0, t.charsets.active()));
        t.savedOrigin[s == t.main ? 0 : 1] = false;
    }
}
