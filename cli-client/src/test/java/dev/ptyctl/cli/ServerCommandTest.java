package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refusals {@code ptyctl server} makes before it listens (SPEC §7, §8); none of these start a server. */
class ServerCommandTest {

    @Test
    void helpNamesTheOptions() {
        Cli.Result result = Cli.run("server", "--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("--host=H", "--port=N", "--config=FILE", "SIGTERM");
    }

    @Test
    void aPortOutsideTheRangeExitsTwo() {
        Cli.Result result = Cli.run("server", "--port", "65536");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--port must be from 0 to 65535, got 65536");
    }

    @Test
    void aNonLoopbackHostWithoutATokenExitsTwoSayingATokenIsRequired() {
        Cli.Result result = Cli.run("server", "--host", "0.0.0.0", "--port", "0");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: refusing to listen on 0.0.0.0 without a token")
                .contains("a token is required");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void anInvalidSettingFromTheEnvironmentExitsTwoNamingTheKey() {
        Cli.Result result = Cli.run(Map.of("PTYCTL_TERMINALS_MAX_TERMINALS", "many"), "server", "--port", "0");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("ptyctl.terminals.maxTerminals must be an integer, got \"many\"");
    }

    @Test
    void aMissingConfigFileExitsTwo(@TempDir Path dir) {
        Cli.Result result = Cli.run("server", "--config", dir.resolve("none.yaml").toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("config file not found");
    }

    @Test
    void anInvalidConfigFileExitsTwo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("bad.yaml"), "ptyctl:\n  terminals:\n    rows: 0\n");
        Cli.Result result = Cli.run("server", "--port", "0", "--config", file.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("ptyctl.terminals.rows must be from 1 to 1000, got 0");
    }

    @Test
    void theTlsOptionsGoTogether(@TempDir Path dir) throws Exception {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "not used");
        Cli.Result result = Cli.run("server", "--port", "0", "--tls-cert", cert.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--tls-cert and --tls-key go together");
    }

    @Test
    void tlsFilesThatAreNoCertificateAndKeyExitTwoWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "not a certificate\n");
        Path key = Files.writeString(dir.resolve("key.pem"), "not a key\n");

        Cli.Result result = Cli.run("server", "--port", "0", "--tls-cert", cert.toString(), "--tls-key",
                key.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: cannot use the TLS certificate and key")
                .contains("give --tls-cert a PEM certificate").doesNotContain("\tat ");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aCaCertThatIsNoCertificateExitsTwoNamingTheFile(@TempDir Path dir) throws Exception {
        Path bogus = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\nnot base64\n");

        Cli.Result result = Cli.run("ls", "--url", "https://127.0.0.1:1", "--cacert", bogus.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--cacert " + bogus).doesNotContain("\tat ");
        Cli.Result withPort = Cli.run("read", "--port", "5000", "--cacert", bogus.toString());
        assertThat(withPort.exitCode()).isEqualTo(2);
        assertThat(withPort.err()).contains("--cacert goes with --terminal ID");
    }
}
