package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Right and middle clicks and the mouse wheel reach programs as xterm reports them: byte for byte to a shell script
 * that reads the reports, in SGR and in the default encoding, and to less, which scrolls by the wheel.
 */
@WithTerminal(shell = "bash", cols = 80, rows = 24, cwd = "/tmp", timeoutSeconds = 20)
class MouseButtonsAndWheelE2eTest {

    /** A command line that turns mouse reporting on ({@code modes}), reads {@code bytes} of reports and prints them. */
    private static String reader(String modes, int bytes) {
        return "stty -echo -icanon; printf '\\e[?" + modes + "h'; r=$(head -c " + bytes + "); printf '\\e[?" + modes
                + "l'; stty sane; printf 'got %q\\n' \"$r\"";
    }

    @Test
    void rightClicksAndTheWheelAreReportedInSgr(TerminalDriver t) {
        t.typeLine(reader("1000;1006", 38));
        t.click(2, 5, MouseButton.RIGHT).scroll(3, 4, 2);
        t.waitFor("got $'\\E[<2;5;2M\\E[<2;5;2m\\E[<65;4;3M\\E[<65;4;3M'");
    }

    @Test
    void middleClicksAndTheWheelAreReportedInTheDefaultEncoding(TerminalDriver t) {
        t.typeLine(reader("1000", 18));
        t.click(2, 5, MouseButton.MIDDLE).scroll(2, 5, -1);
        t.waitFor("got $'\\E[M!%\"\\E[M#%\"\\E[M`%\"'");
    }

    @Test
    void aClickAndADragPastColumn95InTheDefaultEncodingReachTheProgramAsTheirBytes(TerminalDriver t) {
        // the default encoding carries a column as one byte, 32 + the column: past 95 a byte of 128 or more, which text
        // would send as two (UTF-8, C2 84 for column 100); od prints what the program read
        t.resize(120, 24);
        t.typeLine("stty -echo -icanon; printf '\\e[?1002h'; r=$(head -c 36 | od -An -tx1 | tr -d ' \\n');"
                + " printf '\\e[?1002l'; stty sane; echo got $r");
        t.click(2, 100).drag(2, 100, 2, 102);
        t.waitFor("got 1b5b4d208422" + "1b5b4d238422"                                  // the click: press, release
                + "1b5b4d208422" + "1b5b4d408522" + "1b5b4d408622" + "1b5b4d238622");    // press, 2 motions, release
    }

    @Test
    void aProgramInX10ModeIsToldNoWheelAndAClickBeyond95SaysWhyTextCannotCarryIt(TerminalDriver t) {
        // "ready" once X10 is on (the command line reads "rea''dy"), so the 1 s below is all spent waiting for a wheel
        t.typeLine("stty -echo -icanon; printf '\\e[?9h'; echo rea''dy; head -c 6 >/dev/null; printf '\\e[?9l';"
                + " stty sane");
        assertThat(t.getByText("ready")).isVisible();
        t.timeout(Duration.ofSeconds(1));
        assertThatThrownBy(() -> t.scroll(2, 5, 3)).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected a scroll 3 lines down on row 2, column 5 to be reportable to the"
                        + " program within 1 s: the program asked for X10 mouse reports (CSI ? 9 h), which carry"
                        + " presses of the three buttons only, no wheel");
        t.click(2, 5, MouseButton.RIGHT).waitForPrompt();   // X10 takes the press of any button: head reads 6 bytes
    }

    @Test
    @RequiresTool("less")
    void theWheelScrollsLessAndAWheelOnALocatorTurnsItOverItsMatch(TerminalDriver t, @TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("lines.txt"), IntStream.rangeClosed(1, 100)
                .mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n")));
        t.typeLine("less --mouse --wheel-lines=3 " + file);
        Locator top = t.getByRegex("^line \\d+$").within(Region.row(1));
        assertThat(top).hasText("line 1");

        t.scroll(5, 1, 2);   // two notches down, 3 lines each
        assertThat(top).hasText("line 7");
        t.scroll(t.getByText("line 10"), -1);
        assertThat(top).hasText("line 4");
        t.type("q").waitForPrompt();
    }
}
