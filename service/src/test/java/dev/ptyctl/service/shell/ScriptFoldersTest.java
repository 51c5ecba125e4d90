package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    void scriptsThatCannotBeWrittenLeaveNoFolderOrOpenFileAndSayWhy() throws Exception {
        // A full disk under the temporary folder: every create of a shell tried again and left a folder and its
        // open lock file, one descriptor more per failed create for good, and the error said only "cannot write".
        Path full = Files.createDirectory(temporary.resolve("full"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full.toString()) == 0,
                "needs root to mount a small tmpfs");
        try {
            fill(full.resolve("filler"));
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> ShellIntegration.writeScripts(full))
                        .isInstanceOf(java.io.UncheckedIOException.class)
                        .hasMessage("cannot write the shell integration scripts to " + full
                                + ": No space left on device");
            }
            // Counted by where they point, not in all: the process's other descriptors come and go with the tests
            // running beside this one (CI saw 164 before, 162 after).
            assertThat(descriptorsInto(full)).as("descriptors into the full folder after 3 failed writes").isEmpty();
            try (var left = Files.list(full)) {
                assertThat(left.map(p -> p.getFileName().toString())).containsExactly("filler");
            }
        } finally {
            run("umount", full.toString());
        }
    }

    private static void fill(Path file) throws Exception {
        byte[] block = new byte[4096];
        try (var out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (java.io.IOException e) {
            // full: what the test wants
        }
    }

    private static int run(String... command) throws Exception {
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /** The files under {@code folder} this process holds open (a deleted one too: its link ends in "(deleted)"). */
    private static List<String> descriptorsInto(Path folder) throws Exception {
        List<String> into = new ArrayList<>();
        try (var entries = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : entries.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(folder + "/")) {
                        into.add(target);
                    }
                } catch (java.nio.file.NoSuchFileException closedMeanwhile) {
                    // the listing's own descriptor, or one another test closed after the listing
                }
            }
        }
        return into;
    }

    private Path scriptFolder(String name) throws Exception {
        Path folder = Files.createDirectories(temporary.resolve(name).resolve("zsh"));
        Files.writeString(folder.resolve(".zshenv"), "# a script\n");
        Files.writeString(folder.getParent().resolve("ptyctl.bash"), "# a script\n");
        return folder.getParent();
    }
}
