package dev.ptyctl.e2e.docs;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The full-screen example of docs/testing.md: a to-do list (src/test/resources/programs/todo.sh). */
// tag::todo-test[]
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, size = "50x8")
class TodoAppTest {

    @Test
    void spaceTicksTheSelectedItem(TerminalDriver todo) {
        assertThat(todo.getByText("Todo: 3 items").within(Region.row(1))).isVisible();
        assertThat(todo.getByStyle(Styles.inverse()).within(Region.rows(3, 5)))
                .hasText("[ ] Write the release notes");            // the selection bar

        todo.press(Key.ARROW_DOWN, Key.SPACE);

        assertThat(todo.getByText("[x] Tag v1.2")).isVisible();     // waits for the redraw
        assertThat(todo.getByText("Tag v1.2")).hasStyle(Styles.strikethrough().fg("green"));
        assertThat(todo.getByRegex("\\[x]")).hasCount(1);
        assertThat(todo).matchesSnapshot();                          // text and styles, in __snapshots__/
    }

    @Test
    void qQuitsWithASummary(TerminalDriver todo) {
        assertThat(todo.getByText("Todo: 3 items")).isVisible();
        todo.press(Key.SPACE).type("q");
        assertEquals(0, todo.awaitExit(Duration.ofSeconds(30)));
        todo.assertScreen().contains("1 of 3 done");
    }
}
// end::todo-test[]
