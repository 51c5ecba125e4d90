package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full-screen programs tested as a tui-test user tests them, through the public DSL only: locators and their waiting
 * assertions, styles, keys, the exit code. Each test starts its program in a fresh terminal of a real server.
 */
@WithTerminal(cols = 80, rows = 24, timeoutSeconds = 20)
class TuiProgramsE2eTest {
    private static final Duration EXIT = Duration.ofSeconds(20);
    private static final String PICKER = "src/test/resources/programs/pick.sh";

    @Test
    void aPickerFiltersAsYouTypeAndPrintsTheChoice(TerminalLauncher terminals) {
        TerminalDriver pick = terminals.command("bash", PICKER, "apple", "banana", "blueberry", "cherry")
                .size("40x10").open();
        assertThat(pick.getByText("4/4").within(Region.row(9))).hasStyle(Styles.color("green"));
        assertThat(pick.getByStyle(Styles.inverse())).hasText("> apple");

        pick.type("b");
        assertThat(pick.getByText("2/4")).isVisible();
        assertThat(pick.getByText("apple")).isHidden();
        assertThat(pick.getByStyle(Styles.inverse())).hasText("> banana");

        pick.press(Key.ARROW_DOWN);
        assertThat(pick.getByStyle(Styles.inverse())).hasText("> blueberry");
        assertThat(pick.getByText("banana")).hasStyle(Styles.plain());

        pick.press(Key.ENTER);
        Assertions.assertThat(pick.awaitExit(EXIT)).isZero();
        pick.assertScreen().row(1, "blueberry");   // back on the normal screen, the alternate one gone
    }

    @Test
    void escapeLeavesThePickerWithoutAChoice(TerminalLauncher terminals) {
        TerminalDriver pick = terminals.command("bash", PICKER, "one", "two").size("40x10").open();
        assertThat(pick.getByText("2/2")).isVisible();
        pick.press(Key.ESCAPE);
        Assertions.assertThat(pick.awaitExit(EXIT)).isEqualTo(130);
        pick.assertScreen().isEqualTo("");
    }

    @Test
    @RequiresTool("whiptail")
    void aWhiptailMenuIsChosenFromWithTheArrowKeys(TerminalDriver bash) {
        bash.typeLine("c=$(whiptail --title Fruit --menu 'Pick one' 14 40 3 a Apple b Banana c Cherry"
                + " 3>&1 1>&2 2>&3); echo \"chose: $c, exit $?\"");
        // "Pick one" is on the command line just typed too: wait for what only whiptail draws before pressing keys
        assertThat(bash.getByText("<Ok>")).isVisible();

        bash.press(Key.ARROW_DOWN);
        assertThat(bash.getByText("b Banana")).hasStyle(Styles.any().bg("red"));
        assertThat(bash.getByText("a Apple")).hasStyle(Styles.any().bg("white"));

        bash.press(Key.ENTER).waitForPrompt();
        bash.assertScreen().contains("chose: b, exit 0");
    }

    @Test
    @RequiresTool("whiptail")
    void aWhiptailYesNoAnswersWithItsExitCode(TerminalDriver bash) {
        bash.typeLine("whiptail --yesno 'Deploy now?' 8 30; echo \"answer: $?\"");
        // Not "Deploy now?", which the echoed command line shows before whiptail runs: a Tab sent then reaches the
        // terminal before whiptail has set it up, and whiptail discards it with the rest of the pending input.
        assertThat(bash.getByText("<Yes>")).hasStyle(Styles.any().bg("red"));
        bash.press(Key.TAB);                       // from <Yes> to <No>
        assertThat(bash.getByText("<No>")).hasStyle(Styles.any().bg("red"));
        bash.press(Key.ENTER).waitForPrompt();
        bash.assertScreen().contains("answer: 1");
    }

    @Test
    @RequiresTool("htop")
    void htopShowsProcessesSortsAndQuits(TerminalLauncher terminals, @TempDir Path home) {
        TerminalDriver htop = terminals.command("htop").env("HOME", home.toString()).size("100x30").open();
        assertThat(htop.getByRegex("PID\\s+USER")).isVisible();
        assertThat(htop.getByText("Quit").within(Region.row(30))).isVisible();
        // the function bar: keys in the terminal's own colours, their labels black on cyan
        assertThat(htop.getByText("F10").within(Region.row(30))).hasStyle(Styles.plain());
        assertThat(htop.getByText("Quit").within(Region.row(30))).hasStyle(Styles.color("black").bg("cyan"));

        htop.press(Key.F6);                        // the sort menu
        assertThat(htop.getByText("Sort by")).isVisible();
        htop.press(Key.ESCAPE);
        assertThat(htop.getByText("Sort by")).isHidden();

        htop.type("q");
        Assertions.assertThat(htop.awaitExit(EXIT)).isZero();
    }

    @Test
    @RequiresTool("top")
    void topOpensItsHelpAndQuits(TerminalLauncher terminals, @TempDir Path home) {
        TerminalDriver top = terminals.command("top", "-d", "1").env("HOME", home.toString()).size("100x30").open();
        assertThat(top.getByRegex("PID\\s+USER")).isVisible();
        top.type("h");
        assertThat(top.getByText("Help for Interactive Commands")).isVisible();
        top.press(Key.ESCAPE);
        assertThat(top.getByRegex("PID\\s+USER")).isVisible();
        top.type("q");
        Assertions.assertThat(top.awaitExit(EXIT)).isZero();
    }

    @Test
    @RequiresTool("mc")
    void midnightCommanderViewsAFileAndQuits(TerminalLauncher terminals, @TempDir Path dir) throws Exception {
        Path files = Files.createDirectories(dir.resolve("files"));
        Files.writeString(files.resolve("alpha.txt"), "the first file\n");
        Files.writeString(files.resolve("beta.txt"), "the second file\n");
        TerminalDriver mc = terminals.command("mc", "-u", files.toString(), files.toString())
                .env("HOME", dir.toString()).size("100x30").open();
        assertThat(mc.getByText("alpha.txt").nth(0)).isVisible();
        assertThat(mc.getByText("Quit").within(Region.row(30))).isVisible();

        mc.press(Key.ARROW_DOWN, 2);               // "..", then alpha.txt, then beta.txt
        assertThat(mc.getByText("beta.txt").nth(0)).hasStyle(Styles.any().bg("cyan"));
        mc.press(Key.F3);                          // view
        assertThat(mc.getByText("the second file")).isVisible();
        mc.press(Key.F10);                         // leave the viewer
        assertThat(mc.getByText("the second file")).isHidden();
        mc.press(Key.F10);                         // leave mc
        Assertions.assertThat(mc.awaitExit(EXIT)).isZero();
    }

    // tag::scrollback-locator[]
    @Test
    void aBuildLogThatScrolledAwayIsFoundInTheScrollback(TerminalDriver bash) {
        bash.typeLine("for i in $(seq 1 60); do echo \"compiling unit-$i\"; done; echo 'build done'").waitForPrompt();
        assertThat(bash.getByText("build done")).isVisible();
        assertThat(bash.getByText("compiling unit-1")).isHidden();   // scrolled off the 24 rows
        assertThat(bash.getByText("compiling unit-1").includingScrollback().nth(0)).hasText("compiling unit-1");
        assertThat(bash.getByRegex("^compiling unit-\\d+$").includingScrollback()).hasCount(60);
        assertThat(bash.getByText("error").includingScrollback()).isHidden();
    }
    // end::scrollback-locator[]
}
