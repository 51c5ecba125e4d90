package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.e2e.ScreenWaits;
import dev.ptyctl.e2e.server.ServerProcess;
import dev.ptyctl.e2e.server.SharedServer;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.vt.fixtures.Vt;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * The queries the page's xterm.js leaves unanswered, asked by a program in the terminal: with a page that claims
 * the terminal each gets exactly one answer, the page's, byte for byte in the server's format (or from what the page
 * shows, where it knows better: its size, its theme); without a page, the server's answers are the emulator's.
 * The program sends each query followed by a status request (DSR 5, which both answer with {@code CSI 0 n}) and
 * records everything that comes back up to that answer, so an answer missing, doubled or malformed shows. The title
 * reports (XTWINOPS 20, 21) stay unanswered on the shared server (titleReports off, as xterm); on a server with
 * titleReports on, the server answers them exactly once, also while the page answers the rest.
 */
@UsesServer
@BrowserTest
class WebQueriesE2eTest {
    private static final String PROMPT = "queries> ";
    private static final String ESC = "\u001b";
    private static final String ST = ESC + "\\";
    /** The page's xterm.js answers DA1 so (the server as a VT520): who answers shows. */
    private static final String PAGE_DA1 = ESC + "[?1;2c";
    /** The answer to the status request sent after each query. */
    private static final String STATUS_OK = ESC + "[0n";
    /** Clears the screen and writes A, a blank, e with a combining acute and a wide character on row 1. */
    private static final String CHECKSUM_SCREEN = ESC + "[H" + ESC + "[2JA" + ESC + "[1;3He\u0301\u4e2d";
    /** Each query by name, in the order asked; the answers whose values depend on who answers are named. */
    private static final Map<String, String> QUERIES = queries();
    /** The key under which {@link #askThroughThePage} returns the terminal's id. */
    private static final String TERMINAL = "terminal";
    /** The program: reads queries (printf %b notation) from $1, appends each one's answer and DSR 5's to $2. */
    private static final String PROGRAM = """
            sentinel=$'\\e\\\\[0n$'
            stty raw -echo
            while IFS= read -r query <&3; do
              printf '%b\\033[5n' "$query"
              got=
              while IFS= read -r -s -n1 -t 5 -d '' ch; do
                got+=$ch
                [[ $got =~ $sentinel ]] && break
              done
              printf '%s\\n' "$got" >> "$2"
            done 3< "$1"
            stty sane
            echo QUERIES-DONE
            """;

    private WebSession session;
    @TempDir
    Path dir;

    @BeforeEach
    void openBrowser() throws Exception {
        session = WebSession.open();
        Files.writeString(dir.resolve("queries.sh"), PROGRAM);
        StringBuilder lines = new StringBuilder();
        QUERIES.values().forEach(query -> lines.append(printfNotation(query)).append('\n'));
        Files.writeString(dir.resolve("queries.txt"), lines);
    }

    @AfterEach
    void cleanUp() throws Exception {
        session.close();
    }

