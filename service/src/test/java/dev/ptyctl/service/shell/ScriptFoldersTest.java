package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The integration scripts' folders in the temporary folder: one a killed server left (its lock file no longer held)
 * is removed when a server writes its own; one in use, and one without a lock file (an earlier version's), are kept.
 */
class ScriptFoldersTest {
    @TempDir
    Path temporary;

    @Test
    void aFolderNoProcessHoldsIsRemovedAndOthersAreKept() throws Exception {
        Path leftOver = scriptFolder("ptyctl-shell-111");
        Files.createFile(leftOver.resolve(ShellIntegration.LOCK_FILE));
        Path earlierVersion = scriptFolder("ptyctl-shell-222");
        Path inUse = scriptFolder("ptyctl-shell-333");
        try (FileChannel held = FileChannel.open(inUse.resolve(ShellIntegration.LOCK_FILE),
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            held.lock();
            ShellIntegration.removeFoldersOfEndedServers(temporary);
        }
        assertThat(leftOver).doesNotExist();
        assertThat(earlierVersion.resolve("ptyctl.bash")).exists();
        assertThat(inUse.resolve("ptyctl.bash")).exists();
    }

    @Test
    void theServersOwnFolderIsLockedWhileItRuns() throws Exception {
        Path own = ShellIntegration.script("ptyctl.bash").getParent();
        assertThat(own.getFileName().toString()).startsWith(ShellIntegration.FOLDER_PREFIX);
        assertThat(own.resolve(ShellIntegration.LOCK_FILE)).isRegularFile();
    }

    private Path scriptFolder(String name) throws Exception {
        Path folder = Files.createDirectories(temporary.resolve(name).resolve("zsh"));
        Files.writeString(folder.resolve(".zshenv"), "# a script\n");
        Files.writeString(folder.getParent().resolve("ptyctl.bash"), "# a script\n");
        return folder.getParent();
    }
}
