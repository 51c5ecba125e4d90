package dev.ptyctl.service.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServeOptionsTest {
    private static final Path SOCKET = Path.of("/tmp/x.sock");

    @Test
    void validOptionsAreKept(@TempDir Path dir) {
        ServeOptions options = new ServeOptions("bash --norc", null, SOCKET, 100, 30, dir, "tok");
        assertThat(options.socket()).isEqualTo(SOCKET);
        assertThat(options.token()).isEqualTo("tok");
        assertThat(new ServeOptions("bash", 5174, null, 1, 1000, null, null).port()).isEqualTo(5174);
    }

    @Test
    void portAndSocketAreExclusiveAndOneIsRequired() {
        assertThatThrownBy(() -> new ServeOptions("bash", 5174, SOCKET, 100, 30, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("give either a port or a socket path, not both");
        assertThatThrownBy(() -> new ServeOptions("bash", null, null, 100, 30, null, null))
                .hasMessage("give either a port or a socket path to listen on");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 65536})
    void portMustBeOneTo65535(int port) {
        assertThatThrownBy(() -> new ServeOptions("bash", port, null, 100, 30, null, null))
                .hasMessage("port must be an integer from 1 to 65535, got " + port);
    }

    @Test
    void sizeMustBeOneToThousand() {
        assertThatThrownBy(() -> new ServeOptions("bash", 80, null, 0, 30, null, null))
                .hasMessage("cols must be from 1 to 1000, got 0");
        assertThatThrownBy(() -> new ServeOptions("bash", 80, null, 100, 1001, null, null))
                .hasMessage("rows must be from 1 to 1000, got 1001");
    }

    @Test
    void workingDirectoryMustExist(@TempDir Path dir) {
        assertThatThrownBy(() -> new ServeOptions("bash", 80, null, 100, 30, dir.resolve("gone"), null))
                .hasMessageStartingWith("working directory does not exist: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void commandMustNotBeBlank(String command) {
        assertThatThrownBy(() -> new ServeOptions(command, 80, null, 100, 30, null, null))
                .hasMessage("the command to run is empty");
    }

    @Test
    void commandWithAnUnbalancedQuoteIsRefused() {
        assertThatThrownBy(() -> new ServeOptions("bash -c 'oops", 80, null, 100, 30, null, null))
                .hasMessageStartingWith("unbalanced single quote");
    }

    @Test
    void blankTokenMeansNoToken() {
        assertThat(new ServeOptions("bash", 80, null, 100, 30, null, " ").token()).isNull();
    }
}
