package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

/**
 * Text that a real shell wraps at a narrow terminal's right edge is found whole, on the screen and above it; text on
 * two rows that a line break separates is not joined. The texts are longer than the terminal is wide, so they wrap
 * wherever the prompt (another machine's, longer or shorter) leaves the command line.
 */
@WithTerminal(shell = "bash", cols = 30, rows = 8, cwd = "/tmp", timeoutSeconds = 20)
class WrappedTextE2eTest {
    private static final String LONG = "the quick brown fox jumps over the lazy dog";

    @Test
    void aCommandLineAndOutputWiderThanTheScreenAreFoundAcrossTheirRows(TerminalDriver t) {
        t.typeLine("echo " + LONG).waitForPrompt();
        assertThat(t.getByText(LONG)).hasCount(2);   // the command line and its output, each on two or more rows
        assertThat(t.getByText(LONG).last()).hasText(LONG);
        assertThat(t.getByRegex("fox\\s+jumps\\s+over").last()).hasText("fox jumps over");
    }

    @Test
    void rowsThatALineBreakSeparatesAreNotJoinedEvenWhenTheUpperIsFull(TerminalDriver t) {
        // 30 zeros fill a row; then a line break, or no break (the shell's output wraps onto the next row)
        t.typeLine("printf '%030d\\n%s\\n' 0 broken").waitForPrompt();
        t.typeLine("printf '%030d%s\\n' 0 wrapped").waitForPrompt();
        assertThat(t.getByText("00broken")).hasCount(0);
        assertThat(t.getByText("00wrapped")).hasCount(1);
    }

    @Test
    void aRegionStartingOnARowTheOutputWrappedOntoDoesNotStartALineThere(TerminalDriver t) {
        // the screen cleared first: 30 zeros fill row 1, "wrapped" goes on to row 2, the prompt comes on row 3
        t.typeLine("printf '\\033[H\\033[2J%030d%s\\n' 0 wrapped").waitForPrompt();
        assertThat(t.getByRegex("^0+wrapped$").within(Region.rows(1, 2))).isVisible();
        assertThat(t.getByRegex("^wrapped").within(Region.rows(2, 3))).isHidden();
        assertThat(t.getByRegex("(?<=0)wrapped$").within(Region.rows(2, 3))).isVisible();
        assertThat(t.getByRegex("0$").within(Region.row(1))).isHidden();
    }

    @Test
    void aWrappedLineThatScrolledOffIsFoundWholeIncludingTheScrollback(TerminalDriver t) {
        t.typeLine("echo " + LONG + "; seq 1 20").waitForPrompt();
        assertThat(t.getByText(LONG)).hasCount(0);
        assertThat(t.getByText(LONG).includingScrollback()).hasCount(2);
    }
}
