package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recording replayed without a program: the screen, locators, snapshots and commands of a live terminal. */
class ReplayTest {
    /** A shell session: prompt marks, a cwd, two commands (one failing), colours, and a resize. */
    private static final String CAST = """
            {"version":2,"width":30,"height":5,"timestamp":1700000000,"env":{"TERM":"xterm-256color"}}
            [0.1,"o","\\u001b]7;file://host/home/me\\u0007\\u001b]133;A\\u0007$ \\u001b]133;B\\u0007"]
            [0.5,"o","ls\\r\\n\\u001b]633;E;ls\\u0007\\u001b]133;C\\u0007\\u001b[1;34mdocs\\u001b[0m  notes.txt\\r\\n"]
            [0.75,"o","\\u001b]133;D;0\\u0007\\u001b]133;A\\u0007$ \\u001b]133;B\\u0007"]
            [1.0,"r","40x5"]
            [1.5,"o","cat x\\\\\\\\y\\r\\n\\u001b]633;E;cat x\\\\\\\\\\\\\\\\y\\u0007\\u001b]133;C\\u0007cat: 'x\\\\\\\\y': \\u001b[31mNo such file\\u001b[0m\\r\\n"]
            [2.0,"o","\\u001b]133;D;1\\u0007\\u001b]133;A\\u0007$ \\u001b]133;B\\u0007"]
            """;

