package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.QuitKeys.Ctrl;
import dev.ptyctl.protocol.QuitKeys.Key;
import dev.ptyctl.protocol.QuitKeys.Text;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link QuitKeys}: the exact keys of well-known programs, nothing guessed for others. */
class QuitKeysTest {
    @Test
    void pagersAndMonitorsQuitWithQ() {
        for (String program : List.of("less", "more", "most", "man", "top", "htop")) {
            assertThat(QuitKeys.of(program)).as(program).hasValueSatisfying(quit ->
                    assertThat(quit.steps()).containsExactly(new Text("q")));
        }
    }

    @Test
    void viLikeEditorsQuitWithEscapeColonQEnterAndSayHowToDiscardChanges() {
        for (String program : List.of("vim", "vi", "nvim", "view")) {
            assertThat(QuitKeys.of(program)).as(program).hasValueSatisfying(quit -> {
                assertThat(quit.steps()).containsExactly(new Key("Escape"), new Text(":q"), new Key("Enter"));
                assertThat(quit.note()).contains(":q!");
            });
        }
        assertThat(QuitKeys.of("nano").orElseThrow().steps()).containsExactly(new Ctrl('x'));
        assertThat(QuitKeys.of("emacs").orElseThrow().steps()).containsExactly(new Ctrl('x'), new Ctrl('c'));
    }

    @Test
    void replsQuitAtEndOfInputAVersionedNameToo() {
        for (String program : List.of("python", "python3", "python3.12", "node", "irb", "ghci", "sqlite3", "psql")) {
            assertThat(QuitKeys.of(program)).as(program).hasValueSatisfying(quit ->
                    assertThat(quit.steps()).containsExactly(new Ctrl('d')));
        }
    }

    @Test
    void anUnknownProgramHasNoQuitKeys() {
        assertThat(QuitKeys.of("make")).isEmpty();
        assertThat(QuitKeys.of("lesser")).isEmpty();
        assertThat(QuitKeys.of("bash")).isEmpty();
    }
}
