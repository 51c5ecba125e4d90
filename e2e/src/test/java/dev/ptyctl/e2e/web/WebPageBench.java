package dev.ptyctl.e2e.web;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.server.UsesServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openqa.selenium.Keys;

/**
 * The page's two latencies as a person feels them, measured inside Chromium with the Performance API over loopback
 * (docs/benchmarks.md, "The web page"): from navigation to the first screen of output drawn (xterm.js's render of
 * the reset frame), and from a key's keydown event to the render that shows its echo. Not a test: runs only with
 * {@code -Dptyctl.webBench=SAMPLES} ({@code bench/web-page}), prints p50/p99 and writes
 * {@code target/web-bench.txt}.
 */
@UsesServer
@BrowserTest
@EnabledIfSystemProperty(named = "ptyctl.webBench", matches = "\\d+")
class WebPageBench {
    /** Page loads measured: each is a whole navigation, so fewer than key presses. */
    private static final int LOADS = 40;
    /** Arms the measurement of the next key: its keydown time, then the first render showing it at the cursor. */
    private static final String ARM = """
            const t = window.ptyctl.terminals[arguments[0]], ch = arguments[1];
            window.benchEcho = null;
            let down;
            t.textarea.addEventListener('keydown', (e) => { down = e.timeStamp; }, { capture: true, once: true });
            const render = t.onRender(() => {
              if (down === undefined) return;
              const b = t.buffer.active, line = b.getLine(b.baseY + b.cursorY);
              const cell = line && b.cursorX > 0 ? line.getCell(b.cursorX - 1) : null;
              if (cell && cell.getChars() === ch) {
                window.benchEcho = performance.now() - down;
                render.dispose();
              }
            });""";

    @Test
    void firstScreenAndKeyEcho() throws Exception {
        int samples = Integer.getInteger("ptyctl.webBench");
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url))) {
            // A screen of output and scrollback to draw, then cat: the terminal echoes each key (canonical mode).
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("bench-web").command("/bin/bash",
                    "--norc", "--noprofile", "-c", "seq -f 'line %g of the output before the page loads' 1 2000;"
                            + " exec cat").build());
            String id = terminal.terminalId();
            Page page = Page.in(url);
            try {
                StringBuilder report = new StringBuilder("""
                        | renderer | what (ms) | samples | p50 | p99 | max |
                        | --- | --- | --- | --- | --- | --- |
                        """);
                for (String renderer : List.of("webgl", "dom")) {
                    measure(page, id, renderer, samples, report);
                }
                System.out.println(report);
                Files.writeString(Path.of("target", "web-bench.txt"), report);
            } finally {
                page.leave();
                terminals.delete(id);
            }
        }
    }

    /** Page loads, then key presses, with one renderer; a row each in {@code report}. */
    private static void measure(Page page, String id, String renderer, int samples, StringBuilder report) {
        String path = "/?t=" + id + "&renderer=" + renderer;
        List<Double> ready = new ArrayList<>();
        List<Double> firstScreen = new ArrayList<>();
        for (int i = 0; i < LOADS; i++) {
            page.open(path);
            page.waitUntil("the first screen is drawn", () -> page.js(
                    "const tab = window.ptyctl.tabs[arguments[0]]; return tab && tab.firstDrawnAt;", id) != null);
            firstScreen.add(((Number) page.js("return window.ptyctl.tabs[arguments[0]].firstDrawnAt;", id))
                    .doubleValue());
            ready.add(((Number) page.js("return performance.getEntriesByType('navigation')[0]"
                    + ".domContentLoadedEventEnd;")).doubleValue());
        }
        page.open(path);
        page.waitForText(id, "line 2000 of");
        page.click(id);
        List<Double> echo = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            String ch = String.valueOf((char) ('a' + i % 26));
            page.js(ARM, id, ch);
            page.type(id, ch);
            page.waitUntil("the echo of " + ch, () -> page.js("return window.benchEcho;") != null);
            echo.add(((Number) page.js("return window.benchEcho;")).doubleValue());
            if (i % 26 == 25) {
                page.type(id, Keys.ENTER); // a fresh line (cat prints it back; not measured)
                page.waitUntil("cat's line", () -> ((Number) page.js("return window.ptyctl.terminals"
                        + "[arguments[0]].buffer.active.cursorX;", id)).intValue() == 0);
            }
        }
        row(report, renderer + " (" + page.js("return window.ptyctl.tabs[arguments[0]].renderer;", id) + ")",
                "navigation → page script ran (DOMContentLoaded)", ready);
        row(report, renderer, "navigation → first screen drawn", firstScreen);
        row(report, renderer, "keydown → echo drawn", echo);
    }

    private static void row(StringBuilder report, String renderer, String what, List<Double> values) {
        report.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %.1f |%n", renderer, what,
                values.size(), percentile(values, 50), percentile(values, 99), percentile(values, 100)));
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = values.stream().sorted().toList();
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
