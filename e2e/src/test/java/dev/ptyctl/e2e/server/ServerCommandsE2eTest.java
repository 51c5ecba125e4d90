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
            String id = Ptyctl.newTerminal(env, "--cols", "20", "--", "sh", "-c", "echo " + line + "; echo after; "
                    + "read x");
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

    /**
     * {@code ls} in a terminal 90 columns wide (a real PTY: the server's own) cuts COMMAND to fit, each line within the
     * width (the fixed columns take 65 here); piped, the same table has every value whole.
     */
    @Test
    void lsOnATerminalFitsItsWidthAndPipedPrintsValuesWhole() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            String ls = env.entrySet().stream().map(e -> e.getKey() + "=" + quoted(e.getValue()))
                    .collect(java.util.stream.Collectors.joining(" ", "env ", " "))
                    + Ptyctl.command("ls").stream().map(ServerCommandsE2eTest::quoted)
                    .collect(java.util.stream.Collectors.joining(" "));
            String script = ls + "; echo ls-done; read x # a command line far wider than the terminal";
            String id = Ptyctl.newTerminal(env, "--cols", "90", "--rows", "20", "--", "sh", "-c", script);
            Ptyctl.run(env, "wait", "--terminal", id, "--match", "ls-done", "--timeout", "60000").assertExit(0);

            java.util.List<String> rows = Ptyctl.run(env, "read", "--terminal", id).stdout().lines().toList();
            assertThat(rows).as("ls in 90 columns").allSatisfy(row -> assertThat(row.length()).isLessThanOrEqualTo(90));
            assertThat(rows).filteredOn(row -> row.startsWith(id)).singleElement().asString()
                    .contains("  sh -c 'env ").endsWith("\u2026");
            assertThat(Ptyctl.run(env, "ls").stdout()).as("piped").contains("# a command line far wider than the "
                    + "terminal");
            Ptyctl.run(env, "rm", id).assertExit(0);
        }
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    @Test
    void rmOfATerminalWhoseProgramHasExitedRemovesItWithALiveOneAndAnUnknownIdExitsFour() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            String id = Ptyctl.newTerminal(env, "--", "sh", "-c", "exit 3");
            // a wait ends as soon as the program has exited, unmatched
            var waited = Ptyctl.run(env, "wait", "--terminal", id, "--match", "never printed", "--timeout", "60000");
            assertThat(waited.stderr()).as(waited.toString()).contains("the program exited with 3");
            assertThat(waited.exitCode()).as("the program ended first").isEqualTo(5);
            assertThat(Ptyctl.run(env, "ls").stdout()).as("an exited terminal stays listed").contains(id)
                    .contains("exited 3");

            String liveId = Ptyctl.newTerminal(env, "--", "cat");

            var removed = Ptyctl.run(env, "rm", id, liveId);
            removed.assertExit(0);
            assertThat(removed.stderr()).isEmpty();
            assertThat(Ptyctl.run(env, "ls", "-q").stdout()).doesNotContain(id).doesNotContain(liveId);

            var again = Ptyctl.run(env, "rm", id);
            assertThat(again.exitCode()).as(again.toString()).isEqualTo(4);
            assertThat(again.stderr()).isEqualTo("ptyctl: no terminal with id or session " + id
                    + " on the server ('ptyctl ls' lists them)\n");
        }
    }

    /**
     * {@code new --session NAME -- CMD} for a session that still has a live terminal gets that terminal (the server's
     * rule), and stderr says the program asked for is not the one running: a script's {@code new --session build --
     * make} would otherwise take an old {@code cat} for its make. Asked for the session alone, nothing is said.
     */
    @Test
    void newForASessionWithALiveTerminalSaysTheProgramGivenWasNotStarted() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            Map<String, String> env = server.cliEnvironment();
            String id = Ptyctl.newTerminal(env, "--session", "build", "--", "cat");

            var again = Ptyctl.run(env, "new", "--session", "build", "--cwd", "/tmp", "--", "make", "test");
            again.assertExit(0);
            assertThat(again.stdout().strip()).isEqualTo(id);
            assertThat(again.stderr()).startsWith("ptyctl: session build already has a live terminal, " + id + " (")
                    .endsWith("), printed as it is: the program and options given were not applied ('ptyctl rm "
                            + "--session build' ends it; then 'ptyctl new' starts a new one)\n");
            var plain = Ptyctl.run(env, "new", "--session", "build");
            plain.assertExit(0);
            assertThat(plain.stdout().strip()).isEqualTo(id);
            assertThat(plain.stderr()).as("the session's terminal, as asked").isEmpty();
            Ptyctl.run(env, "rm", "--session", "build").assertExit(0);
        }
    }
}
