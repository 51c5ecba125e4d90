package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.helidon.config.Config;
import java.util.List;
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
}
