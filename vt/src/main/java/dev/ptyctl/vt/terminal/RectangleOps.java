package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Line;
import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;
import dev.ptyctl.vt.unicode.UnicodeWidth;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The VT420 rectangular-area family, as xterm implements it: DECRQCRA (checksum), DECFRA (fill),
 * DECERA (erase), DECSERA (selective erase) and DECCRA (copy). Rectangles are read by {@link
 * Rectangle}; margins limit them only in origin mode; the cursor never moves.
 */
final class RectangleOps {
    private final TerminalState t;

    RectangleOps(TerminalState t) {
        this.t = t;
    }

    /**
     * DECRQCRA, {@code CSI Pid ; Pp ; Pt ; Pl ; Pb ; Pr * y}: replies {@code DCS Pid ! ~ XXXX ST}, the
     * checksum of the rectangle in four upper-case hex digits. Computed as xterm computes it with
     * {@code checksumExtension: 23}: the sum of every code point in the rectangle, combining marks
     * included, blank cells counting as a space, the right half of a wide character counting nothing;
     * attributes are left out, the sum is not negated, and only its low 16 bits are kept. As in xterm,
     * with two parameters or fewer the rectangle is read from the first parameter on.
     */
    void checksum(Params p) {
        int first = p.length() > 2 ? 2 : 0;
        Rectangle r = Rectangle.parse(t, p, first, p.length() - first);
        int sum = 0;
        if (r != null) {
            for (int row = r.top(); row <= r.bottom(); row++) {
                Line line = t.active.line(row);
                for (int col = r.left(); col <= r.right(); col++) {
                    sum += cellSum(line, col);
                }
            }
        }
        t.reply("\u001bP" + p.get(0) + "!~" + String.format(Locale.ROOT, "%04X", sum & 0xFFFF) + "\u001b\\");
    }

    /**
     * XTREPORTSGR, {@code CSI Pt ; Pl ; Pb ; Pr # |}: {@code CSI Ps m} with the graphic rendition every cell of the
     * rectangle shares, in DECRQSS's form ({@link SgrReport}): an attribute set in every cell, a colour every cell has
     * (xterm ANDs its cells' attribute bits and keeps a colour only where all agree); {@code CSI 0 m} for an invalid
     * rectangle. The underline colour goes with the underline: left out when the cells share no underline.
     */
    void reportRendition(Params p) {
        Rectangle r = Rectangle.parse(t, p, 0, p.length());
        List<String> shared = null;
        if (r != null) {
            for (int row = r.top(); row <= r.bottom(); row++) {
                Line line = t.active.line(row);
                for (int col = r.left(); col <= r.right(); col++) {
                    List<String> codes = List.of(SgrReport.of(line.style(col), line.extra(col))
                        .split(";"));
                    if (shared == null) {
                        shared = new ArrayList<>(codes);
                    } else {
                        shared.retainAll(codes);
                    }
                }
            }
        }
        if (shared == null) {
            shared = List.of("0");
        } else if (!shared.contains("4") && !shared.contains("21")) {
            shared.removeIf(code -> code.startsWith("58:"));
        }
        t.reply("\u001b[" + String.join(";", shared) + "m");
    }

    private static int cellSum(Line line, int col) {
        if (!line.hasText(col)) {
            return line.width(col) == 0 ? 0 : ' ';
        }
        String text = line.chars(col);
        int sum = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            sum += cp;
            i += Character.charCount(cp);
        }
        return sum;
    }

    /**
     * DECFRA, {@code CSI Pch ; Pt ; Pl ; Pb ; Pr $ x}: fills the rectangle with character Pch in the
     * current attributes. As in xterm, Pch must be printable Latin-1 (32-126, 160-255) or a printable
     * Unicode character of width 1; anything else (or no parameter) does nothing.
     */
    void fill(Params p) {
        int ch = p.get(0);
        boolean latin1 = (ch >= 32 && ch <= 126) || (ch >= 160 && ch <= 255);
        if (p.length() == 0 || !(latin1 || (ch > 255 && ch <= Character.MAX_CODE_POINT
            && UnicodeWidth.of(ch) == 1))) {
            return;
        }
        Rectangle r = Rectangle.parse(t, p, 1, p.length() - 1);
        if (r == null) {
            return;
        }
        for (int row = r.top(); row <= r.bottom(); row++) {
            Line line = t.active.line(row);
            line.cutWideCharactersAt(r.left(), r.right() + 1, t.eraseStyle());
            for (int col = r.left(); col <= r.right(); col++) {
                line.set(col, ch, 1, t.style, t.extra);
            }
            line.setWrapped(false);
        }
    }

    /** DECERA, {@code CSI Pt ; Pl ; Pb ; Pr $ z}: erases the rectangle (blanks with the current background). */
    void erase(Params p) {
        Rectangle r = Rectangle.parse(t, p, 0, p.length());
        if (r != null) {
            for (int row = r.top(); row <= r.bottom(); row++) {
                t.active.line(row).erase(r.left(), r.right() + 1, t.eraseStyle());
            }
        }
    }

    /**
     * DECSERA, {@code CSI Pt ; Pl ; Pb ; Pr $ &#123;}: erases the cells of the rectangle not protected by
     * DECSCA; under ISO protection (SPA) it erases them all, as xterm does.
     */
    void selectiveErase(Params p) {
        Rectangle r = Rectangle.parse(t, p, 0, p.length());
        if (r != null && t.isoProtection) {
            erase(p);
        } else if (r != null) {
            for (int row = r.top(); row <= r.bottom(); row++) {
                t.active.line(row).eraseUnprotected(r.left(), r.right() + 1, t.eraseStyle());
            }
        }
    }

    /**
     * DECCRA, {@code CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v}: copies the source rectangle,
     * text and attributes, so that its top-left corner lands on (Ptd, Pld); pages are ignored (there is
     * one). The source is read whole first, so overlapping rectangles copy correctly; the part of the
     * copy that falls outside the screen (the margins, in origin mode) is dropped.
     */
    void copy(Params p) {
        Rectangle source = Rectangle.parse(t, p, 0, Math.min(4, p.length()));
        Rectangle target = Rectangle.parse(t, p, 5, Math.max(0, Math.min(2, p.length() - 5)));
        if (source == null || target == null) {
            return;
        }
        Screen s = t.active;
        Line[] saved = new Line[source.height()];
        for (int i = 0; i < saved.length; i++) {
            saved[i] = new Line(s.cols(), Style.DEFAULT);
            saved[i].copyCells(s.line(source.top() + i), 0, 0, s.cols());
        }
        boolean origin = t.modes.is(Mode.ORIGIN);
        int maxRow = origin ? s.scrollBottom() : s.rows() - 1;
        int maxCol = origin ? s.rightMargin() : s.cols() - 1;
        int width = Math.min(source.width(), maxCol - target.left() + 1);
        for (int i = 0; i < saved.length && target.top() + i <= maxRow; i++) {
            Line line = s.line(target.top() + i);
            line.cutWideCharactersAt(target.left(), target.left() + width, t.eraseStyle());
            line.copyCells(saved[i], source.left(), target.left(), width);
        }
    }
}
