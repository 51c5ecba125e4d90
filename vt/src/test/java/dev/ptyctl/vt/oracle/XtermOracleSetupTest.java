package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting the oracle: the messages a developer sees when something is missing. Needs no node. */
class XtermOracleSetupTest {
    @TempDir
    Path root;

    @Test
    void missingPackagesNameTheInstallCommand() throws IOException {
        Path dir = Files.createDirectories(root.resolve(XtermOracle.ORACLE_DIR));
        Files.writeString(dir.resolve("oracle.mjs"), "// stub\n");
        assertThatThrownBy(() -> XtermOracle.start(root))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("npm ci --prefix tools/xterm-oracle");
    }

    @Test
    void missingScriptIsNamed() {
        assertThatThrownBy(() -> XtermOracle.start(root)).hasMessageContaining("oracle.mjs");
    }

    @Test
    void repositoryRootIsFoundFromTheModuleFolder() {
        assertThat(XtermOracle.repositoryRoot().resolve(XtermOracle.ORACLE_DIR).resolve("oracle.mjs")).exists();
    }
}
