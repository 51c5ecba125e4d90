package dev.ptyctl.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TestHomeTest {
    @Test
    void theTestsHomeStartsEmptyWhateverAnEarlierRunLeftInIt() throws Exception {
        Path home = TemporaryFolders.create("ptyctl-test-home-test").resolve("test-home");
        Files.writeString(Files.createDirectories(home.resolve(".config/fish")).resolve("fish_variables"), "x");
        Files.writeString(home.resolve(".bash_history"), "echo from an earlier run\n");

        assertThat(TestHome.prepare(home.toString(), home.toString())).isTrue();

        assertThat(home).isEmptyDirectory();
        TemporaryFolders.delete(home.getParent());
    }

    @Test
    void aHomeTheBuildDidNotNameIsLeftAlone() throws Exception {
        Path home = TemporaryFolders.create("ptyctl-test-home-test");
        Files.writeString(home.resolve(".bashrc"), "the user's own\n");

        assertThat(TestHome.prepare(null, home.toString())).isFalse();
        assertThat(TestHome.prepare(home + "/elsewhere", home.toString())).isFalse();

        assertThat(home.resolve(".bashrc")).hasContent("the user's own");
        TemporaryFolders.delete(home);
    }
}
