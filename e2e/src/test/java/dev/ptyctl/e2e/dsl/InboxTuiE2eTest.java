package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A full-screen program tested as its author would test it with the DSL: keys and mouse clicks, styles, a snapshot,
 * its exit. The program is {@code inbox.sh}, started as the terminal's program.
 */
@WithTerminal(command = {"bash", "src/test/resources/programs/inbox.sh"}, cols = 60, rows = 10, timeoutSeconds = 30)
class InboxTuiE2eTest {

    @Test
    void unreadMessagesAreBoldAndTheFirstIsSelected(TerminalDriver inbox) {
        assertThat(inbox.getByText("Inbox (3 unread)")).hasStyle(Styles.bold());
        assertThat(inbox.getByStyle(Styles.inverse())).hasText("* Build failed on main");
        assertThat(inbox.getByText(" * Lunch on Friday?")).hasStyle(Styles.bold());
    }

    @Test
    void aClickSelectsAMessageAndEnterOpensIt(TerminalDriver inbox) {
        inbox.click(inbox.getByText("Your invoice #1042"));
        assertThat(inbox.getByStyle(Styles.inverse())).hasText("* Your invoice #1042");

        inbox.press(Key.ENTER);
        assertThat(inbox.getByText("Amount due: 42.00 EUR")).isVisible();
        inbox.press(Key.ESCAPE);
        assertThat(inbox.getByText("Inbox (2 unread)")).isVisible();
        assertThat(inbox.getByStyle(Styles.inverse())).hasText("Your invoice #1042");   // read: no star
    }

    @Test
    void aClickOnARowSelectsIt(TerminalDriver inbox) {
        assertThat(inbox.getByText("Inbox (3 unread)")).isVisible();
        inbox.click(4, 10);   // the second message's row
        assertThat(inbox.getByStyle(Styles.inverse())).hasText("* Lunch on Friday?");
    }

    @Test
    void theListAfterReadingOneMessageMatchesItsSnapshot(TerminalDriver inbox) {
        assertThat(inbox.getByText("Inbox (3 unread)")).isVisible();
        inbox.press(Key.ARROW_DOWN).press(Key.ENTER);
        assertThat(inbox.getByText("Pizza or sushi?")).isVisible();
        inbox.press(Key.ESCAPE);
        assertThat(inbox.getByText("Inbox (2 unread)")).isVisible();
        assertThat(inbox).matchesSnapshot();
    }

    @Test
    void qQuitsAndSaysHowManyWereRead(TerminalDriver inbox) {
        assertThat(inbox.getByText("Inbox (3 unread)")).isVisible();
        inbox.press(Key.ENTER);
        assertThat(inbox.getByText("The nightly build failed: 3 tests.")).isVisible();
        inbox.press(Key.ESCAPE);
        // an Escape and a key right after it read as one escape sequence, to this program as to vim: wait for the list
        assertThat(inbox.getByText("Inbox (2 unread)")).isVisible();
        inbox.type("q");
        Assertions.assertThat(inbox.awaitExit(Duration.ofSeconds(20))).isZero();
        inbox.assertScreen().row(1, "read 1 of 3");   // back on the normal screen, the alternate one gone
    }
}
