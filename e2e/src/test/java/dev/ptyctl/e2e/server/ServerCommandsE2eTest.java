package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's commands ({@code new}, {@code ls}, {@code rm}, {@code screen}) and {@code read} as a script uses them
 * against a real server (in the e2e remote mode through its HTTP(S) port alone).
 */
class ServerCommandsE2eTest {
    private static final String TOKEN = "e2e-server-commands-token";

    @Test
    void readAndScreenJoinedGiveALineThatWrappedWhole() throws Exception {
        String line = "0123456789abcdefghij".repeat(3) + "END";
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            var created = Ptyctl.run(env, "new", "--cols", "20", "--", "sh", "-c", "echo " + line + "; echo after; "
                    + "read x");
            created.assertExit(0);
            String id = created.stdout().strip();
            Ptyctl.run(env, "wait", "--terminal", id, "--match", "after").assertExit(0);

            assertThat(Ptyctl.run(env, "read", "--terminal", id).stdout())
                    .isEqualTo("0123456789abcdefghij\n".repeat(3) + "END\nafter\n");
            assertThat(Ptyctl.run(env, "read", "--terminal", id, "--joined").stdout()).isEqualTo(line + "\nafter\n");
            assertThat(Ptyctl.run(env, "read", "--terminal", id, "--joined", "--top", "1").stdout())
                    .as("--top counts joined lines").isEqualTo(line + "\n");
            assertThat(Ptyctl.run(env, "screen", id, "--joined").stdout()).isEqualTo(line + "\nafter\n");
            Ptyctl.run(env, "rm", id).assertExit(0);
        }
    }

    @Test
    void rmOfATerminalWhoseProgramHasExitedRemovesItWithALiveOneAndAnUnknownIdExitsFour() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            var created = Ptyctl.run(env, "new", "--", "sh", "-c", "exit 3");
            created.assertExit(0);
            String id = created.stdout().strip();
            // a wait ends as soon as the program has exited, unmatched
            var waited = Ptyctl.run(env, "wait", "--terminal", id, "--match", "never printed", "--timeout", "60000");
            assertThat(waited.stderr()).as(waited.toString()).contains("the program exited with 3");
            assertThat(waited.exitCode()).as("the program ended first").isEqualTo(5);
            assertThat(Ptyctl.run(env, "ls").stdout()).as("an exited terminal stays listed").contains(id)
                    .contains("exited 3");

            var live = Ptyctl.run(env, "new", "--", "cat");
            live.assertExit(0);
            String liveId = live.stdout().strip();

            var removed = Ptyctl.run(env, "rm", id, liveId);
            removed.assertExit(0);
            assertThat(removed.stderr()).isEmpty();
            assertThat(Ptyctl.run(env, "ls", "-q").stdout()).doesNotContain(id).doesNotContain(liveId);

            var again = Ptyctl.run(env, "rm", id);
            assertThat(again.exitCode()).as(again.toString()).isEqualTo(4);
            assertThat(again.stderr()).isEqualTo("ptyctl: no terminal with id " + id
                    + " on the server ('ptyctl ls' lists them)\n");
        }
    }
}
