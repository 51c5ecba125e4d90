package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExitCodesTest {

    @Test
    void serverErrorExitsFourWithMessageAndCode() throws IOException {
        try (FakeRpcServer server = FakeRpcServer.startTcp()) {
            server.replyError(-32000, "the process has exited");

            Cli.Result result = Cli.run("write", "--port", Integer.toString(server.port()), "--key", "Enter");

            assertThat(result.exitCode()).isEqualTo(4);
            assertThat(result.err()).isEqualTo("ptyctl: the process has exited (code -32000)"
                    + System.lineSeparator());
            assertThat(result.out()).isEmpty();
            server.takeRequest();
            server.assertExhausted();
        }
    }

    @Test
    void aUrlThatIsNoPtyctlServerIsNamedOnOneLine() throws IOException {
        try (FakeWebSocketServer notPtyctl = FakeWebSocketServer.start()) {
            notPtyctl.refuseNext(404, "<!DOCTYPE HTML>\n<html lang=\"en\">\n    <body>\n        <h1>Error response</h1>\n"
                    + "    </body>\n</html>\n");
            String authority = notPtyctl.url().getRawAuthority();

            Cli.Result result = Cli.run(Map.of("PTYCTL_URL", notPtyctl.url().toString()), "read", "--terminal", "t1");

            assertThat(result.exitCode()).isEqualTo(4);
            assertThat(result.err()).isEqualTo("ptyctl: ws://" + authority + "/v1/terminals/t1/rpc answered 404: "
                    + "<!DOCTYPE HTML> <html lang=\"en\"> <body> <h1>Error response</h1> </body> </html> (HTTP 404)"
                    + System.lineSeparator());
            assertThat(result.out()).isEmpty();
        }
    }

    @Test
    void refusedConnectionExitsThreeNamingTheAddress() throws IOException {
        int port;
        try (ServerSocketChannel closed = ServerSocketChannel.open()) {
            closed.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = ((InetSocketAddress) closed.getLocalAddress()).getPort();
        }

        Cli.Result result = Cli.run("read", "--port", Integer.toString(port));

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.err()).startsWith("ptyctl: connection refused: is `ptyctl serve` (or a terminal of "
                + "`ptyctl server`) listening on 127.0.0.1:" + port + "?").doesNotContain("Exception", "\tat ");
    }

    @Test
    void anAddressWithoutARouteIsNotCalledARefusal() {
        // What the JDK's HTTP client throws when the kernel has no route to the address (a test cannot count on a
        // network layout that has none): a ConnectException, which was taken for a refusal of a server not running.
        URI uri = URI.create("https://198.51.100.7:8765/v1/terminals");
        StringWriter err = new StringWriter();

        int code = Failures.report(new RestConnectionException(uri, "cannot connect to " + uri
                + ": Network is unreachable", new ConnectException("Network is unreachable")),
                new PrintWriter(err));

        assertThat(code).isEqualTo(3);
        assertThat(err.toString()).isEqualTo("ptyctl: cannot connect to " + uri + ": Network is unreachable"
                + System.lineSeparator());
    }

    @Test
    void missingSocketExitsThreeNamingThePath(@TempDir Path dir) {
        Path missing = dir.resolve("gone.sock");

        Cli.Result result = Cli.run("status", "--socket", missing.toString());

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.err()).contains("ptyctl: connection refused: is `ptyctl serve`", " listening on " + missing
                + "?").doesNotContain("Exception");
    }

    @Test
    void anUnauthorizedAnswerSaysHowToPassTheToken() throws IOException {
        try (FakeRpcServer server = FakeRpcServer.startTcp()) {
            server.replyError(-32001, "Unauthorized");

            Cli.Result result = Cli.run("status", "--port", Integer.toString(server.port()));

            assertThat(result.exitCode()).isEqualTo(4);
            assertThat(result.err()).isEqualTo("ptyctl: Unauthorized (code -32001); pass the server's token with "
                    + "--token T or the PTYCTL_TOKEN variable" + System.lineSeparator());
        }
    }

    @Test
    void connectionClosedWithoutReplyExitsThree() throws IOException {
        try (FakeRpcServer server = FakeRpcServer.startTcp()) {
            server.closeWithoutReply();

            Cli.Result result = Cli.run("status", "--port", Integer.toString(server.port()));

            assertThat(result.exitCode()).isEqualTo(3);
            assertThat(result.err()).contains("connection closed by 127.0.0.1:" + server.port());
            server.takeRequest();
            server.assertExhausted();
        }
    }

    @Test
    void unknownOptionExitsTwoWithAHintAndNoStackTrace() {
        Cli.Result result = Cli.run("read", "--bogus");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("ptyctl: Unknown option: '--bogus'", "Try 'ptyctl read --help'")
                .doesNotContain("\tat ");
    }

    @Test
    void missingSubcommandExitsTwo() {
        Cli.Result result = Cli.run();

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Missing required subcommand");
    }

    @Test
    void mistypedSubcommandSuggestsTheRightOne() {
        Cli.Result result = Cli.run("staus");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("status");
    }

    @Test
    void anUnknownCommandIsNamedWithTheNearestOne() {
        Cli.Result swapped = Cli.run("raed", "--port", "5174");
        Cli.Result unknown = Cli.run("foo");

        assertThat(swapped.exitCode()).isEqualTo(2);
        assertThat(swapped.err()).isEqualTo("ptyctl: unknown command 'raed'; did you mean 'read'?\n"
                + "Try 'ptyctl --help' for more information.\n");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("ptyctl: unknown command 'foo'\nTry 'ptyctl --help' for more information.\n");
    }

    @Test
    void aMistypedOptionIsAnsweredWithTheNearestOptionOnly() {
        Cli.Result swapped = Cli.run("read", "--prot", "5174");
        Cli.Result unlike = Cli.run("read", "--bogus");

        assertThat(swapped.exitCode()).isEqualTo(2);
        assertThat(swapped.err()).contains("ptyctl: did you mean --port?\n");
        assertThat(unlike.err()).as("no option is near --bogus").doesNotContain("--bottom");
    }

    @Test
    void helpOnEveryCommandExitsZeroOnStdout() {
        for (String command : new String[] {"serve", "read", "write", "wait", "status", "resize", "kill"}) {
            Cli.Result result = Cli.run(command, "--help");

            assertThat(result.exitCode()).as(command).isZero();
            assertThat(result.out()).as(command).startsWith("Usage: ptyctl " + command);
        }
        assertThat(Cli.run("--help").out()).contains("Exit codes:", "serve", "read", "write", "wait");
    }

    @Test
    void theRootHelpListsEveryExitCode() throws IllegalAccessException {
        String help = Cli.run("--help").out();

        for (Field code : ExitCode.class.getFields()) {
            assertThat(help).as(code.getName()).containsPattern("(?m)^  " + code.getInt(null) + " +\\S");
        }
    }

    @Test
    void versionNamesTheProgramAndTheBuildsVersion() {
        Cli.Result result = Cli.run("--version");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).isEqualTo("ptyctl " + System.getProperty("build.version"));
    }

    @Test
    void aPortGivenToAServerCommandPointsToUrl() {
        Cli.Result result = Cli.run("ls", "--port", "9000");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--url http://127.0.0.1:PORT (or env PTYCTL_URL)");
        assertThat(Cli.run("write", "--porrt", "9000").err()).doesNotContain("--url http");
    }
}
