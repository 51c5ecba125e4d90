package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LocatorRace}: which of several locators {@code waitForAny(locators...)} names; no server. */
class LocatorRaceTest {
    /** "a1" above the screen (the oldest line), "b2" right above it; on the screen "c3" and "d4". */
    private static final Replay SCROLLED = Screens.replay(10, 2, "a1\r\nb2\r\nc3\r\nd4");

    private static int winner(Locator... locators) {
        return LocatorRace.await(List.of(locators), Duration.ZERO);
    }

    @Test
    void theLocatorWhoseMatchIsLowestWinsOnTheScreenAndAboveIt() {
        assertThat(winner(SCROLLED.getByText("d4"), SCROLLED.getByText("c3"))).isEqualTo(0);
        assertThat(winner(SCROLLED.getByText("zz"), SCROLLED.getByText("c3"))).isEqualTo(1);
        assertThat(winner(SCROLLED.getByText("b2").includingScrollback(), SCROLLED.getByText("zz")))
                .as("a match found only above the screen").isEqualTo(0);
        assertThat(winner(SCROLLED.getByText("a1").includingScrollback(), SCROLLED.getByText("b2").includingScrollback()))
                .as("both above the screen: the newer line").isEqualTo(1);
        assertThat(winner(SCROLLED.getByText("b2").includingScrollback(), SCROLLED.getByText("c3")))
                .as("the screen is below the scrollback").isEqualTo(1);
    }
}
