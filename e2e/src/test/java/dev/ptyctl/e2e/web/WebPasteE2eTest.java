package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;

/**
 * Pasting into a terminal: several lines into a program that did not ask for a bracketed paste, or a very large
 * paste, ask first; into bash, which takes a paste as one, lines go at once and run on Enter; pasted text cannot end
 * the bracketed paste early; text dropped is a paste too. The paste is the browser's paste event ({@link Page#paste}).
 */
@UsesServer
@BrowserTest
class WebPasteE2eTest extends PageTest {
    private static final String PROMPT = "paste> ";
    private static final String QUESTION = ".terminal-view:not([hidden]) .paste-question";

    /**
     * Two lines pasted into {@code cat} (no bracketed paste: each line would be read as it comes) ask first: Cancel
     * sends nothing, Paste (Enter) sends both; a 20 KiB line pasted into bash asks too, saying its size.
     */
    @Test
    void severalLinesIntoAProgramWithoutBracketedPasteAndALargePasteAskFirst() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.type(id, "cat", Keys.ENTER);
        page.waitForBracketedPaste(id, false);

        page.paste(id, "first-line\nsecond-line\n");
        page.waitUntil("the page asks first", () -> page.element(QUESTION).isDisplayed());
        assertThat(page.text(QUESTION)).contains("2 lines").contains("bracketed paste");
        assertThat(page.element(QUESTION).getAccessibleName()).as("what a screen reader says of the dialog")
                .startsWith("Paste 2 lines?");
        page.clickOn(QUESTION + " [data-action=cancel]");
        page.type(id, "mark", Keys.ENTER);
        page.waitForText(id, "\nmark\nmark\n"); // typed, then cat's copy
        assertThat(page.buffer(id)).as("what Cancel sent").doesNotContain("first-line");

        page.paste(id, "first-line\nsecond-line\n");
        page.waitUntil("the page asks first", () -> page.element(QUESTION).isDisplayed());
        page.driver().switchTo().activeElement().sendKeys(Keys.ENTER); // the question's Paste has the keyboard
        page.waitUntil("both lines echoed and copied by cat",
                () -> page.buffer(id).split("\nsecond-line\n", -1).length == 3);
        assertThat(page.element(QUESTION).isDisplayed()).isFalse();

