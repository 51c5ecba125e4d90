package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.SavedCursor;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.terminal.StateView;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a VT round trip must keep, as lines of text so a failed comparison shows where two
 * terminals differ: every line of the main buffer (scrollback and screen) cell by cell with its
 * soft-wrap flag, the alternate screen when shown, cursor, modes, attributes, charsets, saved
 * cursors, tab stops, margins and titles.
 */
final class StateSnapshot {
    private StateSnapshot() {
    }

    /**
     * Describes a terminal.
     *
     * @param t the terminal
     * @return one line per aspect and per buffer line
     */
    static List<String> of(Terminal t) {
        StateView s = t.emulator().state();
        List<String> out = new ArrayList<>();
        Screen main = s.mainScreen();
        int cols = t.cols();
        out.add("size " + cols + "x" + t.rows() + " scrollback " + main.scrollback().size() + "/"
            + main.scrollback().limit());
        for (int i = 0; i < main.scrollback().size() + t.rows(); i++) {
            out.add("main " + i + " " + line(s, main.lineAtBufferIndex(i), cols));
        }
        if (s.alternateActive()) {
            for (int row = 0; row < t.rows(); row++) {
                out.add("alternate " + row + " " + line(s, s.alternateScreen().line(row), cols));
            }
        }
        boolean marginWrap = (s.alternateActive() ? s.alternateScreen() : s.mainScreen()).cursor().marginWrapPending();
        out.add("cursor " + t.cursorRow() + "," + t.cursorCol() + (marginWrap ? " wrap at margin" : "")
            + (t.cursorVisible() ? "" : " hidden")
            + " style " + s.cursorStyle());
        out.add("title '" + s.title() + "' icon '" + s.iconName() + "' stacks " + s.titleStack() + " "
            + s.iconNameStack() + " cwd '" + s.workingDirectory() + "' colors " + s.changedColors());
        out.add("attributes " + attributes(s, s.style(), s.extra()));
        out.add("charsets " + s.designatedCharset(0) + " " + s.designatedCharset(1) + " " + s.designatedCharset(2)
            + " " + s.designatedCharset(3) + " level " + s.charsetShiftLevel() + " active " + s.activeCharset());
        out.add("modes " + s.flagModes() + " mouse " + s.mouseProtocolMode() + "/" + s.mouseEncodingMode());
        screenState(out, "main", s, main, t.rows(), cols);
        screenState(out, "alternate", s, s.alternateScreen(), t.rows(), cols);
        return out;
    }

    private static void screenState(List<String> out, String name, StateView s, Screen screen, int rows, int cols) {
        SavedCursor saved = VtSerializer.effectiveSaved(s, screen, rows);
        out.add(name + " saved " + saved.col() + "," + saved.absoluteRow() + " " + attributes(s, saved.style(),
            saved.extra()) + " " + saved.charset());
        if (screen == s.mainScreen() || s.alternateActive()) {
            StringBuilder tabs = new StringBuilder();
            for (int col = 0; col < cols; col++) {
                if (screen.tabs().isSet(col)) {
                    tabs.append(col).append(' ');
                }
            }
            out.add(name + " tabs " + tabs + "margins " + screen.scrollTop() + "-" + screen.scrollBottom() + " "
                + screen.leftMargin() + "-" + screen.rightMargin());
        }
    }

    private static String line(StateView s, Line line, int cols) {
        StringBuilder sb = new StringBuilder(line.isWrapped() ? "~" : "");
        for (int col = 0; col < cols; col++) {
            boolean exists = col < line.cols();
            String chars = exists ? line.chars(col) : "";
            int width = exists ? line.width(col) : 1;
            long style = exists ? line.style(col) : 0;
            long extra = exists ? line.extra(col) : 0;
            if (chars.isEmpty() && width == 1 && style == 0 && extra == 0) {
                continue;
            }
            sb.append(' ').append(col).append(":'").append(chars).append("'");
            sb.append('w').append(width);
            if (style != 0 || extra != 0) {
                sb.append('{').append(attributes(s, style, extra)).append('}');
            }
        }
        return sb.toString();
    }

    private static String attributes(StateView s, long style, long extra) {
        StringBuilder sb = new StringBuilder(Style.describe(style));
        if (Extras.underlineColor(extra) != 0) {
            sb.append(" ulcolor=").append(Integer.toHexString(Extras.underlineColor(extra)));
        }
        int link = Extras.link(extra);
        if (link != 0) {
            sb.append(" link=").append(s.hyperlinkId(link)).append(';').append(s.hyperlinkUri(link));
        }
        return sb.toString();
    }
}
