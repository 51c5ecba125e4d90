package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.ws.SizeArbiter.Seat;
import dev.ptyctl.service.ws.SizeArbiter.Size;
import org.junit.jupiter.api.Test;

class SizeArbiterTest {
    private static final Size SMALL = new Size(80, 24);
    private static final Size LARGE = new Size(200, 50);
    private static final Size MEDIUM = new Size(120, 36);
    private final SizeArbiter arbiter = new SizeArbiter();

    @Test
    void theFirstClientToShowTheTerminalSetsTheSizeUntilAnyoneIsUsed() {
        Seat first = arbiter.join(false);
        Seat second = arbiter.join(false);

        assertThat(arbiter.resize(first, SMALL)).contains(SMALL);
        assertThat(arbiter.resize(second, LARGE)).isEmpty();
        assertThat(arbiter.resize(first, MEDIUM)).contains(MEDIUM);
        assertThat(arbiter.owns(first)).isTrue();
    }

    @Test
    void theClientBeingUsedTakesTheSizeFromItsLastResize() {
        Seat first = arbiter.join(false);
        Seat second = arbiter.join(false);
        arbiter.resize(first, SMALL);
        arbiter.resize(second, LARGE);

        assertThat(arbiter.use(second)).contains(LARGE);
        assertThat(arbiter.resize(first, MEDIUM)).isEmpty();
        assertThat(arbiter.use(first)).contains(MEDIUM);
    }

    @Test
    void whenTheSizingClientHidesTheMostRecentlyUsedClientStillShowingTakesOver() {
        Seat a = arbiter.join(false);
        Seat b = arbiter.join(false);
        Seat c = arbiter.join(false);
        arbiter.resize(a, SMALL);
        arbiter.resize(b, MEDIUM);
        arbiter.resize(c, LARGE);
        arbiter.use(b);
        arbiter.use(a);
        arbiter.use(c);

        assertThat(arbiter.hide(c)).contains(SMALL);
        assertThat(arbiter.leave(a)).contains(MEDIUM);
        assertThat(arbiter.hide(b)).isEmpty();
        assertThat(arbiter.hasOwner()).isFalse();
    }

    @Test
    void withoutUseTheMostRecentlyShownClientTakesOver() {
        Seat a = arbiter.join(false);
        Seat b = arbiter.join(false);
        Seat c = arbiter.join(false);
        arbiter.resize(a, SMALL);
        arbiter.resize(c, LARGE);
        arbiter.resize(b, MEDIUM);

        assertThat(arbiter.leave(a)).contains(MEDIUM);
    }

    @Test
    void hidingAClientThatDoesNotSetTheSizeChangesNothing() {
        Seat a = arbiter.join(false);
        Seat b = arbiter.join(false);
        arbiter.resize(a, SMALL);
        arbiter.resize(b, LARGE);

        assertThat(arbiter.hide(b)).isEmpty();
        assertThat(arbiter.leave(b)).isEmpty();
        assertThat(arbiter.owns(a)).isTrue();
    }

    @Test
    void viewersNeverSetTheSize() {
        Seat viewer = arbiter.join(true);
        Seat other = arbiter.join(false);

        assertThat(arbiter.resize(viewer, SMALL)).isEmpty();
        assertThat(arbiter.use(viewer)).isEmpty();
        assertThat(arbiter.hasOwner()).isFalse();
        arbiter.resize(other, LARGE);
        assertThat(arbiter.leave(other)).isEmpty();
        assertThat(arbiter.hasOwner()).isFalse();
    }

    @Test
    void aClientUsedBeforeItReportsASizeOwnsWithoutChangingIt() {
        Seat a = arbiter.join(false);
        Seat b = arbiter.join(false);
        arbiter.resize(a, SMALL);

        assertThat(arbiter.use(b)).isEmpty();
        assertThat(arbiter.owns(b)).isTrue();
        assertThat(arbiter.resize(b, LARGE)).contains(LARGE);
    }
}