    private static Map<String, String> queries() {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("DA1", ESC + "[c");
        q.put("DECID", ESC + "Z");
        q.put("DA3", ESC + "[=c");
        q.put("XTVERSION", ESC + "[>q");
        q.put("DECDSR 5", ESC + "[?5n");
        q.put("DECXCPR", ESC + "[3;4H" + ESC + "[?6n");
        for (int report : new int[] {15, 25, 26, 53, 55, 56, 62, 75, 85}) {
            q.put("DECDSR " + report, ESC + "[?" + report + "n");
        }
        q.put("DECDSR 63", ESC + "[?63;1n");
        q.put("XTQMODKEYS", ESC + "[?4m");
        q.put("XTSMGRAPHICS", ESC + "[?1;1;0S" + ESC + "[?2;1;0S" + ESC + "[?3;1;0S" + ESC + "[?1;9;0S" + ESC + "[?1;1S");
        q.put("XTREPORTCOLORS", ESC + "[#R");
        q.put("DECTABSR", ESC + "[2$w");
        q.put("XTREPORTSGR", ESC + "[2;1H" + ESC + "[1;31mab" + ESC + "[0;1;4;58:5:9mc" + ESC + "[0;21;58:5:9md"
                + ESC + "[m" + ESC + "[2;1;2;2#|" + ESC + "[2;1;2;3#|" + ESC + "[2;3;2;3#|" + ESC + "[2;3;2;4#|"
                + ESC + "[2K");
        q.put("XTQMODKEYS after XTMODKEYS", ESC + "[>4;2m" + ESC + "[?0;1;2;3;4;5;6m" + ESC + "[>4m");
        for (String setting : new String[] {"t", "*|", "$|", "s", "$}", "$~"}) {
            q.put("DECRQSS " + setting, ESC + "P$q" + setting + ST);
        }
        q.put("DECRQSS SGR", ESC + "[1;2;3;4;5;7;8;9;53;31;48;5;200m" + ESC + "P$qm" + ST + ESC + "[m");
        q.put("DECRQSS SGR direct", ESC + "[21;95;38;2;1;2;3;48;5;3;58;5;9m" + ESC + "P$qm" + ST + ESC + "[m");
        q.put("DECRQSS SGR underline colour", ESC + "[4;58;2;10;20;30m" + ESC + "P$qm" + ST + ESC + "[m");
        q.put("DECRQSS SGR none", ESC + "P$qm" + ST);
        q.put("XTGETTCAP TN;colors", ESC + "P+q544e;636f6c6f7273" + ST);
        q.put("XTGETTCAP kcuu1;kb", ESC + "P+q6b63757531;6b62" + ST);
        q.put("XTGETTCAP unknown", ESC + "P+q6b63757531;78797a" + ST);
        q.put("DECRQCRA", CHECKSUM_SCREEN + ESC + "[7;1;1;1;1;6*y");
        q.put("DECRQCRA two rows", ESC + "[3;1;1;1;2;5*y");
        q.put("DECRQCRA origin mode", ESC + "[2;3r" + ESC + "[?6h" + ESC + "[9;1;0;1;0;6*y" + ESC + "[?6l"
                + ESC + "[r");
        q.put("XTWINOPS 11", ESC + "[11t");
        q.put("XTWINOPS 13", ESC + "[13t");
        q.put("XTWINOPS 13;2", ESC + "[13;2t");
        q.put("XTWINOPS 14", ESC + "[14t");
        q.put("XTWINOPS 14;2", ESC + "[14;2t");
        q.put("XTWINOPS 15", ESC + "[15t");
        q.put("XTWINOPS 16", ESC + "[16t");
        q.put("XTWINOPS 18", ESC + "[18t");
        q.put("XTWINOPS 19", ESC + "[19t");
        q.put("OSC 5", ESC + "]5;0;?" + ST);
        q.put("OSC 13;?;?", ESC + "]13;?;?" + ST);
        for (int osc = 15; osc <= 19; osc++) {
            q.put("OSC " + osc, ESC + "]" + osc + ";?" + ST);
        }
        q.put("OSC 17 set", ESC + "]17;rgb:12/34/56" + ST + ESC + "]17;?" + ST);
        q.put("OSC 5 set", ESC + "]5;2;#abcdef" + ST + ESC + "]5;2;?" + ST);
        q.put("OSC 117", ESC + "]117" + ST + ESC + "]17;?" + ST);
        q.put("OSC 4;256", ESC + "]4;256;?;260;?" + ST);
        q.put("OSC 4;258 set", ESC + "]4;258;#123456" + ST + ESC + "]5;2;?" + ST + ESC + "]4;258;?" + ST);
        q.put("OSC 104;258", ESC + "]104;258" + ST + ESC + "]4;258;?" + ST);
        q.put("OSC 12;?;?", ESC + "]12;?;?" + ST);
        q.put("OSC 4 palette and special", ESC + "]4;1;?;256;?" + ST);
        // Before RIS, which restores the default stops.
        q.put("DECTABSR set", ESC + "[3g" + ESC + "[4G" + ESC + "H" + ESC + "[11G" + ESC + "H" + ESC + "[2$w");
        q.put("RIS", ESC + "]5;1;#010203" + ST + ESC + "]17;#040506" + ST + ESC + "c"
                + ESC + "]5;1;?" + ST + ESC + "]17;?" + ST);
        // Last: the titles they set stay. Never set (bash without its startup files sets none), then OSC 0 (both),
        // OSC 1 (the icon label alone), UTF-8, XTSMTITLE 1 (reported hex-encoded) and 0 (set hex-encoded).
        q.put("XTWINOPS 21 never set", ESC + "[21t");
        q.put("XTWINOPS 20 never set", ESC + "[20t");
        q.put("XTWINOPS 21 and 20", ESC + "]0;caf\u00e9 \u4e2d" + ST + ESC + "]1;icon" + ST + ESC + "[21t"
                + ESC + "[20t");
        q.put("XTWINOPS 21 hex", ESC + "[>1t" + ESC + "[21t" + ESC + "[>1T");
        q.put("XTWINOPS 21 set hex", ESC + "[>0t" + ESC + "]2;414243" + ST + ESC + "[>0T" + ESC + "[21t");
        return q;
    }

