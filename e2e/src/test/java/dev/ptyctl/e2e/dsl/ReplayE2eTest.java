package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Replay;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A live session's recording, replayed without the program, gives the same screen, locators and snapshots. */
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, cols = 50, rows = 8, timeoutSeconds = 20)
class ReplayE2eTest {

    @Test
    void aRecordingReplaysToTheLiveScreenAndMatchesItsGoldenFile(TerminalDriver todo, @TempDir Path dir) throws Exception {
        assertThat(todo.getByText("Todo: 3 items")).isVisible();
        todo.press(Key.ARROW_DOWN, Key.SPACE);
        assertThat(todo.getByText("Tag v1.2")).hasStyle(Styles.strikethrough());
        // Each redraw clears the screen and ends with the status bar: once it is back, the recording holds the whole
        // screen the toggle drew, not the rows above the one just struck through.
        assertThat(todo.getByText("q quit")).isVisible();
        Path cast = Files.writeString(dir.resolve("todo.cast"), todo.recording());

        Replay replay = Replay.of(cast);
        Assertions.assertThat(replay.screen().text()).contains("[x] Tag v1.2\n");
        assertThat(replay.getByStyle(Styles.inverse().strikethrough())).hasText("Tag v1.2");
        // The golden file the live test checks: a replay checks it again without running the program.
        replay.testName(SnapshotsE2eTest.class, "theScreenMatchesItsGoldenFileTextAndStyles");
        assertThat(replay).matchesSnapshot();
    }
}
