package dev.ptyctl.service.shell;

import java.util.Optional;

/**
 * A title as the server reports it (SPEC §5.8): the program's title without its leading activity glyph, and the
 * activity that glyph signals.
 *
 * @param title    the title to show; never empty
 * @param activity {@code working}, {@code idle}, or empty when the title signals neither
 */
public record LiveTitle(String title, Optional<Activity> activity) {

    /** What an agent's title says it is doing. */
    public enum Activity {
        WORKING("working"), IDLE("idle");

        private final String wireName;

        Activity(String wireName) {
            this.wireName = wireName;
        }

        /** The value of {@code terminalActivity} on the wire. */
        public String wireName() {
            return wireName;
        }
    }

    /** Glyphs that spinners and agents put in front of a title, besides the braille patterns. */
    private static final String ACTIVITY_GLYPHS = "·✢✳✶✻✽◐◓◑◒";
    private static final String HALF_CIRCLES = "◐◓◑◒";
    private static final int IDLE_GLYPH = '✳';

    public LiveTitle {
        if (title == null || title.isEmpty()) {
            throw new IllegalArgumentException("a live title is never empty");
        }
    }

    /**
     * Reads a raw title (OSC 0/2 payload) the way SPEC §5.8 describes; empty when the raw title is empty, i.e. the
     * program cleared it (or it consisted of a glyph alone).
     */
    public static Optional<LiveTitle> fromRaw(String raw) {
        if (raw == null || raw.isEmpty()) {
            return Optional.empty();
        }
        String title = raw;
        int first = raw.codePointAt(0);
        int firstLength = Character.charCount(first);
        if (isActivityGlyph(first) && raw.length() > firstLength && raw.charAt(firstLength) == ' ') {
            title = raw.substring(firstLength + 1);
        }
        if (title.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LiveTitle(title, activityOf(raw, first)));
    }

    private static Optional<Activity> activityOf(String raw, int first) {
        if (isBraille(first) || HALF_CIRCLES.indexOf(first) >= 0) {
            return Optional.of(Activity.WORKING);
        }
        if (first == IDLE_GLYPH) {
            return Optional.of(Activity.IDLE);
        }
        return hasBrailleWord(raw) ? Optional.of(Activity.WORKING) : Optional.empty();
    }

    /** True when some space-separated word of the title consists of braille patterns only (a spinner mid-title). */
    private static boolean hasBrailleWord(String raw) {
        for (String word : raw.split(" ")) {
            if (!word.isEmpty() && word.codePoints().allMatch(LiveTitle::isBraille)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isActivityGlyph(int codePoint) {
        return isBraille(codePoint) || ACTIVITY_GLYPHS.indexOf(codePoint) >= 0;
    }

    private static boolean isBraille(int codePoint) {
        return codePoint >= 0x2800 && codePoint <= 0x28FF;
    }
}
