package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The window title a program sets (OSC 2) and the bells it rings, waited for on the driver's copy of a real terminal:
 * {@code release.sh} shows its stage in the title and rings the bell each time it asks for approval.
 */
@WithTerminal(command = {"bash", "src/test/resources/programs/release.sh"}, size = "50x6", timeoutSeconds = 20)
class TitleAndBellE2eTest {

    @Test
    void theReleaseRingsForEveryQuestionAndShowsItsStageInTheTitle(TerminalDriver release) {
        // tag::title-and-bell[]
        assertThat(release).hasTitle("release: waiting for approval").hasBellCount(1);   // it asked once

        Mark asked = release.mark();
        release.typeLine("maybe");
        release.expectAfter(asked).bell();                    // asked again: a bell rung after the mark

        release.typeLine("y");
        assertThat(release).hasTitleMatching(": published$").hasBellCount(2);
        assertEquals(0, release.awaitExit(Duration.ofSeconds(20)));
        assertEquals("release: published", release.title());
        // end::title-and-bell[]
    }

    @Test
    void aTitleOrBellThatDoesNotComeFailsNamingWhatThereIs(TerminalDriver release) {
        assertThat(release).hasTitle("release: waiting for approval").hasBellCount(1);
        Mark asked = release.mark();   // after the first question's bell: only a new one counts
        release.timeout(Duration.ofMillis(500));

        assertThatThrownBy(() -> release.expectAfter(asked).bell()).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the bell to ring after the mark at output offset " + asked.seq()
                        + " within 500 ms; it did not ring\n");
        assertThatThrownBy(() -> assertThat(release).hasTitle("release: published"))
                .hasMessageStartingWith("expected the window title to be \"release: published\" within 500 ms; it is"
                        + " \"release: waiting for approval\"\n");
        assertThatThrownBy(() -> assertThat(release).hasBellCount(2))
                .hasMessageStartingWith("expected the bell to have rung 2 times within 500 ms; it rang once\n");
        assertEquals(1, release.bellCount());
    }
}
