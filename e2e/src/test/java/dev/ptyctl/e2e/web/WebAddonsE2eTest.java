package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.server.UsesServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The xterm.js addons the page loads, seen in Chromium as a user would notice them: emoji take two cells (Unicode 11
 * widths, as the server's emulator counts them), and a program may copy to the clipboard (OSC 52) only when the page
 * was opened with {@code ?clipboard=1}.
 */
@UsesServer
@BrowserTest
class WebAddonsE2eTest {
    private static final String PROMPT = "addons> ";
    /** Replaces the browser's clipboard with a recorder: headless Chromium has no clipboard to read back. */
    private static final String RECORD_CLIPBOARD = """
            window.copied = [];
            navigator.clipboard.writeText = (text) => { window.copied.push(text); return Promise.resolve(); };""";
    private final List<String> created = new ArrayList<>();
    private TerminalsClient terminals;
    private Page page;

    @BeforeEach
    void openBrowser() {
        String url = System.getProperty("ptyctl.url");
        terminals = TerminalsClient.of(URI.create(url));
        page = Page.in(url);
    }

    @AfterEach
    void cleanUp() throws Exception {
        page.leave();
        for (String id : created) {
            terminals.delete(id);
        }
        terminals.close();
    }

    private Terminal shell() throws Exception {
        Terminal terminal = terminals.create(CreateTerminalRequest.builder("addons-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", PROMPT).build());
        created.add(terminal.terminalId());
        return terminal;
    }

    /** Types a command line and Enter into the terminal (not through the page). */
    private static void run(Terminal terminal, String line) throws Exception {
        try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
            rpc.write(Action.text(line), Action.key(Key.ENTER));
        }
    }

    @Test
    void anEmojiTakesTwoCellsAsUnicode11Says() throws Exception {
        Terminal terminal = shell();
        String id = terminal.terminalId();
        page.open("/?t=" + id);
        page.waitForText(id, PROMPT.strip());
        run(terminal, "printf 'x\\U0001F600y|\\n'"); // U+1F600: one cell wide in Unicode 6, two in 11
        page.waitForText(id, "y|");
        Object column = page.js("""
                const b = window.ptyctl.terminals[arguments[0]].buffer.active;
                for (let row = 0; row < b.length; row++) {
                  const line = b.getLine(row);
                  if (!line.translateToString(true).startsWith('x')) continue;
                  for (let col = 0; col < line.length; col++) {
                    if (line.getCell(col).getChars() === 'y') return col;
                  }
                }
                return -1;""", id);
        assertThat(((Number) column).intValue()).as("the column of y after x and the emoji").isEqualTo(3);
    }

    @Test
    void aProgramCopiesToTheClipboardOnlyWhenThePageWasOpenedWithClipboardOne() throws Exception {
        Terminal terminal = shell();
        String id = terminal.terminalId();
        String copy = "printf '\\e]52;c;%%s\\a' $(printf %s | base64); printf 'done-%%s\\n' %s";

        page.open("/?t=" + id);
        page.waitForText(id, PROMPT.strip());
        page.js(RECORD_CLIPBOARD);
        run(terminal, copy.formatted("not-without-consent", "1"));
        page.waitForText(id, "done-1");
        assertThat((List<?>) page.js("return window.copied;")).as("no ?clipboard=1: nothing copied").isEmpty();

        page.open("/?t=" + id + "&clipboard=1");
        page.waitForText(id, "done-1");
        page.js(RECORD_CLIPBOARD);
        run(terminal, copy.formatted("copied-with-consent", "2"));
        page.waitForText(id, "done-2");
        page.waitUntil("the program's text reached the clipboard",
                () -> ((List<?>) page.js("return window.copied;")).contains("copied-with-consent"));
    }
}
