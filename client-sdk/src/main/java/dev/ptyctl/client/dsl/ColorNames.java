package dev.ptyctl.client.dsl;

import java.util.List;

/**
 * The names of the 16 ANSI palette colours, one list for what {@link Style} accepts and what {@link SnapshotText}
 * writes, so a snapshot's {@code fg=bright-red} is always a name a style can be given: {@code black} to {@code white}
 * (0–7) and {@code bright-black} to {@code bright-white} (8–15).
 */
final class ColorNames {
    private static final String BRIGHT = "bright-";
    private static final List<String> NAMES = List.of("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white");

    private ColorNames() {
    }

    /** The name of palette index {@code index}, 0–15. */
    static String name(int index) {
        return index < NAMES.size() ? NAMES.get(index) : BRIGHT + NAMES.get(index - NAMES.size());
    }

    /** The palette index 0–15 that {@code name} stands for; -1 when it is not one of the 16 names. */
    static int index(String name) {
        int basic = NAMES.indexOf(name);
        if (basic >= 0 || !name.startsWith(BRIGHT)) {
            return basic;
        }
        int bright = NAMES.indexOf(name.substring(BRIGHT.length()));
        return bright < 0 ? -1 : NAMES.size() + bright;
    }

    /** The eight basic names for a message, {@code black, red, …, white}. */
    static String basicNames() {
        return String.join(", ", NAMES);
    }
}
