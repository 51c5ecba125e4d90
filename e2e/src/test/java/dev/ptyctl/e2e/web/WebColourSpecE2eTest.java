package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.server.UsesServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * A colour set with a device-independent X11 specification (rgbi:, CIE forms, TekHVC), which the page's xterm.js
 * does not read by itself: the page answers its query as the server does, and draws text in it.
 */
@UsesServer
@BrowserTest
class WebColourSpecE2eTest {
    private static final String PROMPT = "web> ";
    /** One of each form, inside the screen's gamut, and one outside it (CIELab a* acts 100-fold in xterm). */
    private static final List<String> SPECS = List.of("rgbi:0.5/0.25/0.75", "CIEXYZ:0.3/0.3/0.3",
            "CIEuvY:0.2/0.45/0.4", "CIExyY:0.3/0.33/0.5", "CIELab:50/0.1/-0.1", "CIELuv:60/0.2/0.1",
            "TekHVC:120/50/20", "CIELab:50/20/0");
    private static final Path RECORDED = Path.of("../vt/src/test/resources/xcms/xterm-379-answers.txt");
    private static final Pattern RGB = Pattern.compile("rgb:[0-9a-f]{4}/[0-9a-f]{4}/[0-9a-f]{4}");
    private static final Pattern REPLY = Pattern.compile("\\^\\[\\]4;(\\d+);(rgb:[0-9a-f/]+)\\^\\[\\\\");
    private WebSession session;
    private Page page;

    @BeforeEach
    void openBrowser() {
        session = WebSession.open();
        page = session.page();
    }

    @AfterEach
    void cleanUp() throws Exception {
        session.close();
    }

    private Terminal shell() throws Exception {
        return session.create(CreateTerminalRequest.builder("colour-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", PROMPT).build());
    }

    /**
     * A command line that sets palette colours 1.. to SPECS and queries them in one write followed by a status
     * request (DSR 5, answered after the colours with {@code CSI 0 n}), collects the replies up to that answer
     * (escapes made visible by cat -v) into {@code file}, then prints text in colour 1.
     */
    private static String program(Path file) {
        StringBuilder sets = new StringBuilder();
        StringBuilder queries = new StringBuilder();
        for (int i = 0; i < SPECS.size(); i++) {
            sets.append("\\033]4;").append(i + 1).append(';').append(SPECS.get(i)).append("\\033\\\\");
            queries.append(i == 0 ? "" : ";").append(i + 1).append(";?");
        }
        return "stty raw -echo; printf '" + sets + "\\033]4;" + queries + "\\033\\\\\\033[5n'; r=;"
                + " while IFS= read -r -s -n1 -t 5 -d '' c; do r+=$c; [[ $r == *$'\\e[0n' ]] && break; done;"
                + " stty sane; printf '%s' \"$r\" | cat -v > " + file + "; printf '\\033[31mPAINTED\\033[0m done\\n'";
    }

    /** The colours the replies in {@code file} report, by colour number. */
    private static List<String> replies(Path file) throws Exception {
        List<String> colours = new ArrayList<>();
        Matcher m = REPLY.matcher(Files.readString(file));
        while (m.find()) {
            assertThat(Integer.parseInt(m.group(1))).isEqualTo(colours.size() + 1);
            colours.add(m.group(2));
        }
        return colours;
    }

    /** What the emulator (the server's) answers to a query of palette colour 1 after each spec. */
    private static List<String> emulatorAnswers(List<String> specs) {
        List<String> answers = new ArrayList<>();
        for (String spec : specs) {
            dev.ptyctl.vt.Terminal vt = new dev.ptyctl.vt.Terminal(10, 2);
            StringBuilder reply = new StringBuilder();
            vt.onReply(bytes -> reply.append(new String(bytes, StandardCharsets.UTF_8)));
            vt.feed(setAndQuery(spec).getBytes(StandardCharsets.UTF_8));
            Matcher m = RGB.matcher(reply);
            answers.add(m.find() ? m.group() : "none");
        }
        return answers;
    }

