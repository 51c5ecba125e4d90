package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRpcServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetSelectionTest {
    private static final String STATUS = "{'running':true,'exitCode':null,'pid':99}";

    @TempDir
    Path dir;

    private FakeRpcServer tcpServer;
    private FakeRpcServer unixServer;
    private Path socket;

    @BeforeEach
    void start() throws IOException {
        tcpServer = FakeRpcServer.startTcp();
        socket = dir.resolve("term.sock");
        unixServer = FakeRpcServer.startUnix(socket);
    }

    @AfterEach
    void stop() throws IOException {
        tcpServer.close();
        unixServer.close();
    }

    @Test
    void socketFlagSelectsTheUnixSocket() {
        unixServer.reply(STATUS);

        assertThat(Cli.run("status", "--socket", socket.toString()).out()).startsWith("running pid=99");
        unixServer.takeRequest();
        assertExhausted();
    }

    @Test
    void portVariableSelectsTheTcpEndpoint() {
        tcpServer.reply(STATUS);

        Cli.Result result = Cli.run(Map.of("PTYCTL_PORT", Integer.toString(tcpServer.port())), "status");

        assertThat(result.exitCode()).isZero();
        tcpServer.takeRequest();
        assertExhausted();
    }

    @Test
    void socketVariableSelectsTheUnixSocket() {
        unixServer.reply(STATUS);

        Cli.Result result = Cli.run(Map.of("PTYCTL_SOCKET", socket.toString()), "status");

        assertThat(result.exitCode()).isZero();
        unixServer.takeRequest();
        assertExhausted();
    }

    @Test
    void rpcVariableSelectsHostAndPort() {
        tcpServer.reply(STATUS);

        Cli.Result result = Cli.run(Map.of("PTYCTL_RPC", "127.0.0.1:" + tcpServer.port()), "status");

        assertThat(result.exitCode()).isZero();
        tcpServer.takeRequest();
        assertExhausted();
    }

    @Test
    void flagsBeatTheEnvironment() {
        unixServer.reply(STATUS);
        tcpServer.reply(STATUS);
        Map<String, String> env = Map.of("PTYCTL_PORT", Integer.toString(tcpServer.port()));

        assertThat(Cli.run(env, "status", "--socket", socket.toString()).exitCode()).isZero();
        assertThat(Cli.run(Map.of("PTYCTL_SOCKET", socket.toString()), "status",
                "--port", Integer.toString(tcpServer.port())).exitCode()).isZero();

        unixServer.takeRequest();
        tcpServer.takeRequest();
        assertExhausted();
    }

    @Test
    void portAndSocketVariablesBeatTheRpcVariable() {
        unixServer.reply(STATUS);

        Cli.Result result = Cli.run(Map.of("PTYCTL_SOCKET", socket.toString(), "PTYCTL_RPC", "127.0.0.1:1"), "status");

        assertThat(result.exitCode()).isZero();
        unixServer.takeRequest();
        assertExhausted();
    }

    @Test
    void portAndSocketTogetherIsAUsageError() {
        Cli.Result result = Cli.run("status", "--port", Integer.toString(tcpServer.port()), "--socket", socket.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --port and --socket cannot be used together");
        assertExhausted();
    }

    @Test
    void bothVariablesSetIsAUsageError() {
        Cli.Result result = Cli.run(Map.of("PTYCTL_SOCKET", socket.toString(), "PTYCTL_PORT", "5174"), "status");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("PTYCTL_PORT and PTYCTL_SOCKET are both set");
        assertExhausted();
    }

    @Test
    void noTargetAtAllIsAUsageErrorNamingTheWays() {
        Cli.Result result = Cli.run("read");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--port N", "--socket PATH", "PTYCTL_PORT", "PTYCTL_SOCKET", "PTYCTL_RPC");
    }

    @Test
    void badPortValuesAreUsageErrorsNamingTheirSource() {
        assertThat(Cli.run("read", "--port", "70000").err()).contains("--port must be a port number from 1 to 65535");
        assertThat(Cli.run("read", "--port", "abc").exitCode()).isEqualTo(2);
        assertThat(Cli.run(Map.of("PTYCTL_PORT", "abc"), "read").err()).contains("PTYCTL_PORT must be a port number");
        assertThat(Cli.run(Map.of("PTYCTL_RPC", "nohost"), "read").err()).contains("PTYCTL_RPC must be host:port");
    }

    /**
     * {@code --terminal "$id"} with the variable unset, and a CA file that is not there: mistakes on the command line
     * (exit 2, the message alone), which were reported as bugs (exit 70 and a stack trace).
     */
    @Test
    void anEmptyTerminalIdAndAnUnreadableCaFileAreUsageErrorsOnBothPaths() {
        String missing = dir.resolve("missing-ca.pem").toString();
        String noId = "ptyctl: --terminal needs a terminal id ('ptyctl ls' lists them), got an empty one\n";
        String noCa = "ptyctl: --cacert " + missing + " cannot be read";
        Map<List<String>, String> said = Map.of(List.of("read", "--terminal", ""), noId,
                List.of("read", "--terminal=", "--bottom", "1"), noId,
                List.of("read", "--terminal", "t1", "--cacert", missing), noCa,
                List.of("read", "--terminal", "t1", "--cacert=" + missing), noCa);
        said.forEach((args, message) -> {
            Cli.Result result = Cli.runThroughEntryPoint(args.toArray(String[]::new));

            assertThat(result.exitCode()).as("%s", args).isEqualTo(2);
            assertThat(result.err()).as("%s", args).startsWith(message).doesNotContain("Exception", "\tat ");
        });
    }

    /**
     * A CA file that can be read only once, as {@code --cacert <(vault read ...)} gives it (bash's process
     * substitution: a pipe, empty on a second read): each command reads it once, on the fast path and through
     * picocli, with {@code --terminal} and for the server's commands, and gets as far as connecting (nothing listens:
     * exit 3). Before, the fast path read it twice with {@code --terminal} (the check of the options, then the
     * connection): exit 2, "--cacert /dev/fd/63 holds no PEM certificate".
     */
    @Test
    void aCaFileThatCanBeReadOnlyOnceIsEnough() throws Exception {
        Path pem = dev.ptyctl.testsupport.TestCertificate.create(dir).certificate();
        for (String args : List.of("read --terminal t1", "read --terminal=t1", "ls")) {
            String line = Stream.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName()).map(word -> "'" + word + "'").collect(Collectors.joining(" "))
                    + " " + args + " --url https://127.0.0.1:1 --cacert <(cat '" + pem + "')";
            Process bash = new ProcessBuilder("bash", "-c", line).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String err = new String(bash.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(bash.waitFor(120, TimeUnit.SECONDS)).as(args).isTrue();

            assertThat(bash.exitValue()).as("%s: %s", args, err).isEqualTo(3);
            assertThat(err).as(args).doesNotContain("--cacert");
        }
    }

    private void assertExhausted() {
        tcpServer.assertExhausted();
        unixServer.assertExhausted();
    }
}
