package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Locator;
import dev.ptyctl.client.dsl.MouseButton;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * vim with the mouse turned on, tested with clicks as a user of the DSL would: a click puts vim's cursor on the cell
 * clicked (a right click extends the selection to it), whichever encoding vim reads reports in, and a vim that reads no mouse fails the click saying how to turn
 * it on.
 */
@RequiresTool("vim")
@WithTerminal(command = {"/bin/bash"}, cols = 80, rows = 24, timeoutSeconds = 30)
class VimMouseE2eTest {

    /** A three-line notes.txt in {@code dir}, opened in vim with the {@code set} options given (none: ""). */
    private static Path vimOnNotes(TerminalDriver terminal, Path dir, String options) throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "alpha one\nbeta two\ngamma three\n");
        terminal.typeLine("vim -u NONE -N -n " + (options.isEmpty() ? "" : "-c 'set " + options + "' ") + file);
        assertThat(terminal.getByText("gamma three")).isVisible();
        return file;
    }

    @Test
    void aClickOnAWordPutsTheCursorThereAndAnEditChangesThatWord(TerminalDriver terminal, @TempDir Path dir)
            throws IOException {
        Path file = vimOnNotes(terminal, dir, "mouse=a");

        terminal.click(terminal.getByText("three"));
        assertThat(terminal).hasCursorAt(3, 7);
        terminal.type("cwfour").press(Key.ESCAPE);
        assertThat(terminal.getByText("gamma four")).isVisible();
        terminal.type(":wq").press(Key.ENTER).waitForPrompt();
        Assertions.assertThat(Files.readString(file)).isEqualTo("alpha one\nbeta two\ngamma four\n");
    }

    @Test
    void aClickOnALocatorWithSeveralMatchesFailsNamingThemUntilOneIsPicked(TerminalDriver terminal, @TempDir Path dir)
            throws IOException {
        vimOnNotes(terminal, dir, "mouse=a");
        Locator tWords = terminal.getByRegex("t[wh][a-z]+").within(Region.rows(1, 3));

        terminal.timeout(Duration.ofSeconds(1));
        assertThatThrownBy(() -> terminal.click(tWords)).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected one match of /t[wh][a-z]+/ in rows 1-3, to click it, within 1 s;"
                        + " strict mode violation: /t[wh][a-z]+/ in rows 1-3 resolved to 2 matches (\"two\" at row 2,"
                        + " column 6, \"three\" at row 3, column 7); click(locator) clicks one: pick it with first(),"
                        + " last(), nth(i) or within(Region)");
        terminal.timeout(TerminalDriver.DEFAULT_TIMEOUT);
        terminal.click(tWords.last());
        assertThat(terminal).hasCursorAt(3, 7);
        terminal.click(tWords.first());
        assertThat(terminal).hasCursorAt(2, 6);
        terminal.type(":q!").press(Key.ENTER).waitForPrompt();
    }

    @Test
    void aRightClickExtendsVimsSelectionToTheCellClicked(TerminalDriver terminal, @TempDir Path dir)
            throws IOException {
        Path file = vimOnNotes(terminal, dir, "mouse=a mousemodel=extend");

        terminal.click(terminal.getByText("three"), MouseButton.RIGHT);   // from the cursor, row 1, column 1
        assertThat(terminal.getByText("-- VISUAL --")).isVisible();
        terminal.type("d");
        assertThat(terminal.getByText("hree").within(Region.row(1))).isVisible();
        terminal.type(":wq").press(Key.ENTER).waitForPrompt();
        Assertions.assertThat(Files.readString(file)).isEqualTo("hree\n");
    }

    @Test
    void aDragSelectsTheTextItCrossesInVim(TerminalDriver terminal, @TempDir Path dir) throws IOException {
        // SGR reports with button-event tracking (CSI ? 1002 h): vim sees the motion of a drag
        Path file = vimOnNotes(terminal, dir, "mouse=a ttymouse=sgr");

        terminal.drag(2, 1, 2, 4);                              // over "beta"
        assertThat(terminal.getByText("-- VISUAL --")).isVisible();
        terminal.type("d");
        assertThat(terminal.getByText(" two").within(Region.row(2))).isVisible();
        terminal.type(":wq").press(Key.ENTER).waitForPrompt();
        Assertions.assertThat(Files.readString(file)).isEqualTo("alpha one\n two\ngamma three\n");
    }

    @Test
    void aClickBeyondColumn95ReachesVim(TerminalDriver terminal, @TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("wide.txt"), " ".repeat(99) + "x marks the spot\n");
        terminal.resize(140, 24);
        // vim 9 in an xterm-like terminal asks for SGR reports with the mouse (CSI ? 1006;1000 h): the default
        // encoding would stop at column 95
        terminal.typeLine("vim -u NONE -N -n -c 'set mouse=a' " + file);
        assertThat(terminal.getByText("x marks the spot")).isVisible();

        terminal.click(terminal.getByText("marks"));
        assertThat(terminal).hasCursorAt(1, 102);
        terminal.type(":q!").press(Key.ENTER).waitForPrompt();
    }

    /**
     * A program that turns mouse reporting on and SGR in two writes (here a second apart, so that it is the same every
     * time): a click beyond column 223, which the default encoding cannot carry, waits for SGR instead of being refused
     * at once.
     */
    @Test
    void aClickBeyondColumn223WaitsForTheProgramToTurnSgrOn(TerminalDriver terminal) {
        terminal.resize(240, 24);
        terminal.typeLine("stty -echo -icanon; printf '\\e[?1000h'; sleep 1; printf '\\e[?1006h';"
                + " r=$(head -c 22); printf '\\e[?1006l\\e[?1000l'; stty sane; printf 'got %q\\n' \"$r\"");
        terminal.click(2, 230);
        terminal.waitFor("got $'\\E[<0;230;2M\\E[<0;230;2m'");
    }

    @Test
    void aClickBeyondColumn223OnAProgramThatKeepsTheDefaultEncodingSaysWhatToDo(TerminalDriver terminal) {
        terminal.resize(240, 24);
        terminal.typeLine("stty -echo -icanon; printf '\\e[?1000h'; head -c 12 >/dev/null; printf '\\e[?1000l';"
                + " stty sane");
        terminal.timeout(Duration.ofSeconds(1));
        assertThatThrownBy(() -> terminal.click(2, 230)).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected a click on row 2, column 230 to be reportable to the program within"
                        + " 1 s: the program reads mouse reports in the default encoding (CSI M), which carries"
                        + " columns and rows up to 223")
                .hasMessageContaining("have the program turn SGR reports on (CSI ? 1006 h; vim: set ttymouse=sgr)");
        terminal.click(2, 223).waitForPrompt();   // within 223, the report reaches it: head reads the click and ends
    }

    @Test
    void aClickOnAVimThatReadsNoMouseSaysHowToTurnItOn(TerminalDriver terminal, @TempDir Path dir)
            throws IOException {
        vimOnNotes(terminal, dir, "");

        terminal.timeout(Duration.ofSeconds(1));
        assertThatThrownBy(() -> terminal.click(terminal.getByText("three")))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageContaining("to click text \"three\" at row 3, column 7")
                .hasMessageContaining("(vim: set mouse=a;");
        terminal.timeout(TerminalDriver.DEFAULT_TIMEOUT);
        terminal.type(":q!").press(Key.ENTER).waitForPrompt();
    }
}
