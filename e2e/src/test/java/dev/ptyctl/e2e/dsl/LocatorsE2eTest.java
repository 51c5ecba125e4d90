package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.dsl.Locator;
import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Locators find text, patterns and styles on the live screen; their assertions wait for the screen to change. */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24, timeoutSeconds = 20)
class LocatorsE2eTest {
    /** A status line, then a menu bar with two inverse items, drawn with colours. */
    private static final String DRAW = "clear; printf '\\e[1;31mError\\e[0m: disk full\\n\\e[7m Save \\e[0m \\e[7m Quit \\e[0m\\n'";

    @Test
    void assertionsWaitForTextThatIsNotThereYet(TerminalDriver t) {
        t.typeLine("sleep 0.5; echo Rea''dy");   // the echoed line does not read "Ready"
        assertThat(t.getByText("Ready")).isVisible();
        Assertions.assertThat(t.getByRegex("^Ready$").count()).isEqualTo(1);
    }

    @Test
    void styleLocatorsFindRunsOfStyledCells(TerminalDriver t) {
        t.typeLine(DRAW).waitForPrompt();
        assertThat(t.getByStyle(Styles.bold().fg("red"))).hasText("Error").hasCount(1);
        assertThat(t.getByStyle(Styles.inverse())).hasCount(2);
        assertThat(t.getByStyle(Styles.inverse()).nth(1)).hasText("Quit");
        assertThat(t.getByText("Save")).hasStyle(Styles.inverse());
        assertThat(t.getByText("disk full")).hasStyle(Styles.plain());
    }

    @Test
    void withinAndNthNarrowTheMatches(TerminalDriver t) {
        t.typeLine(DRAW).waitForPrompt();
        assertThat(t.getByText("Quit")).isVisible();
        assertThat(t.getByText("Error").within(Region.rows(2, 3))).hasCount(0);
        assertThat(t.getByText("Error").within(Region.row(1))).hasCount(1);
        assertThat(t.getByRegex("S[a-z]+e")).hasText("Save");
        assertThat(t.getByRegex("[A-Z][a-z]{3}\\b").nth(1)).hasText("Quit");
    }

    @Test
    void aFailedLocatorAssertionSaysWhatItFoundAndShowsTheScreen(TerminalDriver t) {
        t.typeLine(DRAW).waitForPrompt();
        assertThat(t.getByText("Quit")).isVisible();
        assertThatThrownBy(() -> assertThat(t.getByText("disk full")).within(Duration.ofMillis(300))
                        .hasStyle(Styles.bold()))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected text \"disk full\" to have style bold within 300 ms; found 1:"
                        + " \"disk full\" at row 1, column 8")
                .hasMessageContaining(" 2 | Save   Quit");
    }

    @Test
    void anAssertionThatTheProgramsExitEndedSaysSo(TerminalDriver t) {
        Mark typed = t.mark();
        t.typeLine("echo bye; exit 4");
        // Not "within 20 s" alone: the waits gave up at once, when the program exited.
        assertThatThrownBy(() -> assertThat(t.getByText("hello")).isVisible())
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected text \"hello\" to be visible within 20 s; found none; the program"
                        + " exited with 4 first\n");
        assertThatThrownBy(() -> t.expectAfter(typed).text("hello"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("within 20 s; the program exited with 4 first; drawn since then:\n");
    }

    @Test
    void aLocatorOrWaitForTextThatScrolledOffTheScreenSaysItIsInTheScrollback(TerminalDriver t) {
        t.typeLine("for i in $(seq 1 100); do echo line-$i; done").waitForPrompt();
        String scrolledOff = "; it is in the scrollback: it scrolled off the screen";
        assertThatThrownBy(() -> assertThat(t.getByText("line-50")).within(Duration.ofMillis(200)).isVisible())
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("expected text \"line-50\" to be visible within 200 ms; found none" + scrolledOff);
        assertThatThrownBy(() -> t.waitFor("line-50\n", Duration.ofMillis(200)))
                .hasMessageContaining("expected the screen to contain \"line-50\\n\" within 200 ms" + scrolledOff);
        assertThatThrownBy(() -> assertThat(t.getByText("line-500")).within(Duration.ofMillis(200)).isVisible())
                .hasMessageContaining("found none\n");   // neither on the screen nor above it: no hint
        Assertions.assertThat(t.lastCommand().output()).contains("line-50\n");
    }

    @Test
    void aFailureSaysWhatTheLocatorFoundBeforeItWentAway(TerminalDriver t) {
        // a message shown for a second, as a program's selection or toast is, then cleared; the command line does not
        // read "flash-msg"
        t.typeLine("clear; printf '%s-%s\\n' flash msg; sleep 1; clear");
        assertThatThrownBy(() -> assertThat(t.getByText("flash-msg")).within(Duration.ofSeconds(3))
                .hasText("flash-message"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageMatching("(?s)expected text \"flash-msg\" to read \"flash-message\" within 3 s; found none;"
                        + " \\d+ ms into the wait it found 1: \"flash-msg\" at row 1, column 1, gone since\n.*");
    }

    @Test
    void isHiddenWaitsForTextToGoAway(TerminalDriver t) {
        t.typeLine(DRAW).waitForPrompt();
        assertThat(t.getByText("Quit")).isVisible();
        t.typeLine("sleep 0.3; clear");
        assertThat(t.getByText("Quit")).isHidden();
    }

    @Test
    void aLocatorIncludingTheScrollbackFindsLinesThatScrolledOffAcrossAResize(TerminalDriver t) {
        t.typeLine("seq -f 'row %g' 1 40").waitForPrompt();
        Assertions.assertThat(t.waitForAny(t.getByText("no such row"), t.getByRegex("^row 3$").includingScrollback()))
                .as("the only match is above the screen").isEqualTo(1);
        assertThat(t.getByRegex("^row \\d+$").includingScrollback().last()).hasText("row 40");
        assertThat(t.getByRegex("^row \\d+$").includingScrollback().first()).hasText("row 1");
        Locator oneDigit = t.getByRegex("^row \\d$").includingScrollback();
        assertThat(oneDigit).hasCount(9);
        // reflows every line, those above the screen too: "row 12" is "row 1" on a row and "2" wrapped onto the next,
        // which a locator reads as the line the program wrote, "row 12"
        t.resize(5, 24);
        assertThat(oneDigit).hasCount(9);
        assertThat(t.getByText("row 12").includingScrollback()).hasCount(1);
        t.resize(80, 24);
        assertThat(oneDigit).hasCount(9);
    }
}
