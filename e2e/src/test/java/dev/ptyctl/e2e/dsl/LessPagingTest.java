package dev.ptyctl.e2e.dsl;

// tag::quick-start[]
import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

@WithTerminal(cols = 80, rows = 24)
class LessPagingTest {
    @Test
    void lessPagesThroughItsInput(TerminalDriver terminal) {
        terminal.typeLine("seq 100 | less").waitFor("\n23\n:")
                .assertScreen().row(1, "1").and()
                .press(Key.SPACE).waitFor("\n46\n:")
                .assertScreen().row(1, "24").and()
                .type("q").waitForPrompt();
    }
}
// end::quick-start[]
