package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ptyctl.e2e.server.RemoteServer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code ptyctl} command line as a shell script uses it: real processes, real exit codes. Runs in the e2e remote
 * mode too, against a terminal of a server reached through its HTTP(S) port alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliE2eTest {
    private ServedTerminal served;

    @BeforeAll
    void startServe() throws Exception {
        served = ServedTerminal.tcp(JsonRpcE2eTest.BASH);
        served.cli("wait", "--match", "$\n", "--timeout", "20000").assertExit(0);
    }

    @Test
    void inRemoteModeTheServersEventLogFollowsTheTerminalsAndNeverShowsTheToken() {
        assumeTrue(RemoteServer.active(), "remote mode only");
        String log = RemoteServer.get().log();
        assertThat(log).contains("terminal.created").doesNotContain(RemoteServer.get().token());
    }

    @Test
    void serveSaysWhereItListens() {
        ServedTerminal.assumeLocal("about ptyctl serve's own output");
        assertThat(served.firstLine()).contains(String.valueOf(served.port()));
    }

    @AfterAll
    void stopServe() throws Exception {
        served.close();
    }

    @Test
    void theReadmeWalkthroughShowsWhatBashShows() throws Exception {
        var write = served.cli("write", "--text", "echo hi", "--key", "Enter");
        assertThat(write.exitCode()).as(write.toString()).isZero();
        var wait = served.cli("wait", "--match", "hi");
        assertThat(wait.exitCode()).as(wait.toString()).isZero();
        var read = served.cli("read", "--bottom", "30");
        assertThat(read.exitCode()).as(read.toString()).isZero();
        assertThat(read.stdout()).contains("$ echo hi\nhi\n$\n");
    }

    @Test
    void writeAppliesTextsAndKeysInTheOrderGiven() throws Exception {
        var write = served.cli("write", "--text", "echo a", "--key", "Space", "--text", "b",
                "--key", "Enter");
        assertThat(write.exitCode()).as(write.toString()).isZero();
        served.cli("wait", "--match", "\na b\n").assertExit(0);
    }

    @Test
    void environmentSelectsTheTarget() throws Exception {
        var status = Ptyctl.run(served.selectingEnvironment(), "status");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).contains("running");
    }

    @Test
    void waitThatTimesOutExitsOne() throws Exception {
        var wait = served.cli("wait", "--match", "text that never appears", "--timeout", "200");
        assertThat(wait.exitCode()).as(wait.toString()).isEqualTo(1);
    }

    @Test
    void readScrollbackPrintsTheLinesThatScrolledOffTheScreen() throws Exception {
        served.cli("write", "--text", "seq 1001 1100", "--key", "Enter").assertExit(0);
        served.cli("wait", "--match", "1100\n$").assertExit(0);
        String all = IntStream.rangeClosed(1001, 1100).mapToObj(n -> n + "\n").collect(Collectors.joining());

        var screen = served.cli("read");
        var scrollback = served.cli("read", "--scrollback");
        var last = served.cli("read", "--scrollback", "--bottom", "3");

        assertThat(screen.stdout()).as(screen.toString()).doesNotContain("1001\n");
        assertThat(scrollback.exitCode()).as(scrollback.toString()).isZero();
        assertThat(scrollback.stdout()).contains("$ seq 1001 1100\n" + all + "$\n");
        assertThat(last.stdout()).as(last.toString()).isEqualTo("1099\n1100\n$\n");
    }

    @Test
    void readAsJsonPrintsTheRawResult() throws Exception {
        var read = served.cli("read", "--top", "1", "--json");
        assertThat(read.exitCode()).as(read.toString()).isZero();
        assertThat(read.stdout()).contains("\"screen\"").contains("\"cursor\"").contains("\"size\"");
    }

    @Test
    void unreachableServerExitsThreeNamingTheAddress() throws Exception {
        int closed = ServedTerminal.freePort();
        var status = Ptyctl.run("status", "--port", String.valueOf(closed));
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(3);
        assertThat(status.stderr()).contains(String.valueOf(closed)).doesNotContain("Exception");
    }

    @Test
    void refusedRequestExitsFourWithTheServersMessage() throws Exception {
        var resize = served.cli("resize", "100", "1001");
        assertThat(resize.exitCode()).as(resize.toString()).isIn(2, 4);
        assertThat(resize.stderr()).contains("1001").doesNotContain("Exception");
        // Refused by every server: serve keeps no output log, a full server (the remote runs) has none that far
        var since = served.cli("wait", "--since", "999999999999", "--match", "x", "--timeout", "100");
        assertThat(since.exitCode()).as(since.toString()).isEqualTo(4);
        assertThat(since.stderr()).contains("since").doesNotContain("Exception");
    }

    /** A mistyped key is the command line's mistake, found before anything is sent (since 5 Dec 2026; it was 4). */
    @Test
    void anUnknownKeyIsAUsageErrorNamingTheNearest() throws Exception {
        var key = served.cli("write", "--key", "Entr");
        assertThat(key.exitCode()).as(key.toString()).isEqualTo(2);
        assertThat(key.stderr()).contains("--key Entr is not a key name (did you mean \"Enter\"?)")
                .doesNotContain("Exception");
    }

    @ParameterizedTest(name = "serve {0}")
    @CsvSource(delimiter = '|', value = {
        "--cmd bash --port 5174 --socket /tmp/x.sock | --port",
        "--cmd bash                                  | --port",
        "--cmd bash --port 0                         | 0",
        "--cmd bash --port 65536                     | 65536",
        "--cmd bash --port many                      | many",
        "--port 5174                                 | --cmd"})
    void serveRefusesBadOptionsWithExitTwoAndAMessage(String args, String mentioned) throws Exception {
        var serve = Ptyctl.run(("serve " + args.trim()).split("\\s+"));
        assertThat(serve.exitCode()).as(serve.toString()).isEqualTo(2);
        assertThat(serve.stderr()).contains(mentioned).doesNotContain("Exception");
    }

    @Test
    void everyCommandHasHelp() throws Exception {
        for (String command : new String[] {"serve", "read", "write", "wait", "status", "resize", "kill"}) {
            var help = Ptyctl.run(command, "--help");
            assertThat(help.exitCode()).as(command + ": " + help).isZero();
            assertThat(help.stdout()).as(command).contains("Usage:").contains(command);
        }
    }
}
