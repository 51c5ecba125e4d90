package dev.ptyctl.vt.keys;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The "did you mean" of a mistyped name: the known name closest to it by edit distance (Levenshtein, ignoring case),
 * when it is close enough to be a typo rather than another word. Used for key names here and by the server for
 * configuration keys, so every suggestion ptyctl makes follows one rule.
 */
public final class NearestName {
    private NearestName() {
    }

    /**
     * The known name nearest to {@code typed}, if at most a third of the typed length (and at least one) edits away;
     * a name shorter than four characters only matches ignoring case ({@code F13} is no typo of {@code F1}). Ties go
     * to the first in {@code known}'s order.
     */
    public static Optional<String> of(String typed, Collection<String> known) {
        return within(typed, known, typed.length() < 4 ? 0 : Math.max(1, typed.length() / 3));
    }

    /** The known name nearest to {@code typed} (ignoring case) if at most {@code maxEdits} edits away. */
    public static Optional<String> within(String typed, Collection<String> known, int maxEdits) {
        String lower = typed.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            int distance = distance(lower, name.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        return bestDistance <= maxEdits ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Levenshtein distance: insertions, deletions and substitutions, one row at a time. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