    /** The query in printf's %b notation (octal escapes for ESC and every byte outside printable ASCII). */
    private static String printfNotation(String query) {
        StringBuilder out = new StringBuilder();
        for (byte b : query.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c == '\\') {
                out.append("\\\\");
            } else if (c >= 0x20 && c < 0x7f) {
                out.append((char) c);
            } else {
                out.append("\\0").append(Integer.toOctalString(c));
            }
        }
        return out.toString();
    }

    /**
     * The server's emulator's answer to each query, asked in order on a fresh terminal of the size, with the title
     * reports allowed or not.
     */
    private static Map<String, String> emulatorAnswers(TerminalSize size, boolean titleReports) {
        dev.ptyctl.vt.Terminal vt = new dev.ptyctl.vt.Terminal(size.cols(), size.rows());
        vt.allowTitleReports(titleReports);
        StringBuilder reply = new StringBuilder();
        vt.onReply(bytes -> reply.append(new String(bytes, StandardCharsets.UTF_8)));
        Map<String, String> answers = new LinkedHashMap<>();
        QUERIES.forEach((name, query) -> {
            reply.setLength(0);
            vt.feed(query.getBytes(StandardCharsets.UTF_8));
            answers.put(name, reply.toString());
        });
        return answers;
    }

    /** Runs the program in the terminal through {@code typist} and returns each query's answer and DA1's. */
    private List<String> ask(String name, Typist typist) throws Exception {
        return ask(name, dir.resolve("queries.txt"), QUERIES.size(), typist);
    }

    /** Runs the program on {@code queries} ({@code count} lines) through {@code typist}; each line's answers. */
    private List<String> ask(String name, Path queries, int count, Typist typist) throws Exception {
        Path out = dir.resolve(name);
        typist.type("bash " + dir.resolve("queries.sh") + " " + queries + " " + out);
        List<String> lines = List.of(Files.readString(out, StandardCharsets.UTF_8).split("\n", -1));
        assertThat(lines).as("a line a query, and the end").hasSize(count + 1);
        return lines.subList(0, count);
    }

    /** The answers of {@code lines} by query name, after checking each ends with the status request's answer. */
    private static Map<String, String> answers(List<String> lines) {
        Map<String, String> answers = new LinkedHashMap<>();
        List<String> names = List.copyOf(QUERIES.keySet());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertThat(line).as("the status answered after " + names.get(i) + ": " + visible(line)).endsWith(STATUS_OK);
            answers.put(names.get(i), line.substring(0, line.length() - STATUS_OK.length()));
        }
        return answers;
    }

    /** Runs the program in {@code alone}, typed over JSON-RPC with no page attached, once its prompt is there. */
    private List<String> askWithoutAPage(Terminal alone, String name) throws Exception {
        try (RpcClient rpc = RpcClient.connect(alone.rpc())) {
            ScreenWaits.shows(rpc, PROMPT.strip());
            return ask(name, command -> {
                rpc.write(Action.text(command), Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "QUERIES-DONE");
            });
        }
    }

    private Terminal shell() throws Exception {
        return shell(session);
    }

    private static Terminal shell(WebSession on) throws Exception {
        return on.create(CreateTerminalRequest.builder("queries-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").env("PS1", PROMPT).build());
    }

    @Test
    void withoutAPageTheServerAnswersEachQueryOnceAsTheEmulator() throws Exception {
        Terminal alone = shell();
        List<String> lines = askWithoutAPage(alone, "server");
        Map<String, String> expected = emulatorAnswers(session.terminals().get(alone.terminalId()).size(), false);
        assertThat(answers(lines)).isEqualTo(expected);
        assertThat(expected.get("XTWINOPS 21 and 20")).as("titleReports off: no title reports").isEmpty();
        assertThat(expected.get("XTQMODKEYS")).as("no modifyOtherKeys").isEqualTo(ESC + "[>4;0m");
    }

    @Test
    void aPageThatClaimsTheTerminalAnswersEachQueryOnceInTheServersFormat() throws Exception {
        Map<String, String> got = askThroughThePage(session);
        String id = got.remove(TERMINAL);
        Map<String, String> expected = emulatorAnswers(session.terminals().get(id).size(), false);
        expected.putAll(pageAnswers(session.page(), id));
        assertThat(got).isEqualTo(expected);
        assertThat(got.get("DECRQCRA")).as("A, blank, e + U+0301, U+4E2D, its right half, blank")
                .isEqualTo(ESC + "P7!~5214" + ST);
        assertThat(got.get("XTWINOPS 21 and 20")).as("titleReports off: no title reports").isEmpty();
        assertThat(got.get("XTVERSION")).as("the page's bundle names this build's version, as the server does")
                .isEqualTo(ESC + "P>|ptyctl(" + Vt.buildVersion() + ")" + ST);
        assertThat(got.get("XTQMODKEYS")).as("xterm.js has no modifyOtherKeys, whatever vim sets")
                .isEqualTo(ESC + "[>4;0m");
        assertThat(got.get("XTSMGRAPHICS")).as("no sixel: failure, as a VT520 xterm")
                .isEqualTo(ESC + "[?1;3S" + ESC + "[?2;3S" + ESC + "[?3;1S" + ESC + "[?1;2S");
        assertThat(got.get("XTREPORTCOLORS")).as("an empty palette stack").isEqualTo(ESC + "[?0;0#Q");
        assertThat(got.get("XTREPORTSGR")).as("what the page's cells share")
                .isEqualTo(ESC + "[0;1;31m" + ESC + "[0;1m" + ESC + "[0;1;4;58:5:9m" + ESC + "[0m");
        assertThat(got.get("DECTABSR set")).as("the page's tab stops").isEqualTo(ESC + "P2$u4/11" + ST);
    }

    @Test
    void withTitleReportsOnTheServerAnswersThemOnceWhileThePageAnswersTheRest() throws Exception {
        try (ServerProcess server = ServerProcess.start(titleReportsOn(), "--port", "0")) {
            try (WebSession own = WebSession.open(server.url())) {
                Map<String, String> got = askThroughThePage(own);
                String id = got.remove(TERMINAL);
                Map<String, String> expected = emulatorAnswers(own.terminals().get(id).size(), true);
                expected.putAll(pageAnswers(own.page(), id));
                assertThat(got).isEqualTo(expected);
                assertThat(got.get("XTWINOPS 21 never set")).isEqualTo(ESC + "]l" + ST);
                assertThat(got.get("XTWINOPS 21 and 20")).as("OSC 0 set both, OSC 1 then the icon label")
                        .isEqualTo(ESC + "]lcaf\u00e9 \u4e2d" + ST + ESC + "]Licon" + ST);
                assertThat(got.get("XTWINOPS 21 hex")).isEqualTo(ESC + "]l636166C3A920E4B8AD" + ST);
                assertThat(got.get("XTWINOPS 21 set hex")).isEqualTo(ESC + "]lABC" + ST);
            }
        }
    }

    @Test
    void withTitleReportsOnAndNoPageTheServerAnswersThemOnce() throws Exception {
        try (ServerProcess server = ServerProcess.start(titleReportsOn(), "--port", "0")) {
            try (WebSession own = WebSession.open(server.url())) {
                Terminal alone = shell(own);
                Map<String, String> got = answers(askWithoutAPage(alone, "server-titles"));
                assertThat(got).isEqualTo(emulatorAnswers(own.terminals().get(alone.terminalId()).size(), true));
                assertThat(got.get("XTWINOPS 21 and 20"))
                        .isEqualTo(ESC + "]lcaf\u00e9 \u4e2d" + ST + ESC + "]Licon" + ST);
            }
        }
    }

    @Test
    void aBurstWithTitleReportsGetsEachAnswerOnceInTheOrderOfItsQueries() throws Exception {
        // One write a line: the page answers DA1, the server's emulator the title report (the page relays its answer),
        // in every order the two can be asked in; each line ends with the program's status request.
        List<String> bursts = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String title = ESC + "]0;burst-" + i + ST; // the title and the icon label
            String titleAnswer = ESC + "]lburst-" + i + ST;
            bursts.add(title + ESC + "[c" + ESC + "[21t");
            expected.add(PAGE_DA1 + titleAnswer + STATUS_OK);
            bursts.add(title + ESC + "[21t" + ESC + "[c");
            expected.add(titleAnswer + PAGE_DA1 + STATUS_OK);
            bursts.add(title + ESC + "[c" + ESC + "[21t" + ESC + "[c" + ESC + "[20t");
            expected.add(PAGE_DA1 + titleAnswer + PAGE_DA1 + ESC + "]Lburst-" + i + ST + STATUS_OK);
        }
        Path queries = dir.resolve("bursts.txt");
        Files.writeString(queries, bursts.stream().map(b -> printfNotation(b) + "\n").reduce("", String::concat));
        try (ServerProcess server = ServerProcess.start(titleReportsOn(), "--port", "0")) {
            try (WebSession own = WebSession.open(server.url())) {
                for (int run = 0; run < 3; run++) {
                    String id = claimedByThePage(own);
                    List<String> got = ask("bursts-" + run, queries, bursts.size(), typedIn(own.page(), id));
                    for (int i = 0; i < got.size(); i++) {
                        assertThat(visible(got.get(i))).as("run %d, burst %d: %s", run, i, visible(bursts.get(i)))
                                .isEqualTo(visible(expected.get(i)));
                    }
                }
            }
        }
    }

    /** The environment of the shared server's shells, and title reports allowed. */
    private static Map<String, String> titleReportsOn() throws IOException {
        Map<String, String> env = new HashMap<>(SharedServer.isolatedEnvironment());
        env.put("PTYCTL_TERMINALS_TITLE_REPORTS", "true");
        return env;
    }

    /**
     * Runs the program in a shell of {@code on}'s server shown by its page, which claims the terminal once the PTY
     * has its size, and returns each query's answer, and the terminal's id under {@link #TERMINAL}.
     */
    private Map<String, String> askThroughThePage(WebSession on) throws Exception {
        String id = claimedByThePage(on);
        Map<String, String> got = answers(ask("page", typedIn(on.page(), id)));
        got.put(TERMINAL, id);
        return got;
    }

    /** A new shell of {@code on}'s server shown by its page, which claims the terminal once the PTY has its size. */
    private static String claimedByThePage(WebSession on) throws Exception {
        Page shownIn = on.page();
        String id = shell(on).terminalId();
        shownIn.open("/?t=" + id + "&renderer=dom");
        shownIn.waitForText(id, PROMPT.strip());
        shownIn.click(id);
        Map<String, Long> sent = WebPageE2eTest.sentSizeOf(shownIn, id);
        WebPageE2eTest.waitForPtySize(shownIn, on.terminals(), id, sent);
        return id;
    }

    /** Types the command line into terminal {@code id} on {@code shownIn} and waits for the program to end. */
    private static Typist typedIn(Page shownIn, String id) {
        return command -> {
            shownIn.type(id, command, Keys.ENTER);
            shownIn.waitUntil("the program ends", Duration.ofSeconds(60),
                    () -> shownIn.buffer(id).contains("QUERIES-DONE"));
        };
    }

    /** The answers that come from what the page shows: its window, its text area, its theme, its DA1. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> pageAnswers(Page shownIn, String id) {
        Map<String, Object> shown = (Map<String, Object>) shownIn.js("""
                const term = window.ptyctl.terminals[arguments[0]];
                const area = term.element.querySelector('.xterm-screen');
                const box = area.getBoundingClientRect();
                return {x: window.screenX, y: window.screenY, left: Math.round(box.left), top: Math.round(box.top),
                  width: area.clientWidth, height: area.clientHeight, innerWidth: window.innerWidth,
                  innerHeight: window.innerHeight, screenWidth: screen.width, screenHeight: screen.height,
                  cols: term.cols, rows: term.rows, theme: term.options.theme};""", id);
        long cols = ((Number) shown.get("cols")).longValue();
        long rows = ((Number) shown.get("rows")).longValue();
        long width = ((Number) shown.get("width")).longValue();
        long height = ((Number) shown.get("height")).longValue();
        Map<String, String> theme = (Map<String, String>) shown.get("theme");
        Map<String, String> page = new LinkedHashMap<>();
        page.put("DA1", PAGE_DA1);
        page.put("DECID", PAGE_DA1);
        page.put("XTWINOPS 11", ESC + "[1t");
        page.put("XTWINOPS 13", ESC + "[3;" + shown.get("x") + ";" + shown.get("y") + "t");
        page.put("XTWINOPS 13;2", ESC + "[3;" + shown.get("left") + ";" + shown.get("top") + "t");
        page.put("XTWINOPS 14", ESC + "[4;" + height + ";" + width + "t");
        page.put("XTWINOPS 14;2", ESC + "[4;" + shown.get("innerHeight") + ";" + shown.get("innerWidth") + "t");
        page.put("XTWINOPS 15", ESC + "[5;" + shown.get("screenHeight") + ";" + shown.get("screenWidth") + "t");
        page.put("XTWINOPS 16", ESC + "[6;" + Math.round((double) height / rows) + ";"
                + Math.round((double) width / cols) + "t");
        String foreground = report(theme.get("foreground"));
        String background = report(theme.get("background"));
        page.put("OSC 5", osc("5;0", foreground));
        page.put("OSC 13;?;?", osc("13", foreground) + osc("14", background));
        page.put("OSC 15", osc("15", foreground));
        page.put("OSC 16", osc("16", background));
        page.put("OSC 17", osc("17", report(theme.get("selectionBackground"))));
        page.put("OSC 18", osc("18", foreground));
        page.put("OSC 19", osc("19", background));
        page.put("OSC 117", osc("17", report(theme.get("selectionBackground"))));
        page.put("OSC 4;256", osc("4;256", foreground) + osc("4;260", foreground));
        page.put("OSC 104;258", osc("4;258", foreground));
        // xterm.js answers the cursor colour and palette colour 1, the page the rest, after them
        page.put("OSC 12;?;?", osc("12", report(theme.get("cursor"))) + osc("13", foreground));
        page.put("RIS", osc("5;1", foreground) + osc("17", report(theme.get("selectionBackground"))));
        page.put("OSC 4 palette and special", osc("4;1", report(theme.get("red"))) + osc("4;256", foreground));
        return page;
    }

    private static String osc(String command, String colour) {
        return ESC + "]" + command + ";" + colour + ST;
    }

    /** #rrggbb as xterm reports it: rgb:rrrr/gggg/bbbb. */
    private static String report(String hex) {
        String h = hex.toLowerCase();
        return "rgb:" + h.substring(1, 3).repeat(2) + "/" + h.substring(3, 5).repeat(2) + "/"
                + h.substring(5, 7).repeat(2);
    }

    private static String visible(String text) {
        return text.replace(ESC, "^[");
    }

    /** Types the command line that runs the program and waits for it to end. */
    @FunctionalInterface
    private interface Typist {
        void type(String command) throws Exception;
    }
}