    @Test
    void aLocatorFailureSaysWhenWhatItLooksForScrolledOff() {
        Replay scrolled = Screens.replay(10, 2, "a1\r\nb2\r\nc3");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(scrolled.getByText("a1")).isVisible())
                .hasMessageContaining("found none; it is in the scrollback: it scrolled off the screen");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(scrolled.getByRegex("a\\d")).hasCount(1))
                .hasMessageContaining("found none; it is in the scrollback");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(scrolled.getByText("z9")).isVisible())
                .hasMessageNotContaining("scrollback");
    }

    @Test
    void theCursorOfTheLastScreenIsAssertedWithItsPlaceInTheFailure() {
        Replay session = Replay.ofText("session.cast", CAST);
        TerminalAssertions.assertThat(session).hasCursorAt(5, 3);
        assertThatThrownBy(() -> TerminalAssertions.assertThat(session).hasCursorAt(5, 4))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the cursor at row 5, column 4 within 0 ms; it is at row 5, column 3 (in a replay)\n");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(session).hasCursorAt(0, 1))
                .hasMessage("the cursor's row and column count from 1, got 0, 1");
    }

    @Test
    void theTitleAndTheBellsARecordingEndsWithAreAsserted() {
        // a title ended by BEL (xterm's form) is no bell; one ended by ST neither; the two BELs after are
        Replay deploy = Screens.replay(30, 3, Screens.ESC + "]0;deploy: 40%\u0007working\r\n",
                Screens.ESC + "]2;deploy: done" + Screens.ESC + "\\done\u0007\u0007");
        TerminalAssertions.assertThat(deploy).hasTitle("deploy: done").hasTitleMatching("^deploy: \\w+$")
                .hasBellCount(2);
        assertThatThrownBy(() -> TerminalAssertions.assertThat(deploy).hasTitle("deploy: 40%"))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the window title to be \"deploy: 40%\" within 0 ms; it is"
                        + " \"deploy: done\" (in a replay)\n");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(deploy).hasTitleMatching("\\d+%"))
                .hasMessageStartingWith("expected the window title to match /\\d+%/ within 0 ms; it is \"deploy: done\"");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(deploy).hasBellCount(1))
                .hasMessageStartingWith("expected the bell to have rung once within 0 ms; it rang 2 times");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(Screens.replay(10, 2, "plain")).hasTitle("x"))
                .hasMessageStartingWith("expected the window title to be \"x\" within 0 ms; it is not set (no OSC 0 or"
                        + " OSC 2 yet)");
        assertThatThrownBy(() -> TerminalAssertions.assertThat(deploy).hasBellCount(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bell count is 0 or more, got -1");
    }

    private static final String SESSION_SNAPSHOT = """
            ptyctl snapshot
            size 40x5, cursor 5,3
            --- text
             1 |$ ls
             2 |docs  notes.txt
             3 |$ cat x\\\\y
             4 |cat: 'x\\\\y': No such file
             5 |$
            --- styles
             2 |1-4 bold fg=blue
             4 |14-25 fg=red
            """;

    @Test
    void theScreenIsTheOneTheRecordingEndsOn() {
        Replay replay = Replay.ofText("session.cast", CAST);
        assertThat(replay.screen().text()).isEqualTo("$ ls\ndocs  notes.txt\n$ cat x\\\\y\ncat: 'x\\\\y': No such file\n$\n");
        assertThat(replay.screen().size().cols()).isEqualTo(40);
        replay.assertScreen().row(2, "docs  notes.txt").hasCursorAt(5, 3);
    }

    @Test
    @SuppressWarnings("deprecation") // the old names, on purpose
    void theAssertionsOldNamesStillCompileAndCheckTheSame() {
        Replay replay = Replay.ofText("session.cast", CAST);
        SnapshotAssert old = TerminalAssertions.assertThat(replay);
        old.hasCursorAt(5, 3).within(Region.row(1));
        assertThatThrownBy(() -> old.hasCursorAt(1, 1)).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the cursor at row 1, column 1 within 0 ms; it is at row 5, column 3");
        assertThat(SnapshotAssert.UPDATE_PROPERTY).isEqualTo(TerminalAssert.UPDATE_PROPERTY)
                .isEqualTo("ptyctl.updateSnapshots");
        assertThat(SnapshotAssert.SOURCES_PROPERTY).isEqualTo(TerminalAssert.SOURCES_PROPERTY);
        replay.assertScreen().cursorAt(5, 3);
        assertThatThrownBy(() -> replay.assertScreen().cursorAt(1, 1)).isInstanceOf(TerminalAssertionError.class);
    }

    @Test
    void locatorsFindTextAndStylesAtOnce() {
        Replay replay = Replay.ofText("session.cast", CAST);
        TerminalAssertions.assertThat(replay.getByStyle(Styles.bold().fg("blue"))).hasText("docs").hasCount(1);
        TerminalAssertions.assertThat(replay.getByText("No such file")).hasStyle(Styles.color("red"));
        assertThatThrownBy(() -> TerminalAssertions.assertThat(replay.getByText("Saved")).isVisible())
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected text \"Saved\" to be visible within 0 ms; found none (in a replay)");
    }

    @Test
    void commandsComeWithLineExitCodeDurationDirectoryAndOutput() {
        List<Command> commands = Replay.ofText("session.cast", CAST).commands();
        assertThat(commands).containsExactly(
                new Command("ls", 0, Duration.ofMillis(250), "/home/me", "docs  notes.txt\n", false),
                new Command("cat x\\\\y", 1, Duration.ofMillis(500), "/home/me", "cat: 'x\\\\y': No such file\n", false));
        TerminalAssertions.assertThat(commands.subList(0, 1)).allSucceeded();
        assertThatThrownBy(() -> TerminalAssertions.assertThat(commands).allSucceeded())
                .hasMessageContaining("1 of 2 did not")
                .hasMessageContaining("$ cat x\\\\y  -> exit 1 (500 ms, in /home/me)");
    }

    @Test
    void snapshotsOfAReplayAreWrittenThenCompared(@TempDir Path sources) throws Exception {
        Replay replay = Replay.ofText("session.cast", CAST)
                .settings(name -> name.equals(TerminalAssert.SOURCES_PROPERTY) ? Optional.of(sources.toString())
                        : Optional.empty());
        Path file = sources.resolve("dev/ptyctl/client/dsl/__snapshots__/ReplayTest.session.snap");
        if ("true".equalsIgnoreCase(System.getenv("CI"))) { // where a missing snapshot fails instead
            Files.createDirectories(file.getParent());
            Files.writeString(file, SESSION_SNAPSHOT);
        }
        TerminalAssertions.assertThat(replay).matchesSnapshot("session");
        assertThat(file).content().isEqualTo(SESSION_SNAPSHOT);
        Files.writeString(file, Files.readString(file).replace("No such file", "No such fine"));
        assertThatThrownBy(() -> TerminalAssertions.assertThat(replay).matchesSnapshot("session"))
                .hasMessageContaining("@@ line 7\n-  4 |cat: 'x\\\\y': No such fine\n+  4 |cat: 'x\\\\y': No such file\n");
    }

    @Test
    void aSnapshotWithoutStylesIgnoresColoursThatDifferFromMachineToMachine(@TempDir Path sources) throws Exception {
        Path file = sources.resolve("dev/ptyctl/client/dsl/__snapshots__/ReplayTest.listing.snap");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "ptyctl snapshot\nsize 20x3, cursor 2,3, styles left out\n--- text\n 1 |docs  notes.txt\n"
                + " 2 |$\n");
        String header = "{\"version\":2,\"width\":20,\"height\":3}\n";
        for (String colour : new String[] {"34", "1;36"}) {   // the same listing with two machines' LS_COLORS
            Replay listing = Replay.ofText("ls.cast", header + "[0.1,\"o\",\"\\u001b[" + colour
                            + "mdocs\\u001b[0m  notes.txt\\r\\n$ \"]\n")
                    .settings(name -> name.equals(TerminalAssert.SOURCES_PROPERTY) ? Optional.of(sources.toString())
                            : Optional.empty());
            TerminalAssertions.assertThat(listing).withoutStyles().matchesSnapshot("listing");
            assertThatThrownBy(() -> TerminalAssertions.assertThat(listing).matchesSnapshot("listing"))
                    .as("with styles, the same file does not match").hasMessageContaining("--- styles");
        }
    }

    @Test
    void aFileThatIsNoAsciicastIsRefusedNamingTheLine() {
        assertThatThrownBy(() -> Replay.ofText("x.cast", "{\"version\":1}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("x.cast:1: not an asciicast v2 header (version 2, width, height)");
        assertThatThrownBy(() -> Replay.ofText("x.cast", "{\"version\":2,\"width\":5,\"height\":2}\n[1,\"r\",\"wide\"]"))
                .hasMessage("x.cast:2: a resize is \"COLSxROWS\", got wide");
        assertThatThrownBy(() -> Replay.ofText("x.cast", "{\"version\":2,\"width\":5,\"height\":2}\n[1,\"o\""))
                .hasMessageStartingWith("x.cast:2: not JSON");
    }
}
