package dev.ptyctl.service.ws;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Decides which attached client sets the PTY's size (SPEC §5.4, seed 004): the client being used (it typed, or
 * sent {@code focus}) sets it from its last {@code resize}; until any client is used, the first to show the
 * terminal sets it; when the sizing client hides or leaves, the most recently active client still showing takes
 * over. Viewers never set the size. Pure bookkeeping, not thread-safe: the caller serialises calls and applies the
 * sizes returned.
 */
final class SizeArbiter {

    /** A terminal size. */
    record Size(int cols, int rows) {
    }

    /** One attached client as the arbiter sees it. */
    static final class Seat {
        private final boolean viewer;
        private Size lastResize;
        private boolean showing;
        private long lastUsed;
        private long lastShown;

        private Seat(boolean viewer) {
            this.viewer = viewer;
        }

        boolean viewer() {
            return viewer;
        }
    }

    private final List<Seat> seats = new ArrayList<>();
    private Seat owner;
    /** Orders events; a counter rather than a clock so ties cannot happen. */
    private long clock;

    /** A new client; it shows nothing until its first {@code resize}. */
    Seat join(boolean viewer) {
        Seat seat = new Seat(viewer);
        seats.add(seat);
        return seat;
    }

    /** Whether some client sets the size (then that client, not the server, answers queries: SPEC §5.5). */
    boolean hasOwner() {
        return owner != null;
    }

    /** Whether {@code seat} is the client whose size the PTY has. */
    boolean owns(Seat seat) {
        return owner == seat;
    }

    /**
     * The client shows the terminal at this size.
     *
     * @return the size to give the PTY, when this client sets it
     */
    Optional<Size> resize(Seat seat, Size size) {
        if (seat.viewer) {
            return Optional.empty();
        }
        seat.lastResize = size;
        seat.showing = true;
        seat.lastShown = ++clock;
        if (owner == null) {
            owner = seat;
        }
        return owner == seat ? Optional.of(size) : Optional.empty();
    }

    /**
     * {@code next} is the client of {@code earlier} connected again while the server still holds the earlier
     * connection: it takes that one's place, and the size when that one set it.
     */
    void succeed(Seat earlier, Seat next) {
        if (next.viewer) {
            return;
        }
        next.lastUsed = Math.max(next.lastUsed, earlier.lastUsed);
        if (owner == earlier) {
            owner = next;
        }
    }

    /**
     * The client is being used (input with claim, or focus): it takes the size.
     *
     * @return the size to give the PTY, when the client has reported one
     */
    Optional<Size> use(Seat seat) {
        if (seat.viewer) {
            return Optional.empty();
        }
        seat.lastUsed = ++clock;
        seat.showing = true;
        owner = seat;
        return Optional.ofNullable(seat.lastResize);
    }

    /**
     * The client went off screen.
     *
     * @return the size of the client that takes over, if it changed hands
     */
    Optional<Size> hide(Seat seat) {
        seat.showing = false;
        return owner == seat ? takeOver() : Optional.empty();
    }

    /**
     * The client disconnected.
     *
     * @return the size of the client that takes over, if it changed hands
     */
    Optional<Size> leave(Seat seat) {
        seats.remove(seat);
        return owner == seat ? takeOver() : Optional.empty();
    }

    /** The most recently used client still showing, else the most recently shown one, sets the size. */
    private Optional<Size> takeOver() {
        owner = seats.stream()
                .filter(s -> !s.viewer && s.showing && s.lastResize != null)
                .max(Comparator.<Seat>comparingLong(s -> s.lastUsed).thenComparingLong(s -> s.lastShown))
                .orElse(null);
        return owner == null ? Optional.empty() : Optional.of(owner.lastResize);
    }
}
