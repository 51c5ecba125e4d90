package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@link TerminalDriver#waitForAny(Locator...)}: waits on the screen copy until one of several locators finds
 * something, and says which. Of several that do, the one whose lowest match is lowest on the screen wins (the one
 * listed first on a tie), as with the server's waits for any of several texts: on a terminal, the program drew it
 * last.
 */
final class LocatorRace {
    private LocatorRace() {
    }

    /** The index of the locator that won, in {@code locators}' order. */
    static int await(List<Locator> locators, Duration timeout) {
        if (locators.isEmpty()) {
            throw new IllegalArgumentException("waitForAny needs at least one locator");
        }
        ScreenSource source = locators.getFirst().source();
        long start = System.nanoTime();
        LiveScreen.Outcome<Winner> outcome = source.await(cells -> lowest(locators, cells), timeout);
        String listed = locators.stream().map(Locator::toString).collect(Collectors.joining(", "));
        if (outcome.result().isEmpty()) {
            throw source.failure("expected any of " + listed + " to be visible within " + Durations.describe(timeout),
                    outcome);
        }
        Winner winner = outcome.result().get();
        source.held("any of " + listed + " to be visible, found " + locators.get(winner.index()) + " at "
                + winner.match().place(), start);
        return winner.index();
    }

    /** The locator that won, by its index, and its lowest match. */
    private record Winner(int index, Locator.Match match) {
    }

    private static Optional<Winner> lowest(List<Locator> locators, Cells cells) {
        Winner winner = null;
        long winnerAt = Long.MIN_VALUE; // a scrollback line's row is negative: any match beats none
        for (int i = 0; i < locators.size(); i++) {
            for (Locator.Match match : locators.get(i).find(cells)) {
                long at = (long) match.row() * Integer.MAX_VALUE + match.from();
                if (at > winnerAt) {
                    winnerAt = at;
                    winner = new Winner(i, match);
                }
            }
        }
        return Optional.ofNullable(winner);
    }
}
