package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log searched in {@code less}, as a user of the DSL would test a pager: the matches, their highlight, n and N. */
@RequiresTool("less")
@WithTerminal(command = {"/bin/bash"}, cols = 80, rows = 24, timeoutSeconds = 30)
class LessSearchE2eTest {

    @Test
    void aSearchShowsEachMatchHighlightedAtTheTopAndNAndShiftNMoveBetweenThem(TerminalDriver t, @TempDir Path dir)
            throws IOException {
        Path log = Files.writeString(dir.resolve("app.log"), IntStream.rangeClosed(1, 300)
                .mapToObj(i -> i == 50 ? "line 50 ERROR disk full" : i == 120 ? "line 120 ERROR timeout" : "line " + i + " ok")
                .collect(Collectors.joining("\n", "", "\n")));
        t.typeLine("less " + log);
        assertThat(t.getByText("line 1 ok")).isVisible();

        t.type("/ERROR").press(Key.ENTER);
        assertThat(t.getByText("line 50 ERROR disk full").within(Region.rows(1, 1))).isVisible();
        assertThat(t.getByStyle(Styles.inverse()).within(Region.rows(1, 23))).hasText("ERROR");

        t.type("n");
        assertThat(t.getByText("line 120 ERROR timeout").within(Region.rows(1, 1))).isVisible();
        assertThat(t.getByText("line 50 ERROR")).isHidden();

        t.type("N");
        assertThat(t.getByText("line 50 ERROR disk full").within(Region.rows(1, 1))).isVisible();

        t.type("q").waitForPrompt();
    }
}