        page.type(id, Keys.chord(Keys.CONTROL, "c"));
        page.waitForBracketedPaste(id, true);
        page.paste(id, "x".repeat(20 * 1024));
        page.waitUntil("the page asks first", () -> page.element(QUESTION).isDisplayed());
        assertThat(page.text(QUESTION)).contains("20 KiB, 1 line");
        page.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
        page.waitUntil("the question is gone", () -> !page.element(QUESTION).isDisplayed());
        assertThat(page.hasKeyboard(id)).as("the terminal has the keyboard again").isTrue();
    }

    /**
     * Text dropped on the terminal is a paste: into bash two lines wait at the prompt for Enter, into {@code cat} they
     * ask first. A file dropped types nothing (its name alone would name another file, or none, on the server) and the
     * page says why; Enter closes the note and the terminal has the keyboard again.
     */
    @Test
    void textDroppedIsPastedAndAFileDroppedSaysWhyNothingIsTyped() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.waitForBracketedPaste(id, true);

        twoLinesWaitForEnter(id, page::drop);

        page.dropFile(id, "notes.txt");
        page.waitUntil("the page says why", () -> page.element(QUESTION).isDisplayed());
        assertThat(page.text(QUESTION)).startsWith("notes.txt not typed: ").contains("not its path");
        page.driver().switchTo().activeElement().sendKeys(Keys.ENTER); // OK
        page.waitUntil("the note is gone", () -> !page.element(QUESTION).isDisplayed());
        assertThat(page.hasKeyboard(id)).as("the terminal has the keyboard again").isTrue();
        page.type(id, "cat", Keys.ENTER);
        page.waitForBracketedPaste(id, false);
        assertThat(page.buffer(id)).as("what the drop typed").doesNotContain("notes.txt");

        page.drop(id, "first-line\nsecond-line\n");
        page.waitUntil("the page asks first", () -> page.element(QUESTION).isDisplayed());
        assertThat(page.text(QUESTION)).contains("2 lines").contains("bracketed paste");
    }

    /**
     * With the paste question off, text dropped reaches the program at once, as the bytes a paste sends: its line
     * ends as CR (Enter), and bracketed (ESC [200~ ... ESC [201~) only when the program asked, an end mark in the text
     * taken out. The program reads the bytes as they come and prints them in hex.
     */
    @Test
    void textDroppedWithTheQuestionOffIsTheBytesOfAPaste() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.reloadWithSettings(id, "{\"confirmPaste\": false}", PROMPT.strip());

        assertThat(dropped(terminal, id, "", 7, "one\ntwo")).as("not bracketed")
                .isEqualTo("6f 6e 65 0d 74 77 6f");
        assertThat(dropped(terminal, id, "printf '\\033[?2004h'; ", 19, "one\ntwo\u001b[201~"))
                .as("bracketed").isEqualTo("1b 5b 32 30 30 7e 6f 6e 65 0d 74 77 6f 1b 5b 32 30 31 7e");
        assertThat(page.element(QUESTION).isDisplayed()).as("a question").isFalse();
    }

    /**
     * The bytes in hex that a program started with {@code before} reads of {@code text} dropped on it: it reads
     * {@code count} bytes, then prints them on a line of its own.
     */
    private String dropped(Terminal terminal, String id, String before, int count, String text) throws Exception {
        String mark = "read-" + count + "-";
        String got = "hex" + count + "x";
        // Bytes as they come (no line editing, CR kept as CR, no echo); the output as ever.
        WebPageE2eTest.run(terminal, before + "stty -icanon -icrnl -echo min 1 time 0; echo " + mark + "$((6*7));"
                + " head -c " + count + " | od -An -tx1 -w64 | sed \"s/^/" + got + "$((6*7)):/\"; stty sane;"
                + " printf '\\033[?2004l'");
        page.waitForText(id, "\n" + mark + "42");
        page.drop(id, text);
        page.waitForText(id, got + "42:");
        String buffer = page.buffer(id);
        String line = buffer.substring(buffer.lastIndexOf(got + "42:") + (got + "42:").length());
        return line.substring(0, line.indexOf('\n')).strip();
    }

    /**
     * Into bash, which asks for a bracketed paste, two lines go at once and wait at the prompt until Enter runs them;
     * a paste holding the paste's end mark (ESC [ 201 ~) cannot end it early and run what follows as typed.
     */
    @Test
    void linesPastedIntoBashWaitForEnterAndCannotEndThePasteEarly() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        page.waitForBracketedPaste(id, true);

        twoLinesWaitForEnter(id, page::paste);

        page.paste(id, "echo injected-$((6*7))\u001b[201~\n");
        page.waitForText(id, "echo injected-$((6*7))");
        page.type(id, Keys.chord(Keys.CONTROL, "c"), "echo after", Keys.ENTER);
        page.waitForText(id, "\nafter\n");
        assertThat(page.buffer(id)).as("what ran of the paste").doesNotContain("injected-42");
    }

    /**
     * Two commands given to bash by {@code give} (a paste, a drop) go at once, as one bracketed paste: they wait at the
     * prompt, no question asked, and run on Enter.
     */
    private void twoLinesWaitForEnter(String id, BiConsumer<String, String> give) {
        give.accept(id, "echo one-$((1))\necho two-$((2))");
        page.waitForText(id, "echo two-$((2))");
        assertThat(page.element(QUESTION).isDisplayed()).as("a question").isFalse();
        assertThat(page.buffer(id)).as("run before Enter").doesNotContain("two-2");
        page.type(id, Keys.ENTER);
        page.waitForText(id, "\none-1\ntwo-2\n");
    }
}
