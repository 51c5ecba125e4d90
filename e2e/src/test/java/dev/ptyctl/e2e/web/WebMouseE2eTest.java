package dev.ptyctl.e2e.web;

import static dev.ptyctl.e2e.web.WebPageE2eTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.server.UsesServer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.interactions.Actions;

/**
 * Mouse reports reach the program as the bytes xterm.js makes: in the default X10 encoding a click past column 95
 * puts a byte 0x80-0xFF in the report, which went to the program UTF-8-encoded (two bytes) and landed elsewhere.
 */
@UsesServer
@BrowserTest
class WebMouseE2eTest extends PageTest {
    private static final String PROMPT = "mouse> ";
    /** Turns X10-encoded mouse reports on, reads one report raw and prints its bytes in hex. */
    private static final String READ_ONE_REPORT = "python3 -c 'import os, tty; tty.setraw(0);"
            + " os.write(1, b\"\\x1b[?1000h\" + b\"x10\" + b\"-ready\\r\\n\");"
            + " b = b\"\".join(os.read(0, 1) for _ in range(6));"
            + " os.write(1, b\"\\x1b[?1000l\"); print(\"got\", b.hex(), end=\"\\r\\n\")'";

    @Test
    void aClickPastColumn95ReachesTheProgramAsTheX10EncodingsSingleBytes() throws Exception {
        Terminal terminal = session.shownShell(PROMPT, "");
        String id = terminal.terminalId();
        assertThat(page.sentSize(id).get("cols")).as("columns to click past 95 in").isGreaterThan(100L);

        run(terminal, READ_ONE_REPORT);
        page.waitForText(id, "x10-ready");
        int[] at = page.cellCentre(id, "x10-ready", 99); // "x10-ready" starts the line: column 100
        page.select();
        new Actions(page.driver()).moveToLocation(at[0], at[1]).click().perform();

        Matcher report = Pattern.compile("got ([0-9a-f]+)").matcher("");
        page.waitUntil("the program prints the report it read", () -> report.reset(page.buffer(id)).find());
        // ESC [ M, button 1 pressed (0x20), column 100 (32 + 100 = 0x84), then the row's one byte
        assertThat(report.group(1)).as("the press report's bytes").matches("1b5b4d2084[0-9a-f]{2}");
    }
}
