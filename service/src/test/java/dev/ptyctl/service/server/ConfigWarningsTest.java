package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A server started from a shell set up for ptyctl's clients warns about mistakes, not about the clients' settings. */
class ConfigWarningsTest {

    @Test
    void theClientsVariablesAreNotWarnedAbout() {
        // A user who exports the CLI's remote settings in a profile and then starts a server there.
        assertThat(ConfigWarnings.of(Config.empty(), List.of("PTYCTL_URL", "PTYCTL_CACERT",
                "PTYCTL_HANDSHAKE_TIMEOUT", "PTYCTL_TOKEN", "PTYCTL_TERMINALS_COLS"))).isEmpty();
    }

    @Test
    void aMistypedVariableIsWarnedAboutWithTheNearestName() {
        assertThat(ConfigWarnings.of(Config.empty(), List.of("PTYCTL_TERMINALS_COOLS")))
                .singleElement().asString().contains("PTYCTL_TERMINALS_COOLS").contains("PTYCTL_TERMINALS_COLS");
    }

    @Test
    void aMistypedServerOptionIsWarnedAboutWithTheNearestOne() {
        // server.prot left the server on port 8765 without a word; Helidon's nested options pass.
        Config config = Config.just(ConfigSources.create(Map.of("server.prot", "9000", "server.host", "0.0.0.0",
                "server.tls.private-key.pem.key.resource.path", "/etc/ptyctl/key.pem",
                "server.max-payload-size", "1000")));

        assertThat(ConfigWarnings.of(config, List.of()))
                .containsExactly("unknown configuration key server.prot; did you mean server.port?");
    }

    @Test
    void theServerOptionsAreTheOnesHelidonsMetadataLists() throws IOException {
        Set<String> documented = new TreeSet<>();
        for (URL file : Collections.list(getClass().getClassLoader()
                .getResources("META-INF/helidon/config-metadata.json"))) {
            try (InputStream in = file.openStream(); JsonReader reader = Json.createReader(in)) {
                for (JsonValue module : reader.readArray()) {
                    for (JsonValue type : module.asJsonObject().getJsonArray("types")) {
                        String name = type.asJsonObject().getString("type");
                        if (name.equals("io.helidon.webserver.WebServer")
                                || name.equals("io.helidon.webserver.ListenerConfig")) {
                            options(type.asJsonObject(), documented);
                        }
                    }
                }
            }
        }

        assertThat(new TreeSet<>(ConfigKeys.HELIDON_SERVER_OPTIONS)).isEqualTo(documented);
    }

    private static void options(JsonObject type, Set<String> into) {
        JsonArray options = type.getJsonArray("options");
        if (options != null) {
            options.forEach(option -> into.add(option.asJsonObject().getString("key")));
        }
    }
}
