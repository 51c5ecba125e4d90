package dev.ptyctl.vt.serialize;

import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Style;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the SGR (and DECSCA) sequence that takes the terminal's current graphic rendition from one
 * value to another, like xterm.js's serialize addon: only what differs is written ({@code 22} to
 * turn bold off, {@code 39} for the default foreground...), unless starting from {@code 0} is
 * shorter. The parameters are the ones {@code SgrOps} reads back to exactly the same bits.
 */
final class SgrEncoder {
    private static final String CSI = "\u001b[";
    private static final long NOT_PROTECTED = ~Style.PROTECTED;

    /** Flags with their set and reset parameters; bold and faint share 22 and are handled apart. */
    private static final long[] FLAGS = {Style.ITALIC, Style.BLINK, Style.INVERSE, Style.INVISIBLE,
        Style.STRIKETHROUGH, Style.OVERLINE};
    private static final int[] FLAG_ON = {3, 5, 7, 8, 9, 53};
    private static final int[] FLAG_OFF = {23, 25, 27, 28, 29, 55};

    private SgrEncoder() {
    }

    /**
     * Appends the sequences that change the rendition.
     *
     * @param out destination
     * @param fromStyle current style (DECSCA protection in {@link Style#PROTECTED})
     * @param fromColor current underline colour ({@link Extras#underlineColor})
     * @param toStyle wanted style
     * @param toColor wanted underline colour
     */
    static void appendTransition(StringBuilder out, long fromStyle, int fromColor, long toStyle, int toColor) {
        long from = fromStyle & NOT_PROTECTED;
        long to = toStyle & NOT_PROTECTED;
        boolean protectedNow = (fromStyle & Style.PROTECTED) != 0;
        if (from != to || fromColor != toColor) {
            List<String> diff = difference(from, fromColor, to, toColor);
            List<String> full = new ArrayList<>();
            full.add("0");
            full.addAll(difference(Style.DEFAULT, 0, to, toColor));
            // SGR 59 is avoided: xterm.js 6 stores its "default" as RGB white (docs/emulator.md)
            boolean reset = (fromColor != 0 && toColor == 0)
                || String.join(";", full).length() <= String.join(";", diff).length();
            out.append(CSI).append(String.join(";", reset ? full : diff)).append('m');
            if (reset) {
                protectedNow = false; // SGR 0 clears DECSCA protection too
            }
        }
        boolean protectedWanted = (toStyle & Style.PROTECTED) != 0;
        if (protectedNow != protectedWanted) {
            out.append(CSI).append(protectedWanted ? '1' : '0').append("\"q");
        }
    }

    /** Parameters that change {@code from} into {@code to}, neither carrying the protection bit. */
    private static List<String> difference(long from, int fromColor, long to, int toColor) {
        List<String> params = new ArrayList<>();
        boolean bold = (from & Style.BOLD) != 0;
        boolean faint = (from & Style.FAINT) != 0;
        if ((bold && (to & Style.BOLD) == 0) || (faint && (to & Style.FAINT) == 0)) {
            params.add("22");
            bold = false;
            faint = false;
        }
        if (!bold && (to & Style.BOLD) != 0) {
            params.add("1");
        }
        if (!faint && (to & Style.FAINT) != 0) {
            params.add("2");
        }
        for (int i = 0; i < FLAGS.length; i++) {
            if ((from & FLAGS[i]) != (to & FLAGS[i])) {
                params.add(String.valueOf((to & FLAGS[i]) != 0 ? FLAG_ON[i] : FLAG_OFF[i]));
            }
        }
        if (Style.underline(from) != Style.underline(to)) {
            params.add(underline(Style.underline(to)));
        }
        if (Style.fg(from) != Style.fg(to)) {
            params.add(color(Style.fg(to), 30, 90, 38));
        }
        if (Style.bg(from) != Style.bg(to)) {
            params.add(color(Style.bg(to), 40, 100, 48));
        }
        if (fromColor != toColor) {
            params.add(toColor == 0 ? "59" : color(toColor, 0, 0, 58));
        }
        return params;
    }

    private static String underline(int style) {
        return switch (style) {
            case Style.UNDERLINE_NONE -> "24";
            case Style.UNDERLINE_SINGLE -> "4";
            default -> "4:" + style;
        };
    }

    /**
     * One colour's parameters.
     *
     * @param color packed colour
     * @param base16 parameter of palette colour 0 (30 or 40), 0 when only the extended form exists
     * @param bright parameter of palette colour 8 (90 or 100)
     * @param extended 38, 48 or 58
     */
    private static String color(int color, int base16, int bright, int extended) {
        int value = Style.colorValue(color);
        return switch (Style.colorMode(color)) {
            case Style.COLOR_DEFAULT -> String.valueOf(extended + 1);
            case Style.COLOR_P16 -> base16 == 0 ? extended + ";5;" + value
                : String.valueOf(value < 8 ? base16 + value : bright + value - 8);
            case Style.COLOR_P256 -> extended + ";5;" + value;
            default -> extended + ";2;" + (value >>> 16) + ";" + ((value >>> 8) & 0xFF) + ";" + (value & 0xFF);
        };
    }
}
