package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command log reads the shell-integration marks of a raw output stream, without a server. */
class CommandLogTest {
    private static final int COLS = 80;

    private final CommandLog log = new CommandLog();
    private long clock;

    private void feed(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        log.feed(bytes, 0, bytes.length, clock += 1_000_000);
    }

    private static String osc(String payload) {
        return "\u001b]" + payload + "\u0007";
    }

    @Test
    void aCommandHasItsLineOutputExitCodeAndCwd() {
        feed(osc("7;file://host/tmp/work") + osc("133;A") + "$ " + osc("133;B"));
        feed("false\r\n" + osc("633;E;false") + osc("133;C"));
        feed("oops\r\n" + osc("133;D;1") + osc("133;A") + "$ " + osc("133;B"));

        List<Command> commands = log.commands(COLS);
        assertThat(commands).hasSize(1);
        Command command = commands.getFirst();
        assertThat(command.line()).isEqualTo("false");
        assertThat(command.exitCode()).isEqualTo(1);
        assertThat(command.cwd()).isEqualTo("/tmp/work");
        assertThat(command.output()).isEqualTo("oops\n");
        assertThat(command.running()).isFalse();
    }

    @Test
    void eachCommandOfAMultiLineInputIsKeptThoughOnlyTheLastGetsAnExitCode() {
        // bash runs the commands of one pasted multi-line input one after another: a C for each, one D after the last
        feed(osc("133;A") + "$ " + osc("133;B") + "echo one\r\necho two\r\n");
        feed(osc("633;E;echo one") + osc("133;C") + "one\r\n");
        feed(osc("633;E;echo two") + osc("133;C") + "two\r\n");
        feed(osc("133;D;0") + osc("133;A") + "$ " + osc("133;B"));

        List<Command> commands = log.commands(COLS);
        assertThat(commands).extracting(Command::line).containsExactly("echo one", "echo two");
        assertThat(commands).extracting(Command::output).containsExactly("one\n", "two\n");
        assertThat(commands).extracting(Command::exitCode).containsExactly(Command.UNKNOWN_EXIT_CODE, 0);
    }
}
