package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
    void mcpTakesPtyctlCacertAsTheOtherCommandsDo(@TempDir Path dir) throws Exception {
        // Exported for remote servers, the variable made the embedded mode exit 2 ("--cacert goes with --url"); an
        // empty one was read as the file "" ("--cacert  is not a PEM certificate file: ... Is a directory").
        Ended embedded = mcp(Map.of("PTYCTL_CACERT", dir.resolve("remote-ca.pem").toString()));
        assertThat(embedded.exitCode()).as(embedded.err()).isZero();
        Ended empty = mcp(Map.of("PTYCTL_CACERT", ""), "--url", "https://127.0.0.1:1");
        assertThat(empty.exitCode()).as(empty.err()).isZero();
        assertThat(empty.err()).doesNotContain("--cacert");
    }

    private record Ended(int exitCode, String err) {
    }

    /** {@code ptyctl mcp ARGS} as its own process with {@code env} added and stdin closed at once. */
    private static Ended mcp(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "mcp"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("ptyctl mcp ended with its stdin").isTrue();
        return new Ended(process.exitValue(), err);
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

    /**
     * fish, which runs no bash completion: {@code ptyctl completion fish | source}, then what fish itself offers at a
     * TAB ({@code complete -C}): commands with their summaries, a command's options, files where a path goes, and the
     * server's terminal ids (here a stand-in {@code ptyctl ls}) where a terminal is named.
     */
    @Test
    void completionForFishCompletesCommandsOptionsFilesAndTerminalIds(@TempDir Path dir) throws Exception {
        Cli.Result result = Cli.run("completion", "fish");
        assertThat(result.exitCode()).as(result.err()).isZero();
        Path script = Files.writeString(dir.resolve("ptyctl.fish"), result.out());
        Files.writeString(dir.resolve("capture.bin"), "x");
        String standIn = "function ptyctl; test \"$argv[1]\" = ls; and printf 't1\\tvim notes.txt\\n'; end; ";

        assertThat(fish(dir, standIn + "source " + script + "; complete -C 'ptyctl re'"))
                .anySatisfy(line -> assertThat(line).startsWith("read\tPrint the terminal's screen"))
                .anySatisfy(line -> assertThat(line).startsWith("render\t"))
                .noneSatisfy(line -> assertThat(line).startsWith("rm"));
        assertThat(fish(dir, "source " + script + "; complete -C 'ptyctl read --bo'"))
                .singleElement().asString().startsWith("--bottom\t");
        assertThat(fish(dir, "source " + script + "; complete -C 'ptyctl render '")).contains("capture.bin");
        assertThat(fish(dir, "source " + script + "; complete -C 'ptyctl follow --'")).as("one line each")
                .allSatisfy(line -> assertThat(line).startsWith("--").contains("\t"));
        assertThat(fish(dir, standIn + "source " + script + "; complete -C 'ptyctl attach '"))
                .contains("t1\tvim notes.txt");
        assertThat(fish(dir, standIn + "source " + script + "; complete -C 'ptyctl write --terminal '"))
                .contains("t1\tvim notes.txt");
        assertThat(fish(dir, "source " + script + "; complete -C 'ptyctl completion '")).as("as bash's offers them")
                .containsExactlyInAnyOrder("bash", "zsh", "fish");
        assertThat(Cli.run("completion", "tcsh").err()).startsWith("ptyctl: completion is for bash, zsh or fish");
    }

    /** {@code ptyctl completion <TAB>} offers the shells in bash (and zsh) as in fish. */
    @Test
    void completionOffersTheShellsItHasAScriptFor() {
        assertThat(Cli.run("completion").out()).contains("SHELL_pos_param_args=(\"bash\" \"zsh\" \"fish\")");
    }

    /** What fish prints for {@code commands}, run in {@code dir} without the user's configuration. */
    private static List<String> fish(Path dir, String commands) throws Exception {
        Process fish = new ProcessBuilder("fish", "--no-config", "-c", commands).directory(dir.toFile())
                .redirectErrorStream(true).start();
        String out = new String(fish.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(fish.waitFor(60, TimeUnit.SECONDS)).as("fish ended").isTrue();
        assertThat(fish.exitValue()).as(out).isZero();
        return out.lines().toList();
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
