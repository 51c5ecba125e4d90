package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's commands ({@code new}, {@code ls}, {@code rm}) as a script uses them against a real server (in the
 * e2e remote mode through its HTTP(S) port alone).
 */
class ServerCommandsE2eTest {
    private static final String TOKEN = "e2e-server-commands-token";

    @Test
    void rmOfATerminalWhoseProgramHasExitedRemovesItAndAnUnknownIdExitsFour() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            var created = Ptyctl.run(env, "new", "--", "sh", "-c", "exit 3");
            created.assertExit(0);
            String id = created.stdout().strip();
            // a wait ends as soon as the program has exited, unmatched
            var waited = Ptyctl.run(env, "wait", "--terminal", id, "--match", "never printed", "--timeout", "60000");
            assertThat(waited.stderr()).as(waited.toString()).contains("the program has exited");
            assertThat(Ptyctl.run(env, "ls").stdout()).as("an exited terminal stays listed").contains(id)
                    .contains("exited 3");

            var removed = Ptyctl.run(env, "rm", id);
            removed.assertExit(0);
            assertThat(removed.stderr()).isEmpty();
            assertThat(Ptyctl.run(env, "ls", "-q").stdout()).doesNotContain(id);

            var again = Ptyctl.run(env, "rm", id);
            assertThat(again.exitCode()).as(again.toString()).isEqualTo(4);
            assertThat(again.stderr()).isEqualTo("ptyctl: no terminal with id " + id
                    + " on the server ('ptyctl ls' lists them)\n");
        }
    }
}
