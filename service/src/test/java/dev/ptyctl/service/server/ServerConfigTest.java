package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.service.terminals.TerminalSettings;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading {@code ptyctl server}'s configuration (SPEC §8): defaults, file, environment, system properties. */
class ServerConfigTest {
    private static final Properties NO_PROPERTIES = new Properties();

    private static ServerSettings load(Optional<Path> file, Map<String, String> env, Properties properties) {
        return ServerConfig.load(file, env::get, properties).settings();
    }

    @Test
    void theBuiltInYamlHoldsEveryKeyWithTheSpecDefault() {
        Config yaml = Config.builder().sources(ConfigSources.classpath(ServerConfig.DEFAULTS_RESOURCE))
                .disableEnvironmentVariablesSource().disableSystemPropertiesSource().build();
        for (String key : ConfigKeys.ALL) {
            assertThat(yaml.get(key).exists()).as(key).isTrue();
        }
        assertThat(ServerConfig.settings(yaml)).isEqualTo(ServerSettings.defaults());
    }

    @Test
    void theDefaultsAreTheSpecsFigures() {
        // SPEC §8's block, value by value: the YAML test above only compares the file with these defaults
        assertThat(ServerSettings.defaults()).isEqualTo(new ServerSettings("127.0.0.1", 8765,
                new SecurityConfig("", "", List.of(), List.of()),
                new TerminalSettings("", 100, 30, 10_000, 2_097_152, 1_048_576, 256, "auto", true,
                        Duration.ofMillis(2000), false, ""),
                1_048_576));
    }

    @Test
    void everyKeyNameOfTheSpecIsRead(@TempDir Path dir) throws Exception {
        // SPEC §8: "names fixed; tests and users rely on them". Every key set to a value other than its default.
        Path file = Files.writeString(dir.resolve("ptyctl.yaml"), """
                server:
                  host: 127.0.0.2
                  port: 9001
                ptyctl:
                  security:
                    token: "t0ken"
                    tokenFile: "/tmp/ptyctl-token-file"
                    allowedOrigins: ["http://o.example"]
                    allowedHosts: ["h.example"]
                  terminals:
                    shell: /bin/sh
                    cols: 81
                    rows: 25
                    scrollbackLines: 500
                    replayBytes: 131072
                    clientBacklogBytes: 65536
                    maxTerminals: 7
                    answerQueries: clients
                    shellIntegration: false
                    killGraceMillis: 300
                    titleReports: true
                    idPrefix: p7-
                  rpc:
                    maxLineBytes: 65536
                """);
        assertThat(load(Optional.of(file), Map.of(), NO_PROPERTIES)).isEqualTo(new ServerSettings("127.0.0.2", 9001,
                new SecurityConfig("t0ken", "/tmp/ptyctl-token-file", List.of("http://o.example"),
                        List.of("h.example")),
                new TerminalSettings("/bin/sh", 81, 25, 500, 131_072, 65_536, 7, "clients", false,
                        Duration.ofMillis(300), true, "p7-"),
                65_536));
    }

    @Test
    void withNothingSetTheSettingsAreTheDefaults() {
        assertThat(load(Optional.empty(), Map.of(), NO_PROPERTIES)).isEqualTo(ServerSettings.defaults());
    }

    @Test
    void aConfigFileOverridesSomeKeysAndKeepsTheRest(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("ptyctl.yaml"), """
                server:
                  port: 9100
                ptyctl:
                  terminals:
                    maxTerminals: 3
                    killGraceMillis: 250
                  security:
                    allowedOrigins: ["http://a.example", "http://b.example:8080"]
                """);
        ServerSettings settings = load(Optional.of(file), Map.of(), NO_PROPERTIES);
        assertThat(settings.port()).isEqualTo(9100);
        assertThat(settings.host()).isEqualTo("127.0.0.1");
        assertThat(settings.terminals().maxTerminals()).isEqualTo(3);
        assertThat(settings.terminals().killGrace()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.terminals().replayBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(settings.security().allowedOrigins()).containsExactly("http://a.example", "http://b.example:8080");
    }

