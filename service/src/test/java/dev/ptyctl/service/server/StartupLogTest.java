package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a user reads on stderr when the server cannot start: our one line, none of Helidon's, even late ones. */
class StartupLogTest {
    private final List<String> published = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                published.add(record.getLoggerName() + ": " + record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        Logger.getLogger("").addHandler(handler);
    }

    @AfterEach
    void stopListening() {
        Logger.getLogger("").removeHandler(handler);
    }

    @Test
    void aFailedStartKeepsHelidonsRecordsOutAlsoTheFeatureListLoggedAfterIt() {
        assertThatThrownBy(() -> StartupLog.holdWhile(() -> {
            Logger.getLogger("io.helidon.webserver.ServerListener").severe("Failed to start listener");
            Logger.getLogger("dev.ptyctl.test").warning("ours");
            throw new IllegalStateException("cannot listen");
        })).hasMessage("cannot listen");
        // Helidon prints its feature list from a thread of its own, after the start has already failed.
        Logger.getLogger("io.helidon.common.features.HelidonFeatures").info("Helidon SE features: [WebServer]");
        Logger.getLogger("dev.ptyctl.test").warning("ours, later");

        assertThat(published).containsExactly("dev.ptyctl.test: ours", "dev.ptyctl.test: ours, later");
    }

    @Test
    void aSuccessfulStartLetsEverythingThrough() {
        assertThat(StartupLog.holdWhile(() -> {
            Logger.getLogger("io.helidon.webserver.ServerListener").info("bound for socket '@default'");
            return "started";
        })).isEqualTo("started");
        Logger.getLogger("io.helidon.common.features.HelidonFeatures").log(Level.INFO, "Helidon SE features");

        assertThat(published).containsExactly("io.helidon.webserver.ServerListener: bound for socket '@default'",
                "io.helidon.common.features.HelidonFeatures: Helidon SE features");
    }
}
