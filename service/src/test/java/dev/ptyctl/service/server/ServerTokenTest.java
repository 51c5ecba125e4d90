package dev.ptyctl.service.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the server's token comes from (SPEC §8). */
class ServerTokenTest {

    @Test
    void anEmptyTokenMeansNone() throws Exception {
        ServerToken token = ServerToken.resolve(SecurityConfig.DEFAULTS, "the configuration");
        assertThat(token.value()).isEmpty();
        assertThat(token.description()).isEqualTo("none");
    }

    @Test
    void aGivenTokenIsUsedAsItIs() throws Exception {
        ServerToken token = ServerToken.resolve(SecurityConfig.DEFAULTS.withToken("abc"), "the PTYCTL_TOKEN "
                + "environment variable");
        assertThat(token.value()).contains("abc");
        assertThat(token.description()).isEqualTo("from the PTYCTL_TOKEN environment variable");
    }

    @Test
    void generateWritesARandomTokenOnlyItsOwnerCanRead(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/token");
        SecurityConfig security = new SecurityConfig("generate", file.toString(), List.of(), List.of());

        ServerToken first = ServerToken.resolve(security, "x");
        ServerToken second = ServerToken.resolve(security, "x");

        assertThat(first.value()).isPresent();
        assertThat(first.value().get()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(second.value()).isNotEqualTo(first.value());
        assertThat(Files.readString(file).strip()).isEqualTo(second.value().get());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        assertThat(second.description()).contains(file.toAbsolutePath().toString()).contains("0600")
                .doesNotContain(second.value().get());
        try (var files = Files.list(file.getParent())) {
            assertThat(files).as("no temporary file left behind").containsExactly(file);
        }
    }
}
