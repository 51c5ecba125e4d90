package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The checks {@code serve} makes before starting anything (SPEC §7); none of these start a server. */
class ServeCommandTest {

    @Test
    void portAndSocketTogetherExitTwo() {
        Cli.Result result = Cli.run("serve", "--cmd", "bash", "--port", "5174", "--socket", "/tmp/x.sock");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --port and --socket cannot be used together");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aProgramThatIsNotFoundExitsTwoNamingIt(@TempDir Path dir) {
        Cli.Result result = Cli.run("serve", "--cmd", "no-such-program-ptyctl --flag", "--socket",
                dir.resolve("s.sock").toString());

        assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("ptyctl: cannot serve \"no-such-program-ptyctl --flag\": command not found: "
                + "no-such-program-ptyctl" + System.lineSeparator());
        assertThat(result.out()).isEmpty();
    }

    @Test
    void neitherPortNorSocketExitsTwo() {
        Cli.Result result = Cli.run("serve", "--cmd", "bash");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: give --port N or --socket PATH");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "65536", "-1", "99999"})
    void portOutsideTheRangeExitsTwo(String port) {
        Cli.Result result = Cli.run("serve", "--cmd", "bash", "--port", port);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--port must be a port number from 1 to 65535, got " + port);
    }

    @Test
    void portThatIsNotANumberExitsTwo() {
        Cli.Result result = Cli.run("serve", "--cmd", "bash", "--port", "http");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --port must be a whole number, got 'http'\n");
    }

    /**
     * A value that is not a number is named in the CLI's own words, the option's or operand's name first, not Java's
     * ("'abc' is not a long").
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "wait --port 1 --timeout abc|--timeout must be a whole number, got 'abc'",
        "wait --port 1 --timeout 1e3|--timeout must be a whole number, got '1e3'",
        "read --port 1 --top 99999999999|--top is too large, got '99999999999'",
        "wait --port 1 --since -99999999999999999999|--since is too small, got '-99999999999999999999'",
        "resize --port 1 wide 40|COLS must be a whole number, got 'wide'",
        "new --cols 12.5|--cols must be a whole number, got '12.5'",
    })
    void aValueThatIsNotANumberIsNamedInPlainWords(String line, String expected) {
        Cli.Result result = Cli.run(line.split(" "));

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: " + expected + "\n").doesNotContain("long", " int");
    }

    @Test
    void missingCommandExitsTwo() {
        Cli.Result result = Cli.run("serve", "--port", "5174");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--cmd");
    }
}
