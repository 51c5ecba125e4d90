package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mcp's usage errors, completion, and --help on every command. */
class MiscCommandsTest {

    @Test
    void mcpRefusesAnUnknownToolSetAndOptionsThatDoNotApplyToAServerAtUrl() {
        Cli.Result bogus = Cli.run("mcp", "--tools", "some");
        assertThat(bogus.exitCode()).isEqualTo(2);
        assertThat(bogus.out()).isEmpty();
        assertThat(bogus.err()).contains("--tools must be readonly, interactive or all, got some");

        Cli.Result remote = Cli.run("mcp", "--url", "http://127.0.0.1:1", "--tools", "readonly");
        assertThat(remote.exitCode()).isEqualTo(2);
        assertThat(remote.err()).contains("--tools applies to the embedded server only");
        assertThat(Cli.run("mcp", "--help").out()).contains("MCP").contains("claude mcp add ptyctl");
    }

    @Test
    void mcpTakesACaCertificateOnlyWithAUrlAndSaysWhichFileIsBad(@TempDir Path dir) throws Exception {
        Path notPem = Files.writeString(dir.resolve("ca.pem"), "not a certificate");

        Cli.Result embedded = Cli.run("mcp", "--cacert", notPem.toString());
        assertThat(embedded.exitCode()).isEqualTo(2);
        assertThat(embedded.err()).contains("--cacert goes with --url");
        Cli.Result bad = Cli.run("mcp", "--url", "https://127.0.0.1:1", "--cacert", notPem.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--cacert " + notPem).doesNotContain("Exception");
    }

    @Test
    void attachWithoutATerminalSaysSoAndExitsTwo() {
        Cli.Result result = Cli.run("attach", "4f1c2a9be07d5e31", "--url", "http://127.0.0.1:1");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: attach needs an interactive terminal");
    }

    @Test
    void attachWithABadDetachChordIsAUsageError() {
        Cli.Result result = Cli.run("attach", "t1", "--detach-keys", "x");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --detach-keys must be PREFIX,KEY");
    }

    @Test
    void completionAlsoRegistersThePathTheLauncherWasRunBy() {
        System.setProperty(CompletionCommand.INVOKED_AS_PROPERTY, "./ptyctl");
        try {
            List<String> lines = Cli.run("completion").out().lines().toList();
            assertThat(lines.getLast()).isEqualTo("complete -F _complete_ptyctl -o default ./ptyctl");
            assertThat(lines).contains("complete -F _complete_ptyctl -o default ptyctl ptyctl.sh ptyctl.bash");
        } finally {
            System.clearProperty(CompletionCommand.INVOKED_AS_PROPERTY);
        }
    }

    @Test
    void completionPrintsABashScriptThatKnowsEveryCommandAndOption() {
        Cli.Result result = Cli.run("completion");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("complete -F", "_picocli_ptyctl", "bashcompinit")
                .contains("new", "ls", "rm", "screen", "--terminal", "--url", "--vt");
    }

    @Test
    void everyCommandPrintsHelpAndExitsZero() {
        List<String> commands = Main.newCommandLine(name -> null).getSubcommands().keySet().stream()
                .filter(name -> !name.equals("help")).toList();
        assertThat(commands).contains("new", "ls", "rm", "screen", "attach", "mcp", "completion");
        for (String command : commands) {
            Cli.Result result = Cli.run(command, "--help");
            assertThat(result.exitCode()).as(command).isZero();
            assertThat(result.out()).as(command).startsWith("Usage: ptyctl " + command);
        }
    }

    @Test
    void theRootHelpListsTheServerCommandsAndTheTargetWays() {
        assertThat(Cli.run("--help").out()).contains("--terminal ID", "PTYCTL_URL", "new", "screen", "completion");
    }
}
