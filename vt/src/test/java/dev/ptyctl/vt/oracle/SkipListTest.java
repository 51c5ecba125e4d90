package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.vt.oracle.ScreenDiff.Aspect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkipListTest {
    @TempDir
    Path dir;

    private SkipList read(String text) throws IOException {
        Path file = dir.resolve("SKIP.md");
        Files.writeString(file, text);
        return SkipList.read(file, Set.of("utf8-invalid", "xtversion", "cup-basic"));
    }

    @Test
    void wholeCaseEntrySkipsTheCaseWithItsReason() throws IOException {
        SkipList skips = read("# title\n\nprose mentioning `cup-basic` is not an entry\n- `utf8-invalid`: we show U+FFFD\n");
        assertThat(skips.skipReason("utf8-invalid")).isEqualTo("we show U+FFFD");
        assertThat(skips.skipReason("cup-basic")).isNull();
    }

    @Test
    void aspectEntryKeepsEveryOtherAspectCompared() throws IOException {
        SkipList skips = read("- `xtversion#replies`: headless xterm.js does not answer\n");
        assertThat(skips.skipReason("xtversion")).isNull();
        assertThat(skips.comparedAspects("xtversion")).isEqualTo(EnumSet.complementOf(EnumSet.of(Aspect.REPLIES)));
        assertThat(skips.comparedAspects("cup-basic")).isEqualTo(EnumSet.allOf(Aspect.class));
    }

    @Test
    void entryForACaseThatDoesNotExistIsRejected() {
        assertThatThrownBy(() -> read("- `no-such-case`: stale\n")).hasMessageContaining("no-such-case");
    }

    @Test
    void missingFileIsAnEmptyList() {
        assertThat(SkipList.read(dir.resolve("absent.md"), Set.of()).size()).isZero();
    }
}
