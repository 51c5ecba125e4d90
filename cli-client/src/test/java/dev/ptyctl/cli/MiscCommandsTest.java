package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** mcp (not yet), completion, and --help on every command. */
class MiscCommandsTest {

    @Test
    void mcpSaysItIsNotImplementedAndExitsTwo() {
        Cli.Result result = Cli.run("mcp");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).startsWith("ptyctl: mcp is not implemented yet");
        assertThat(Cli.run("mcp", "--help").out()).contains("NOT IMPLEMENTED YET");
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
        assertThat(commands).contains("new", "ls", "rm", "screen", "mcp", "completion");
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