    @Test
    void environmentVariablesOverrideTheFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("ptyctl.yaml"), """
                ptyctl:
                  terminals:
                    maxTerminals: 3
                  security:
                    allowedHosts: [from-file]
                """);
        ServerSettings settings = load(Optional.of(file), Map.of(
                "PTYCTL_TERMINALS_MAX_TERMINALS", "7",
                "SERVER_PORT", "9200",
                "PTYCTL_TERMINALS_SHELL_INTEGRATION", "false",
                "PTYCTL_SECURITY_ALLOWED_HOSTS", "one.example, two.example"), NO_PROPERTIES);
        assertThat(settings.terminals().maxTerminals()).isEqualTo(7);
        assertThat(settings.port()).isEqualTo(9200);
        assertThat(settings.terminals().shellIntegration()).isFalse();
        assertThat(settings.security().allowedHosts()).containsExactly("one.example", "two.example");
    }

    @Test
    void systemPropertiesOverrideTheEnvironment() {
        Properties properties = new Properties();
        properties.setProperty("ptyctl.terminals.maxTerminals", "9");
        ServerSettings settings = load(Optional.empty(), Map.of("PTYCTL_TERMINALS_MAX_TERMINALS", "7"), properties);
        assertThat(settings.terminals().maxTerminals()).isEqualTo(9);
    }

    @Test
    void aListPropertyReplacesTheFilesList(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("ptyctl.yaml"), """
                ptyctl:
                  security:
                    allowedOrigins: [http://file.example]
                """);
        Properties properties = new Properties();
        properties.setProperty("ptyctl.security.allowedOrigins", "http://prop.example");
        ServerSettings settings = load(Optional.of(file), Map.of("PTYCTL_SECURITY_ALLOWED_ORIGINS",
                "http://env.example"), properties);
        assertThat(settings.security().allowedOrigins()).containsExactly("http://prop.example");
    }

    @Test
    void ptyctlTokenSetsTheTokenAndSaysSo() {
        ServerConfig.Loaded loaded = ServerConfig.load(Optional.empty(), Map.of("PTYCTL_TOKEN", "abc")::get,
                NO_PROPERTIES);
        assertThat(loaded.settings().security().token()).isEqualTo("abc");
        assertThat(loaded.tokenOrigin()).isEqualTo("the PTYCTL_TOKEN environment variable");
    }

    @Test
    void variablesOfHostedShellsAreNotConfiguration() {
        // Inside a hosted shell PTYCTL_RPC is "127.0.0.1:PORT": it must not clash with the ptyctl.rpc section.
        ServerSettings settings = load(Optional.empty(), Map.of("PTYCTL_RPC", "127.0.0.1:4000",
                "PTYCTL_PORT", "4000", "PTYCTL_TERMINAL_ID", "abc"), NO_PROPERTIES);
        assertThat(settings).isEqualTo(ServerSettings.defaults());
    }

    @Test
    void invalidValuesAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> load(Optional.empty(), Map.of("PTYCTL_TERMINALS_COLS", "wide"), NO_PROPERTIES))
                .hasMessage("ptyctl.terminals.cols must be an integer, got \"wide\"");
        assertThatThrownBy(() -> load(Optional.empty(), Map.of("PTYCTL_TERMINALS_COLS", "0"), NO_PROPERTIES))
                .hasMessage("ptyctl.terminals.cols must be from 1 to 1000, got 0");
        assertThatThrownBy(() -> load(Optional.empty(), Map.of("PTYCTL_TERMINALS_ANSWER_QUERIES", "nobody"),
                NO_PROPERTIES)).hasMessageContaining("answerQueries must be auto, server or clients");
        assertThatThrownBy(() -> load(Optional.empty(), Map.of("PTYCTL_TERMINALS_SHELL_INTEGRATION", "maybe"),
                NO_PROPERTIES)).hasMessageContaining("shellIntegration must be true or false");
        assertThatThrownBy(() -> load(Optional.empty(), Map.of("SERVER_PORT", "70000"), NO_PROPERTIES))
                .hasMessage("server.port must be from 0 to 65535, got 70000");
    }

    @Test
    void aMissingConfigFileIsRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> load(Optional.of(dir.resolve("nope.yaml")), Map.of(), NO_PROPERTIES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("config file not found");
    }

    @Test
    void environmentNamesFollowTheKeys() {
        assertThat(ConfigKeys.environmentName("ptyctl.terminals.maxTerminals"))
                .isEqualTo("PTYCTL_TERMINALS_MAX_TERMINALS");
        assertThat(ConfigKeys.environmentName("server.port")).isEqualTo("SERVER_PORT");
        assertThat(ConfigKeys.environmentName("ptyctl.rpc.maxLineBytes")).isEqualTo("PTYCTL_RPC_MAX_LINE_BYTES");
        assertThat(ConfigKeys.fromEnvironment(Map.of("PTYCTL_TOKEN", "t", "HOME", "/root")::get))
                .isEqualTo(Map.of("ptyctl.security.token", "t"));
        assertThat(ConfigKeys.environmentName("ptyctl.mcp.waitCapMillis")).isEqualTo("PTYCTL_MCP_WAIT_CAP_MILLIS");
        assertThat(ConfigKeys.environmentName("ptyctl.mcp.sessionIdleMillis"))
                .isEqualTo("PTYCTL_MCP_SESSION_IDLE_MILLIS");
        assertThat(ConfigKeys.ALL).hasSize(24).containsAll(ConfigKeys.LISTS);
        assertThat(List.copyOf(ConfigKeys.ALL)).doesNotHaveDuplicates();
    }
}
