package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.AsciiDigits;
import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Style;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SGR, {@code CSI Pm m}: character attributes and colours, applied left to right.
 *
 * <p>Colours: 30-37/40-47 and 90-97/100-107 (16-colour palette), 39/49 default,
 * 38/48/58 extended as {@code 38;5;n} / {@code 38:5:n} (256 colours) and {@code 38;2;r;g;b} /
 * {@code 38:2::r:g:b} (RGB). Extended colour parameters are normalised exactly as xterm.js does, so
 * malformed forms give the same colour there and here: {@code 38:2:r:g:b} (no colour space slot)
 * reads as {@code g, b, 0}, missing components are 0, and colour spaces other than 2 and 5 consume
 * parameters without changing the colour.
 *
 * <p>SGR 0 also clears the underline colour but leaves an OSC 8 hyperlink open, as xterm.js does.
 */
final class SgrOps {
    private static final int TARGET = 0;
    private static final int SPACE = 1;
    private static final int SLOTS = 6;
    private static final VarHandle LONG_LE =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The first seven bytes of a long read by {@link #LONG_LE}. */
    private static final long SEVEN_BYTES = 0x00FF_FFFF_FFFF_FFFFL;
    /** The target digit ({@code 3} or {@code 4}) and the colour space ({@code 2} or {@code 5}) in those seven bytes. */
    private static final long TARGET_AND_SPACE = 0xFFL << 16 | 0xFFL << 40;
    /** {@code ESC [ _ 8 ; _ ;}: the seven bytes without the target digit and the colour space. */
    private static final long EXTENDED_COLOR_HEAD = 0x1BL | '[' << 8 | (long) '8' << 24 | (long) ';' << 32
        | (long) ';' << 48;

    /**
     * The parameters below this that {@link #apply} takes from the tables (those marked in {@link #IN_TABLE}): every
     * attribute, the 16 colours and the defaults, SGR's commonest values.
     */
    private static final int SIMPLE_LIMIT = 108;
    /**
     * Per parameter value: the bits of the style it keeps, and (below) the bits it sets: a parameter's effect is {@code
     * style & KEEP[v] | SET[v]}. One table lookup per parameter instead of a jump table per parameter and a second one
     * for the attributes: which SGR comes next in coloured output or a redraw is anyone's guess, and the indirect
     * jumps mispredicted on it (docs/benchmarks.md, twelfth session).
     */
    private static final long[] KEEP = new long[SIMPLE_LIMIT];
    private static final long[] SET = new long[SIMPLE_LIMIT];
    /**
     * Per parameter value: the bits of the cell extras it keeps (all but the underline colour for SGR 0 and 59, all for
     * the rest).
     */
    private static final long[] KEEP_EXTRA = new long[SIMPLE_LIMIT];
    /** Per parameter value: whether the tables above give its effect (else {@link #applyOther} applies it). */
    private static final boolean[] IN_TABLE = new boolean[SIMPLE_LIMIT];

    static {
        long all = -1L;
        long noUnderlineColor = ~Extras.UNDERLINE_COLOR_MASK;
        simple(0, 0, Style.DEFAULT, noUnderlineColor); // every attribute and colour off, the hyperlink kept
        simple(1, all, Style.BOLD, all);
        simple(2, all, Style.FAINT, all);
        simple(3, all, Style.ITALIC, all);
        simple(5, all, Style.BLINK, all);
        simple(7, all, Style.INVERSE, all);
        simple(8, all, Style.INVISIBLE, all);
        simple(9, all, Style.STRIKETHROUGH, all);
        simple(21, ~Style.UNDERLINE_MASK, Style.withUnderline(0, Style.UNDERLINE_DOUBLE), all);
        simple(22, ~(Style.BOLD | Style.FAINT), 0, all);
        simple(23, ~Style.ITALIC, 0, all);
        simple(24, ~Style.UNDERLINE_MASK, 0, all);
        simple(25, ~Style.BLINK, 0, all);
        simple(27, ~Style.INVERSE, 0, all);
        simple(28, ~Style.INVISIBLE, 0, all);
        simple(29, ~Style.STRIKETHROUGH, 0, all);
        for (int k = 0; k < 8; k++) {
            simple(30 + k, ~Style.FG_MASK, Style.withFg(0, Style.color(Style.COLOR_P16, k)), all);
            simple(40 + k, ~Style.BG_MASK, Style.withBg(0, Style.color(Style.COLOR_P16, k)), all);
            simple(90 + k, ~Style.FG_MASK, Style.withFg(0, Style.color(Style.COLOR_P16, k + 8)), all);
            simple(100 + k, ~Style.BG_MASK, Style.withBg(0, Style.color(Style.COLOR_P16, k + 8)), all);
        }
        simple(39, ~Style.FG_MASK, 0, all);
        simple(49, ~Style.BG_MASK, 0, all);
        simple(53, all, Style.OVERLINE, all);
        simple(55, ~Style.OVERLINE, 0, all);
        simple(59, all, 0, noUnderlineColor);
    }

    private static void simple(int value, long keep, long set, long keepExtra) {
        KEEP[value] = keep;
        SET[value] = set;
        KEEP_EXTRA[value] = keepExtra;
        IN_TABLE[value] = true;
    }

    private final TerminalState t;
    /** Scratch for {@link #extractColor}: [target, colour space, ignored, v1, v2, v3]. */
    private final int[] accu = new int[SLOTS];
    /** The colour {@link #readColor} read last, for {@link #applyReadColor}. */
    private int colorRead;
    /** Whether {@link #readColor} read a foreground colour (else a background one). */
    private boolean foregroundRead;

    SgrOps(TerminalState t) {
        this.t = t;
    }

    void apply(Params p) {
        long style = t.style;
        long extra = t.extra;
        int n = p.length();
        for (int i = 0; i < n; i++) {
            int v = p.get(i);
            if (v < SIMPLE_LIMIT && IN_TABLE[v]) {
                style = style & KEEP[v] | SET[v];
                extra &= KEEP_EXTRA[v];
            } else {
                t.style = style;
                t.extra = extra;
                i += applyOther(p, i);
                style = t.style;
                extra = t.extra;
            }
        }
        t.style = style;
        t.extra = extra;
    }

    /**
     * Applies parameter {@code i}, one not {@link #IN_TABLE} (an extended colour, an underline that may
     * have a style as a sub-parameter, a value SGR does not know); returns how many parameters after it it consumed.
     */
    private int applyOther(Params p, int i) {
        int v = p.get(i);
        switch (v) {
            case 38, 48, 58 -> {
                return plainExtendedColor(p, i) ? (p.get(i + 1) == 5 ? 2 : 4) : extractColor(p, i);
            }
            case 4 -> underline(p.hasSubParams(i) ? p.subParam(i, 0) : Style.UNDERLINE_SINGLE);
            default -> t.unknown.record("SGR " + v);
        }
        return 0;
    }

    /**
     * Reads a whole {@code ESC [ 38;2;r;g;b m}, {@code ESC [ 48;2;r;g;b m}, {@code ESC [ 38;5;n m} or {@code ESC [
     * 48;5;n m} at {@code src[from]} whose components have at most three digits (an empty one is 0, as a parameter
     * is): the colour {@link #apply} would give it, for {@link #applyReadColor}. Anything else is left to the
     * parameters' path. Colours are a third of the SGRs of coloured output and most of their bytes (SGR_LOG: 21 %
     * truecolor, 8 % 256 colours); here their components are read four bytes at a time ({@link AsciiDigits}) and
     * applied without a round through {@link Params}: SGR_LOG +5 % in the steady state (docs/benchmarks.md).
     *
     * @param src input bytes
     * @param from index of the {@code ESC}
     * @param to index after the last byte that may be read
     * @return the index after the {@code m}, or -1
     */
    int readColor(byte[] src, int from, int to) {
        if (from + 8 > to) {
            return -1;
        }
        long head = (long) LONG_LE.get(src, from) & SEVEN_BYTES;
        if ((head & ~TARGET_AND_SPACE) != EXTENDED_COLOR_HEAD) {
            return -1;
        }
        int target = (int) (head >>> 16) & 0xFF;
        int space = (int) (head >>> 40) & 0xFF;
        if (target != '3' && target != '4' || space != '2' && space != '5') {
            return -1;
        }
        int components = space == '2' ? 3 : 1;
        int value = 0;
        int j = from + 7;
        for (int k = 1; k <= components; k++) {
            if (j + 4 > to) {
                return -1;
            }
            int word = AsciiDigits.word(src, j);
            int digits = AsciiDigits.count(word);
            if (digits == 4 || AsciiDigits.after(word, digits) != (k == components ? 'm' : ';')) {
                return -1;
            }
            value = value << 8 | AsciiDigits.value(word, digits) & 0xFF;
            j += digits + 1;
        }
        colorRead = Style.color(space == '2' ? Style.COLOR_RGB : Style.COLOR_P256, value);
        foregroundRead = target == '3';
        return j;
    }

    /** Applies what {@link #readColor} read last. */
    void applyReadColor() {
        t.style = foregroundRead ? Style.withFg(t.style, colorRead) : Style.withBg(t.style, colorRead);
    }

    /** SGR 4:n; an empty or out-of-range style means single, 0 means none. */
    private void underline(int style) {
        int value = style < 0 || style > Style.UNDERLINE_DASHED ? Style.UNDERLINE_SINGLE : style;
        t.style = Style.withUnderline(t.style, value);
    }

    /**
     * The common forms {@code 38;5;n} and {@code 38;2;r;g;b} (no sub-parameters, all there): applied
     * directly, with the same result as {@link #extractColor}.
     *
     * @return whether the colour was one of those and is applied
     */
    private boolean plainExtendedColor(Params p, int pos) {
        int space = p.get(pos + 1);
        int count = space == 5 ? 3 : space == 2 ? 5 : 0;
        if (count == 0 || pos + count > p.length()) {
            return false;
        }
        for (int k = pos; k < pos + count; k++) {
            if (p.hasSubParams(k)) {
                return false;
            }
        }
        if (space == 5) {
            applyColor(p.get(pos), 5, p.get(pos + 2), 0, 0);
        } else {
            applyColor(p.get(pos), 2, p.get(pos + 2), p.get(pos + 3), p.get(pos + 4));
        }
        return true;
    }

    /**
     * Reads an extended colour starting at parameter {@code pos} (38, 48 or 58) and applies it.
     *
     * @return how many parameters after {@code pos} were consumed
     */
    private int extractColor(Params p, int pos) {
        accu[TARGET] = 0;
        accu[SPACE] = 0;
        accu[2] = -1;
        accu[3] = 0;
        accu[4] = 0;
        accu[5] = 0;
        int colorSpaceSlot = 0;
        int advance = 0;
        do {
            accu[advance + colorSpaceSlot] = p.get(pos + advance);
            if (p.hasSubParams(pos + advance)) {
                int count = p.subParamCount(pos + advance);
                int k = 0;
                do {
                    if (accu[SPACE] == 5) {
                        colorSpaceSlot = 1;
                    }
                    int slot = advance + k + 1 + colorSpaceSlot;
                    if (slot < SLOTS) {
                        accu[slot] = p.subParam(pos + advance, k);
                    }
                } while (++k < count && k + advance + 1 + colorSpaceSlot < SLOTS);
                break;
            }
            if ((accu[SPACE] == 5 && advance + colorSpaceSlot >= 2)
                || (accu[SPACE] == 2 && advance + colorSpaceSlot >= 5)) {
                break;
            }
            if (accu[SPACE] != 0) {
                colorSpaceSlot = 1;
            }
        } while (++advance + pos < p.length() && advance + colorSpaceSlot < SLOTS);
        for (int k = 2; k < SLOTS; k++) {
            if (accu[k] == -1) {
                accu[k] = 0;
            }
        }
        applyColor(accu[TARGET], accu[SPACE], accu[3], accu[4], accu[5]);
        return advance;
    }

    private void applyColor(int target, int space, int c1, int c2, int c3) {
        int color;
        if (space == 2) {
            color = Style.color(Style.COLOR_RGB, (c1 & 0xFF) << 16 | (c2 & 0xFF) << 8 | (c3 & 0xFF));
        } else if (space == 5) {
            color = Style.color(Style.COLOR_P256, c1 & 0xFF);
        } else {
            return;
        }
        switch (target) {
            case 38 -> t.style = Style.withFg(t.style, color);
            case 48 -> t.style = Style.withBg(t.style, color);
            case 58 -> t.extra = Extras.withUnderlineColor(t.extra, color);
            default -> throw new IllegalStateException("colour target " + target);
        }
    }

    /** SGR 0: default attributes and no underline colour; an open hyperlink stays open, as in xterm.js. */
    void reset() {
        t.style = Style.DEFAULT;
        t.extra = Extras.withUnderlineColor(t.extra, 0);
    }
}