    private static String setAndQuery(String spec) {
        return "\u001b]4;1;rgb:01/02/03\u001b\\\u001b]4;1;" + spec + "\u001b\\\u001b]4;1;?\u001b\\";
    }

    /**
     * Every spec recorded from real xterm for the emulator's differential test (vt's XcmsAnswersTest), written
     * straight into the page's xterm.js: the page answers each as the emulator does.
     */
    @Test
    void thePageReadsEveryRecordedSpecAsTheEmulatorDoes() throws Exception {
        List<String> specs = Files.readAllLines(RECORDED).stream().filter(line -> !line.startsWith("#"))
                .map(line -> line.substring(0, line.indexOf('\t'))).toList();
        Terminal quiet = session.create(CreateTerminalRequest.builder("colour-" + UUID.randomUUID())
                .command("/bin/sh", "-c", "stty -echo; sleep 600").build());
        String id = quiet.terminalId();
        page.open("/?t=" + id);
        page.waitUntil("the page shows the terminal", () -> Boolean.TRUE.equals(page.js(
                "return !!(window.ptyctl.terminals && window.ptyctl.terminals[arguments[0]]);", id)));
        page.js("""
                const term = window.ptyctl.terminals[arguments[0]];
                const out = [];
                const sub = term.onData((d) => out.push(d));
                window.colourAnswers = null;
                term.write(arguments[1].join(''), () => { sub.dispose(); window.colourAnswers = out.join(''); });""",
                id, specs.stream().map(WebColourSpecE2eTest::setAndQuery).toList());
        page.waitUntil("the page answered", () -> page.js("return window.colourAnswers;") != null);
        List<String> pageAnswers = RGB.matcher((String) page.js("return window.colourAnswers;")).results()
                .map(m -> m.group()).toList();
        List<String> emulator = emulatorAnswers(specs);
        assertThat(pageAnswers).hasSize(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            assertThat(pageAnswers.get(i)).as(specs.get(i)).isEqualTo(emulator.get(i));
        }
    }

    @Test
    void thePageAnswersAndDrawsADeviceIndependentColourAsTheServerAnswersIt(@TempDir Path dir) throws Exception {
        // The server answers while no page shows the terminal.
        Terminal alone = shell();
        try (RpcClient rpc = RpcClient.connect(alone.rpc())) {
            ScreenWaits.shows(rpc, PROMPT.strip());
            rpc.write(Action.text(program(dir.resolve("server"))), Action.key(Key.ENTER));
            ScreenWaits.shows(rpc, "PAINTED done");
        }
        List<String> server = replies(dir.resolve("server"));
        assertThat(server).hasSize(SPECS.size());

        // The page claims its terminal, so it answers.
        Terminal shown = shell();
        String id = shown.terminalId();
        page.open("/?t=" + id + "&renderer=dom");
        page.waitForText(id, PROMPT.strip());
        page.click(id);
        WebPageE2eTest.waitForPtySize(page, session.terminals(), id, WebPageE2eTest.sentSizeOf(page, id));
        page.type(id, program(dir.resolve("page")), Keys.ENTER);
        page.waitForText(id, "PAINTED done");
        assertThat(replies(dir.resolve("page"))).as("the page's answers").isEqualTo(server);

        String paintedColour = """
                const view = document.querySelector("section.terminal-view[data-terminal='" + arguments[0] + "']");
                const span = [...view.querySelectorAll('.xterm-rows span')].find((s) => s.textContent === 'PAINTED');
                return span ? getComputedStyle(span).color : null;""";
        // The buffer has the text before the DOM renderer draws it (on the next animation frame)
        page.waitUntil("the DOM renderer drew PAINTED", () -> page.js(paintedColour, id) != null);
        Object painted = page.js(paintedColour, id);
        String[] rgb = server.get(0).substring(4).split("/");
        assertThat(painted).as("text in colour 1").isEqualTo("rgb(%d, %d, %d)".formatted(
                Integer.parseInt(rgb[0], 16) >> 8, Integer.parseInt(rgb[1], 16) >> 8, Integer.parseInt(rgb[2], 16) >> 8));
    }
}
