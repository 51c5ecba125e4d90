package dev.ptyctl.e2e.web;

import static dev.ptyctl.e2e.web.WebPageE2eTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.interactions.Actions;

/**
 * The search box (Ctrl-Shift-F) kept open while the program prints: its count of matches is the buffer's as it is
 * now, also while output streams and after the scrollback has dropped the lines that matched.
 */
@UsesServer
@BrowserTest
class WebSearchE2eTest extends PageTest {
    private static final String PROMPT = "find> ";
    private static final String BOX = ".terminal-view:not([hidden]) .search";
    private static final String COUNT = BOX + " .search-count";

    /**
     * Matches printed while the box is open are counted as they come, during a stream that never pauses (the count
     * was taken once, when the text was typed; xterm.js's search addon counts again only after 200 ms without output).
     */
    @Test
    void theCountFollowsOutputPrintedWhileTheBoxIsOpen() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        run(terminal, "printf 'nee%s\\n' dle-a dle-b dle-c"); // "needle" three times, not in the command
        page.waitForText(id, "needle-c");
        page.find(id, "needle");
        page.waitUntil("the box counts three matches", () -> page.text(COUNT).matches("[123] of 3"));

        // Each count the box shows, and whether the stream had ended when it showed it.
        page.js("""
                window.counts = [];
                const t = window.ptyctl.terminals[arguments[0]];
                new MutationObserver(() => {
                  const b = t.buffer.active;
                  let ended = false;
                  for (let y = 0; y < b.length; y++) ended ||= b.getLine(y).translateToString(true) === 'stream-done';
                  window.counts.push({text: document.querySelector(arguments[1]).textContent, ended});
                }).observe(document.querySelector(arguments[1]), {childList: true, characterData: true, subtree: true});
                """, id, COUNT);
        // 80 lines 50 ms apart: the addon's count, put off by each write, waited for the end.
        run(terminal, "for i in $(seq 1 80); do echo nee''dle-$i; sleep 0.05; done; echo stream-''done");
        page.waitUntil("the box counts 83 matches", () -> page.text(COUNT).endsWith(" of 83"));
        List<?> counts = (List<?>) page.js("return window.counts.filter((c) => !c.ended).map((c) => c.text);");
        assertThat(counts).as("the counts shown while the stream went on")
                .anyMatch(count -> count.toString().matches("\\d+ of ([4-9]|[1-7]\\d|8[0-2])"));
    }

    /**
     * A search whose lines the scrollback has dropped (10,000 lines) finds nothing any more: the box says so, in
     * red, and counts a match printed after that (it went on counting the lines that were gone).
     */
    @Test
    void theCountFollowsTheScrollbackWhenItDropsTheMatchingLines() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        run(terminal, "printf 'nee%s\\n' dle-a dle-b");
        page.waitForText(id, "needle-b");
        page.find(id, "needle");
        page.waitUntil("the box counts two matches", () -> page.text(COUNT).matches("[12] of 2"));

        run(terminal, "seq 1 10500; echo seq-''done");
        page.waitForText(id, "\nseq-done");
        page.waitUntil("the box says there is no match", () -> "no match".equals(page.text(COUNT)));
        assertThat(page.attribute(BOX + " input", "aria-invalid")).as("the field is red").isEqualTo("true");

        run(terminal, "echo nee''dle-c");
        page.waitUntil("the box counts the new match", () -> "1 of 1".equals(page.text(COUNT)));
        assertThat(page.attribute(BOX + " input", "aria-invalid")).as("the field is red").isEqualTo("false");
    }

    /** More matches than are counted (1,000) say so: "1,000" was taken for the whole count. */
    @Test
    void moreMatchesThanAreCountedSaySo() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        run(terminal, "seq 1 1200 | sed 's/^/nee''dle-/'");
        page.waitForText(id, "\nneedle-1200\n");
        page.find(id, "needle");
        page.waitUntil("the box says there are more", () -> page.text(COUNT).matches("\\d+ of 1000\\+"));
    }

    /**
     * A word the person selected (to copy it) while the box is open stays selected as output streams: each count
     * selected the match next to it instead, four times a second.
     */
    @Test
    void aSelectionMadeWhileTheBoxIsOpenStaysAsTheCountFollows() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        run(terminal, "printf 'nee%s\\n' dle-a dle-b; echo keep-this-$((6*7))"); // not in the command line
        page.waitForText(id, "\nkeep-this-42");
        page.find(id, "needle");
        page.waitUntil("the box counts two matches", () -> page.text(COUNT).matches("[12] of 2"));
        int[] word = page.cellCentre(id, "keep-this-42", 3);
        new Actions(page.driver()).moveToLocation(word[0], word[1]).doubleClick().perform();
        page.waitUntil("the word is selected", () -> "keep-this-42".equals(selection(id)));

        run(terminal, "for i in $(seq 1 30); do echo nee''dle-$i; sleep 0.05; done");
        page.waitUntil("the box counts 32 matches", () -> page.text(COUNT).endsWith(" of 32"));
        assertThat(selection(id)).as("the selection").isEqualTo("keep-this-42");
    }

    /**
     * A step of the text size while the box is open leaves the lines where the person scrolled them: the match was
     * found again, as for a new theme's colours, and brought back into sight at every step.
     */
    @Test
    void aTextSizeStepWhileTheBoxIsOpenLeavesTheViewWhereThePersonScrolled() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        run(terminal, "echo nee''dle-$((6*7)); seq 1 200");
        page.waitForText(id, "\n200\n");
        page.find(id, "needle-42");
        page.waitUntil("the match is selected, far above",
                () -> "needle-42".equals(selection(id)) && linesBelow(id) > 0);
        page.js("window.ptyctl.terminals[arguments[0]].scrollToBottom();", id); // the latest lines, to read them
        long cols = ((Number) page.js("return window.ptyctl.terminals[arguments[0]].cols;", id)).longValue();
        page.clickOn("#font-bigger");
        page.waitUntil("the grid is narrower", () -> ((Number) page.js(
                "return window.ptyctl.terminals[arguments[0]].cols;", id)).longValue() < cols);
        assertThat(linesBelow(id)).as("lines below the view").isZero();
    }

    /** How many lines of the buffer are below the lines in view (0: the latest are shown). */
    private long linesBelow(String id) {
        return ((Number) page.js("const b = window.ptyctl.terminals[arguments[0]].buffer.active;"
                + " return b.baseY - b.viewportY;", id)).longValue();
    }

    private String selection(String id) {
        return (String) page.js("return window.ptyctl.terminals[arguments[0]].getSelection();", id);
    }
}
