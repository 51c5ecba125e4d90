package dev.ptyctl.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TemporaryFoldersTest {
    @Test
    void aFolderIsDeletedWithEverythingInIt() throws Exception {
        Path folder = TemporaryFolders.create("ptyctl-temporary-folders-test");
        assertThat(folder.getFileName().toString()).startsWith("ptyctl-temporary-folders-test");
        Files.writeString(Files.createDirectories(folder.resolve("a/b")).resolve(".hidden"), "x");
        Files.createSymbolicLink(folder.resolve("link"), Path.of("/"));
        TemporaryFolders.delete(folder);
        assertThat(folder).doesNotExist();
        TemporaryFolders.delete(folder); // gone already: nothing to do
    }
}
