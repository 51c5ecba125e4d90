package dev.ptyctl.vt.terminal;

import java.util.Arrays;
import java.util.Locale;

/**
 * The colours programs can query and change: OSC 4 (the 256-colour palette), OSC 5 (or OSC 4 from
 * 256 on: xterm's special colours for bold, underline, blink, reverse and italic text) and OSC 10 to
 * 19 (xterm's dynamic colours: default foreground, background, cursor, pointer foreground and
 * background, Tektronix foreground and background, highlight background, Tektronix cursor,
 * highlight foreground), with the values xterm.js's default theme starts from (the colours xterm.js
 * has no theme entry for start as its foreground or background).
 * The emulator never draws, so these only feed query replies and the VT serializer; cells keep
 * palette indexes, not colours.
 */
final class Colors {
    /** Index of the first special colour (OSC 5 ; 0, or OSC 4 ; 256), after the 256 palette entries. */
    static final int SPECIAL = 256;
    /** How many special colours there are (bold, underline, blink, reverse, italic). */
    static final int SPECIAL_COUNT = 5;
    /** Index of the first dynamic colour, OSC 10 (the default foreground); OSC 10 + n is this + n. */
    static final int DYNAMIC = SPECIAL + SPECIAL_COUNT;
    /** How many dynamic colours there are (OSC 10 to 19). */
    static final int DYNAMIC_COUNT = 10;
    /** Index of the default foreground. */
    static final int FOREGROUND = DYNAMIC;
    /** Index of the default background. */
    static final int BACKGROUND = DYNAMIC + 1;
    /** Index of the cursor colour. */
    static final int CURSOR = DYNAMIC + 2;
    private static final int COUNT = DYNAMIC + DYNAMIC_COUNT;

    /** xterm.js's default theme: the 16 ANSI colours. */
    private static final int[] ANSI = {
        0x2e3436, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf,
        0x555753, 0xef2929, 0x8ae234, 0xfce94f, 0x729fcf, 0xad7fa8, 0x34e2e2, 0xeeeeec,
    };
    private static final int[] DEFAULTS = defaults();

    private final int[] values = DEFAULTS.clone();

    /** The colour at an index (0..255 palette, or one of the constants above), 0xRRGGBB. */
    int get(int index) {
        return values[index];
    }

    void set(int index, int rgb) {
        values[index] = rgb;
    }

    /** Back to the theme's value (OSC 104, 110, 111, 112). */
    void reset(int index) {
        values[index] = DEFAULTS[index];
    }

    void resetAll() {
        System.arraycopy(DEFAULTS, 0, values, 0, COUNT);
    }

    /** Whether an index holds something other than the theme's value. */
    boolean changed(int index) {
        return values[index] != DEFAULTS[index];
    }

    static int count() {
        return COUNT;
    }

    /** xterm's report form of a colour: {@code rgb:rrrr/gggg/bbbb}, 16 bits per channel. */
    static String report(int rgb) {
        return String.format(Locale.ROOT, "rgb:%1$02x%1$02x/%2$02x%2$02x/%3$02x%3$02x",
            (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF);
    }

    /**
     * Reads an X11 colour specification the way xterm.js does: {@code rgb:r/g/b} with 1 to 4 hex
     * digits per channel (scaled to 8 bits), or {@code #rgb} (shifted: {@code #fff} is f0f0f0, as in
     * xterm.js), {@code #rrggbb}, {@code #rrrgggbbb}, {@code #rrrrggggbbbb} (truncated to 8 bits);
     * and the device-independent forms ({@code rgbi:}, {@code CIEXYZ:} and the other CIE forms,
     * {@code TekHVC:}) as xterm 379 reads them, see {@link DeviceIndependentColor}.
     * Colour names are not supported.
     *
     * @return 0xRRGGBB, or -1 when the text is not one of those forms
     */
    static int parse(String spec) {
        String s = spec.toLowerCase(Locale.ROOT);
        if (s.startsWith("rgb:")) {
            String[] parts = s.substring(4).split("/", -1);
            int digits = parts[0].length();
            if (parts.length != 3 || digits < 1 || digits > 4) {
                return -1;
            }
            int max = (1 << (4 * digits)) - 1;
            int rgb = 0;
            for (String part : parts) {
                if (part.length() != digits || !isHex(part)) {
                    return -1;
                }
                rgb = (rgb << 8) | (int) Math.round(Integer.parseInt(part, 16) * 255.0 / max);
            }
            return rgb;
        }
        int digits = (s.length() - 1) / 3;
        if (s.startsWith("#") && isHex(s.substring(1)) && (s.length() - 1) % 3 == 0 && digits >= 1 && digits <= 4) {
            int rgb = 0;
            for (int i = 0; i < 3; i++) {
                int value = Integer.parseInt(s.substring(1 + i * digits, 1 + (i + 1) * digits), 16);
                rgb = (rgb << 8) | (digits == 1 ? value << 4 : value >> (4 * (digits - 2)));
            }
            return rgb;
        }
        return DeviceIndependentColor.XTERM_379.parse(spec);
    }

    private static boolean isHex(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    private static int[] defaults() {
        int[] colors = new int[COUNT];
        System.arraycopy(ANSI, 0, colors, 0, ANSI.length);
        int[] steps = {0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff};
        for (int i = 0; i < 216; i++) {
            colors[16 + i] = steps[i / 36] << 16 | steps[(i / 6) % 6] << 8 | steps[i % 6];
        }
        for (int i = 0; i < 24; i++) {
            int v = 8 + 10 * i;
            colors[232 + i] = v << 16 | v << 8 | v;
        }
        Arrays.fill(colors, SPECIAL, SPECIAL + SPECIAL_COUNT, 0xffffff);
        // OSC 10..19: foreground, background, cursor, pointer fg/bg, Tek fg/bg, highlight bg, Tek cursor, highlight fg
        int[] dynamic = {0xffffff, 0x000000, 0xffffff, 0xffffff, 0x000000, 0xffffff, 0x000000, 0xffffff, 0xffffff,
            0x000000};
        System.arraycopy(dynamic, 0, colors, DYNAMIC, DYNAMIC_COUNT);
        return colors;
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
