package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** expectAfter(mark): only what is drawn after the mark matches; stale text and the echoed command do not. */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24, timeoutSeconds = 20)
class AnchoredWaitsE2eTest {

    @Test
    void textOnTheScreenBeforeTheMarkDoesNotSatisfyTheWait(TerminalDriver t) {
        t.run("echo Sent");
        t.type("sleep 0.3; echo Sent").waitFor("; echo Sent");
        Mark m = t.mark();
        t.press(Key.ENTER);
        t.expectAfter(m).text("Sent");
        // A plain screen wait would have returned at once on the first "Sent" line; this one waited for the second.
        // (Counted on the DSL's copy: the server's own screen, t.screen(), may trail the WebSocket by a few ms.)
        assertThat(t.getByRegex("^Sent$").count()).isEqualTo(2);
    }

    @Test
    void theEchoedCommandLineTypedBeforeTheMarkDoesNotMatch(TerminalDriver t) {
        t.waitForPrompt().type("sleep 0.3; echo Done").waitFor("echo Done");
        Mark m = t.mark();
        t.press(Key.ENTER);
        t.expectAfter(m).text("Done");
        assertThat(t.getByRegex("^Done$").count()).isEqualTo(1);
    }

    @Test
    void aRedrawOfTheSameTextAfterTheMarkCounts(TerminalDriver t) {
        t.run("clear; printf 'status: ok'");
        Mark m = t.mark();
        t.typeLine("printf '\\e[1;1Hstatus: ok\\e[24;1H'");
        t.expectAfter(m).text("status: ok");
    }

    @Test
    void aWaitForStaleTextFailsShowingWhatWasDrawnSince(TerminalDriver t) {
        t.run("echo stale");
        Mark m = t.mark();
        t.typeLine("echo fresh");
        // The failure must show what was drawn since the mark: wait for it first, or under load the 500 ms below
        // can run out before "fresh" is drawn at all.
        t.expectAfter(m).text("fresh");
        assertThatThrownBy(() -> t.expectAfter(m).text("stale", Duration.ofMillis(500)))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected \"stale\" to be drawn after the mark at output offset " + m.seq())
                .hasMessageContaining("fresh");
    }

    @Test
    void waitForSettledReturnsOnceTheProgramIsQuiet(TerminalDriver t) {
        // Pauses of 0.1 s against a quiet time of 3 s: at load 17 on two cores, 1 pause in 120 of this loop lasted
        // 0.78 s and one in 90 (with a date between) 1.8 s, so a quiet time of 0.4 s could end during the loop.
        t.typeLine("for i in 1 2 3; do echo tick-$i; sleep 0.1; done").waitForSettled(Duration.ofSeconds(3));
        assertThat(t.screen().text()).contains("tick-3");
    }
}
