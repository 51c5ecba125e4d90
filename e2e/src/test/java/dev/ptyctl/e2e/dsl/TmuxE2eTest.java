package dev.ptyctl.e2e.dsl;

import static dev.ptyctl.client.dsl.TerminalAssertions.assertThat;

import dev.ptyctl.client.Key;
import dev.ptyctl.client.dsl.MouseButton;
import dev.ptyctl.client.dsl.Region;
import dev.ptyctl.client.dsl.Styles;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.TerminalLauncher;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.RequiresTool;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * tmux driven as a tui-test user drives a TUI: its status line's style, split panes, the mouse (a click picks a pane,
 * the wheel scrolls a pane's history, a right click opens its menu). tmux runs on a server of its own (a socket named
 * for the test, no configuration file) that ends with the test's terminal (destroy-unattached).
 */
@RequiresTool("tmux")
@WithTerminal(cols = 80, rows = 20, cwd = "/tmp", timeoutSeconds = 20)
class TmuxE2eTest {
    /** The two panes of an 80-column window split left | right: tmux draws the border in column 41. */
    private static final Region LEFT_PANE = Region.rows(1, 19).columns(1, 40);
    private static final Region RIGHT_PANE = Region.rows(1, 19).columns(42, 80);

    /**
     * tmux in a terminal of its own, its panes running a bash with the prompt "$ ", once its status line is drawn:
     * keys typed before tmux has set the terminal up reach the terminal's line editing, not tmux. assume-paste-time 0:
     * tmux takes a key that follows the last within 1 ms as pasted and hands it to the pane, binding or not, and a
     * test's writes can arrive that close (a prefix Ctrl+B right after an Enter went to bash, and "%" with it).
     */
    private static TerminalDriver tmux(TerminalLauncher terminals) {
        TerminalDriver t = terminals.command("tmux", "-L", "ptyctl-" + UUID.randomUUID(), "-f", "/dev/null", "set", "-g",
                        "default-command", "env PS1='$ ' bash --norc --noprofile", ";", "new-session", "-s", "demo",
                        ";", "set", "destroy-unattached", "on", ";", "set", "-g", "mouse", "on",
                        ";", "set", "-g", "assume-paste-time", "0")
                .env("TERM", "xterm-256color").open();
        assertThat(t.getByText("[demo]").within(Region.row(20))).isVisible();
        // and once the pane's bash has drawn its prompt: keys typed before it reads them are echoed by the pane's
        // terminal, then again by bash (CI-AM, load 20: "echo dragged-text" on row 1 with no prompt, and again after it)
        assertThat(t.getByText("$ ").within(Region.row(1))).isVisible();
        return t;
    }

    @Test
    void theStatusLineShowsTheSessionInGreenAndASplitPaneTakesTheKeys(TerminalLauncher terminals) {
        TerminalDriver t = tmux(terminals);
        assertThat(t.getByText("[demo]")).hasStyle(Styles.any().bg("green"));
        assertThat(t.getByText("$ ").first()).isVisible();

        t.type("echo one-pane").press(Key.ENTER);
        assertThat(t.getByText("one-pane")).hasCount(2);
        t.press(Key.ctrl('b')).type("%");   // split left | right; the new right pane has the keys
        assertThat(t.getByText("│")).hasCount(19);
        // keys typed before the new pane's shell reads them would be echoed by the terminal, then again by bash
        assertThat(t.getByText("$ ").within(RIGHT_PANE)).isVisible();
        t.type("echo right-pane").press(Key.ENTER);
        assertThat(t.getByText("right-pane").within(RIGHT_PANE)).hasCount(2);   // the command line and its output
        assertThat(t.getByText("right-pane").within(LEFT_PANE)).hasCount(0);
        t.type("exit").press(Key.ENTER);
        assertThat(t.getByText("│")).hasCount(0);
    }

    @Test
    void aClickPicksAPaneTheWheelScrollsItsHistoryAndARightClickOpensItsMenu(TerminalLauncher terminals) {
        TerminalDriver t = tmux(terminals);
        t.type("seq 1 60").press(Key.ENTER);
        assertThat(t.getByRegex("^60$")).isVisible();   // the output, not the command line
        t.press("C-b").type("%");   // tmux's name for its prefix, Ctrl+B
        assertThat(t.getByText("│")).hasCount(19);

        t.click(t.getByText("58"));   // back to the left pane
        t.type("echo left-again").press(Key.ENTER);
        assertThat(t.getByText("left-again").within(LEFT_PANE)).hasCount(2);

        t.scroll(t.getByText("left-again").last(), -3);   // tmux enters copy mode, its position at the top right
        assertThat(t.getByRegex("\\[\\d+/\\d+]")).isVisible();
        t.type("q");
        assertThat(t.getByRegex("\\[\\d+/\\d+]")).isHidden();

        // half a second after the click on "58": tmux reads a press within 300 ms of the last as a double click
        t.click(5, 60, MouseButton.RIGHT);
        assertThat(t.getByText("Horizontal Split")).isVisible();
        t.press(Key.ESCAPE);
        assertThat(t.getByText("Horizontal Split")).isHidden();
    }

    /**
     * Two clicks in a row, as a test sends them: tmux drops a press of another button within 300 ms of the last press
     * as part of a double click, so without the half second the DSL puts between clicks the menu would not open.
     */
    @Test
    void aRightClickRightAfterALeftClickStillOpensTheMenu(TerminalLauncher terminals) {
        TerminalDriver t = tmux(terminals);
        t.click(5, 10).click(5, 10, MouseButton.RIGHT);
        assertThat(t.getByText("Horizontal Split")).isVisible();
        t.press(Key.ESCAPE);
        assertThat(t.getByText("Horizontal Split")).isHidden();
    }

    @Test
    void aDoubleClickCopiesAWordThatThePrefixAndBracketPaste(TerminalLauncher terminals) {
        TerminalDriver t = tmux(terminals);
        t.type("echo copyme").press(Key.ENTER);
        t.doubleClick(t.getByText("copyme").last());   // tmux selects it (black on yellow), copies it, lets go
        assertThat(t.getByStyle(Styles.any().bg("yellow"))).hasText("copyme");
        assertThat(t.getByStyle(Styles.any().bg("yellow"))).isHidden();
        t.press(Key.ctrl('b')).type("]");
        assertThat(t.getByText("$ copyme")).isVisible();
    }

    @Test
    void aDragSelectsTextThatThePrefixAndBracketPaste(TerminalLauncher terminals) {
        TerminalDriver t = tmux(terminals);
        t.type("echo dragged-text").press(Key.ENTER);
        assertThat(t.getByText("dragged-text")).hasCount(2);
        // tmux starts a selection on the first motion with the button held (MouseDrag1Pane): a press and a release
        // alone are a click; the release copies up to the cell before the pointer and leaves copy mode
        t.drag(2, 1, 2, 8);
        t.press(Key.ctrl('b')).type("]");
        assertThat(t.getByText("$ dragged").within(Region.row(3))).isVisible();
    }
}
