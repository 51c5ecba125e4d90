package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;

/**
 * XTWINOPS, {@code CSI Ps ; Ps ; Ps t}: xterm's window operations. A server-side emulator has no
 * window, so the operations that would move, resize or raise one are ignored and counted; what it
 * can answer it answers with xterm's formats: the iconified state it was told (1/2, reported by 11),
 * the window position it was told (3, reported by 13; the text area is at 0,0 in it, 13;2), sizes in pixels (14, 15, 16) from a nominal
 * cell of {@link #CELL_WIDTH}x{@link #CELL_HEIGHT} pixels, sizes in characters (18, 19), and the
 * title stack (22 save, 23 restore; second parameter 0 both, 1 icon name, 2 title). The icon-label
 * and title reports (20, 21) are answered only when allowed: like xterm's default
 * {@code disallowedWindowOps}, they are off unless configured, because a title is text a program
 * other than the one asking may have chosen, and echoing it back into the input is a known attack.
 */
final class WindowOps {
    /** Pixel size of a cell the size reports assume: a 10x20 cell is a common monospace size at 96 dpi. */
    static final int CELL_WIDTH = 10;
    static final int CELL_HEIGHT = 20;

    private final TerminalState t;

    WindowOps(TerminalState t) {
        this.t = t;
    }

    void apply(Params p) {
        int op = p.get(0);
        switch (op) {
            case 1 -> t.iconified = false;
            case 2 -> t.iconified = true;
            case 3 -> {
                t.windowX = p.get(1);
                t.windowY = p.get(2);
            }
            case 11 -> t.reply("\u001b[" + (t.iconified ? 2 : 1) + "t");
            case 13 -> t.reply(p.get(1) == 2 ? "\u001b[3;0;0t" : "\u001b[3;" + t.windowX + ";" + t.windowY + "t");
            case 14 -> t.reply("\u001b[4;" + t.rows * CELL_HEIGHT + ";" + t.cols * CELL_WIDTH + "t");
            case 15 -> t.reply("\u001b[5;" + t.rows * CELL_HEIGHT + ";" + t.cols * CELL_WIDTH + "t");
            case 16 -> t.reply("\u001b[6;" + CELL_HEIGHT + ";" + CELL_WIDTH + "t");
            case 18 -> t.reply("\u001b[8;" + t.rows + ";" + t.cols + "t");
            case 19 -> t.reply("\u001b[9;" + t.rows + ";" + t.cols + "t");
            case 20 -> reportLabel("L", t.iconName);
            case 21 -> reportLabel("l", t.title);
            case 22 -> saveTitles(p.get(1));
            case 23 -> restoreTitles(p.get(1));
            default -> t.unknown.record("CSI t " + op);
        }
    }

    /** 20 / 21: {@code OSC L label ST} / {@code OSC l title ST}, when configured to answer. */
    private void reportLabel(String kind, String text) {
        if (t.titleReports) {
            t.titleReport("\u001b]" + kind + (t.titleModes.queryHex() ? TitleModes.hex(text) : text) + "\u001b\\");
        } else {
            t.unknown.record("CSI t " + (kind.equals("L") ? 20 : 21) + " (title reports not allowed)");
        }
    }

    /** 22: pushes one entry with the icon name (Ps 0 or 1), the title (Ps 0 or 2) or both, as xterm. */
    private void saveTitles(int which) {
        if (which < 0 || which > 2) {
            return;
        }
        t.titleStack.addLast(new StateView.TitleEntry(which == 2 ? null : t.iconName, which == 1 ? null : t.title));
        if (t.titleStack.size() > TerminalState.TITLE_STACK_LIMIT) {
            t.titleStack.removeFirst();
        }
    }

    /**
     * 23: pops the newest entry and restores the part Ps names (0 both); a part the entry lacks comes
     * from the newest older entry that has it, which stays on the stack (as xterm).
     */
    private void restoreTitles(int which) {
        if (which < 0 || which > 2 || t.titleStack.isEmpty()) {
            return;
        }
        StateView.TitleEntry entry = t.titleStack.removeLast();
        String icon = entry.iconName();
        String title = entry.title();
        for (java.util.Iterator<StateView.TitleEntry> older = t.titleStack.descendingIterator(); older.hasNext(); ) {
            StateView.TitleEntry e = older.next();
            icon = icon != null ? icon : e.iconName();
            title = title != null ? title : e.title();
        }
        if (which != 2 && icon != null) {
            t.iconName = icon;
        }
        if (which != 1 && title != null) {
            t.title = title;
        }
    }
}
