package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

/**
 * A snapshot test as a user writes it: {@link SnapshotsE2eTest} runs it with {@code ptyctl.updateSnapshots=true}
 * against an outdated golden file and checks the file is rewritten.
 */
@WithTerminal(command = {"bash", "src/test/resources/programs/todo.sh"}, cols = 50, rows = 8, timeoutSeconds = 20)
class SnapshotUpdateExample {

    @Test
    void theListAsItStarts(TerminalDriver todo) {
        // The status bar is what todo.sh draws last: at its title alone, a snapshot written under load (updating) held
        // the title and no items, and the next run's full list never matched it (CI-AD).
        assertThat(todo.getByText("q quit")).isVisible();
        assertThat(todo).matchesSnapshot("rewritten");
    }
}
