package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Style;

/**
 * The current graphic rendition as xterm's DECRQSS reports it: {@code 0}, then the attributes in
 * xterm's order (1 bold, 4 underline, 5 blink, 7 inverse, 8 invisible, 2 faint, 3 italic, 9 crossed
 * out, 21 double underline), then the colours: 30-37/90-97 (40-47/100-107) for the 16 colours,
 * {@code 38:5:n} for the others of the 256, {@code 38:2::r:g:b} for direct colour. Overline and the
 * underline colour, which xterm does not have, follow as 53 and {@code 58:...}.
 */
final class SgrReport {
    private SgrReport() {
    }

    static String of(long style, long extra) {
        StringBuilder out = new StringBuilder("0");
        int underline = Style.underline(style);
        flag(out, (style & Style.BOLD) != 0, "1");
        flag(out, underline != Style.UNDERLINE_NONE && underline != Style.UNDERLINE_DOUBLE, "4");
        flag(out, (style & Style.BLINK) != 0, "5");
        flag(out, (style & Style.INVERSE) != 0, "7");
        flag(out, (style & Style.INVISIBLE) != 0, "8");
        flag(out, (style & Style.FAINT) != 0, "2");
        flag(out, (style & Style.ITALIC) != 0, "3");
        flag(out, (style & Style.STRIKETHROUGH) != 0, "9");
        flag(out, underline == Style.UNDERLINE_DOUBLE, "21");
        flag(out, (style & Style.OVERLINE) != 0, "53");
        color(out, Style.fg(style), 30, 90, "38");
        color(out, Style.bg(style), 40, 100, "48");
        if (underline != Style.UNDERLINE_NONE) {
            color(out, Extras.underlineColor(extra), -1, -1, "58");
        }
        return out.toString();
    }

    private static void flag(StringBuilder out, boolean on, String code) {
        if (on) {
            out.append(';').append(code);
        }
    }

    private static void color(StringBuilder out, int color, int base, int brightBase, String extended) {
        int value = Style.colorValue(color);
        switch (Style.colorMode(color)) {
            case Style.COLOR_P16 -> {
                if (base < 0) {
                    out.append(';').append(extended).append(":5:").append(value);
                } else {
                    out.append(';').append(value < 8 ? base + value : brightBase + value - 8);
                }
            }
            case Style.COLOR_P256 -> {
                if (value < 16 && base >= 0) {
                    out.append(';').append(value < 8 ? base + value : brightBase + value - 8);
                } else {
                    out.append(';').append(extended).append(":5:").append(value);
                }
            }
            case Style.COLOR_RGB -> out.append(';').append(extended).append(":2::").append((value >> 16) & 0xFF)
                .append(':').append((value >> 8) & 0xFF).append(':').append(value & 0xFF);
            default -> {
                // default colour: nothing
            }
        }
    }
}
