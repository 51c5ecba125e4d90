package dev.ptyctl.service.shell;

import dev.ptyctl.vt.unicode.UnicodeWidth;
import java.nio.charset.StandardCharsets;

/**
 * zsh's partial-line mark (its PROMPT_SP option, on by default) at the end of a command's captured output. When a
 * command's output does not end with a newline ({@code printf abc}), zsh prints, before its precmd hooks and so
 * before the integration's end-of-command mark, {@code PROMPT_EOL_MARK} (a reverse-video {@code #} for root,
 * {@code %} otherwise; a user's own, such as {@code <no newline>}), spaces to the right margin (the columns less the
 * mark's width, one less on a terminal without xn), CR, as many spaces as the mark is wide, CR (zsh's
 * {@code preprompt()}). Taken as the command's output it read {@code abc#}: a character the command never printed.
 */
final class ZshLineEndMark {
    private static final byte ESC = 0x1b;

    private ZshLineEndMark() {
    }

    /**
     * Where the command's own output ends in {@code output}: before zsh's mark when the output ends with it, else
     * its length. Strict, so that no program's own output is cut: the spaces must reach the right margin of a
     * terminal {@code cols} wide from the mark's end, and the mark be as wide, in columns, as the spaces that erase it.
     */
    static int end(byte[] output, int cols) {
        int i = output.length;
        if (i == 0 || output[i - 1] != '\r') {
            return output.length;
        }
        i--;
        int width = spacesBefore(output, i);
        i -= width;
        if (width < 1 || i == 0 || output[i - 1] != '\r') {
            return output.length;
        }
        i--;
        int margin = spacesBefore(output, i);
        i -= margin;
        if (margin != cols - width && margin != cols - width - 1) { // zsh leaves the last column without xn
            return output.length;
        }
        int shown = 0;
        while (shown < width) {
            if (i == 0) {
                return output.length;
            }
            int sgrStart = sgrStart(output, i);
            if (sgrStart >= 0) {
                i = sgrStart;
                continue;
            }
            int characterEnd = i;
            i--;
            while (i > 0 && (output[i] & 0xC0) == 0x80) {
                i--; // the rest of a UTF-8 character (a mark such as ⏎)
            }
            if ((output[i] & 0xFF) < 0x20) {
                return output.length; // a control: no mark
            }
            shown += UnicodeWidth.of(new String(output, i, characterEnd - i, StandardCharsets.UTF_8).codePointAt(0));
        }
        if (shown != width) {
            return output.length; // the last character counted is wider than the spaces left: part of no mark
        }
        for (int sgrStart = sgrStart(output, i); sgrStart >= 0; sgrStart = sgrStart(output, i)) {
            i = sgrStart; // the mark's own attributes (%B%S) before it
        }
        return i;
    }

    private static int spacesBefore(byte[] output, int end) {
        int count = 0;
        while (end - count > 0 && output[end - count - 1] == ' ') {
            count++;
        }
        return count;
    }

    /** The start of an SGR sequence ({@code ESC [ digits;... m}) that ends just before {@code end}, or -1. */
    private static int sgrStart(byte[] output, int end) {
        if (end == 0 || output[end - 1] != 'm') {
            return -1;
        }
        int j = end - 2;
        while (j >= 0 && (output[j] >= '0' && output[j] <= '9' || output[j] == ';')) {
            j--;
        }
        return j >= 1 && output[j] == '[' && output[j - 1] == ESC ? j - 1 : -1;
    }
}
