package dev.ptyctl.e2e.docs;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Replay;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay example of docs/testing.md: the to-do list's recording checks {@link TodoAppTest}'s golden file. */
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, size = "50x8")
class TodoReplayTest {

    @Test
    void theRecordingMatchesTheLiveTestsGoldenFile(TerminalDriver todo, @TempDir Path dir) throws Exception {
        assertThat(todo.getByText("Todo: 3 items")).isVisible();
        todo.press(Key.ARROW_DOWN, Key.SPACE);
        assertThat(todo.getByText("[x] Tag v1.2")).isVisible();
        assertThat(todo.getByText("q quit")).isVisible();     // the redraw ends with the status bar: it is complete
        Path cast = dir.resolve("todo.cast");
        // tag::replay[]
        Files.writeString(cast, todo.recording());            // or a user's recording of a bug
        Replay recording = Replay.of(cast);                   // no program runs
        assertThat(recording.getByText("Tag v1.2")).hasStyle(Styles.strikethrough());
        recording.testName(TodoAppTest.class, "spaceTicksTheSelectedItem");
        assertThat(recording).matchesSnapshot();              // the live test's golden file
        // end::replay[]
    }
}
