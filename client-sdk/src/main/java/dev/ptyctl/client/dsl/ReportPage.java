package dev.ptyctl.client.dsl;

import dev.ptyctl.client.internal.Durations;
import java.util.List;

/** The {@code index.html} of a {@link FailureReport}: one self-contained page, the picture inline, no scripts. */
final class ReportPage {
    private ReportPage() {
    }

    /**
     * The page. {@code marked}: the picture frames what a failed locator found (said under it, as the text screen's
     * header says what its {@code ~} marks).
     */
    static String html(String title, String expectation, boolean passed, String where, String svg, boolean marked,
                       String screenText, StepLog steps, List<Command> commands) {
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:1.5em;background:#fafafa;color:#222}\n")
                .append("pre{background:#fff;border:1px solid #ddd;padding:.6em;overflow:auto}\n")
                // a test's name is one long word: wrapped, not a page that scrolls sideways
                .append("h1{overflow-wrap:anywhere}\n")
                // quoted text keeps its spaces ("todo.txt    1 KiB"), which HTML would fold into one
                .append(".expectation{border-left:4px solid #c00;padding:.4em .8em;background:#fff0f0;"
                        + "white-space:pre-wrap}\n.steps td:nth-child(2){white-space:pre-wrap}\n")
                .append(".expectation.passed{border-color:#2a2;background:#f0fff0}\n")
                .append(".screen svg{border:1px solid #444;max-width:100%;height:auto}\n")
                .append(".steps svg{border:1px solid #444;max-width:32em;height:auto}\n")
                .append("table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left}\n")
                .append(".failed{color:#c00;font-weight:bold}\n.time{text-align:right;font-family:monospace;white-space:nowrap}\n")
                .append("</style></head><body>\n")
                .append("<h1>").append(escape(title)).append("</h1>\n")
                .append(passed ? "<p class=\"expectation passed\">" : "<p class=\"expectation\">")
                .append(escape(expectation)).append("</p>\n")
                .append(where.isEmpty() ? "" : "<p>at <code>" + escape(where) + "</code></p>\n")
                .append(passed ? "<h2>The screen at the end</h2>\n" : "<h2>The screen when it failed</h2>\n")
                .append("<div class=\"screen\">\n").append(svg).append("</div>\n")
                .append(marked ? "<p class=\"legend\">Framed in orange: what the locator found.</p>\n" : "")
                .append("<details><summary>as text (screen.txt)</summary><pre>").append(escape(screenText))
                .append("</pre></details>\n")
                .append("<h2>What the test did</h2>\n").append(stepTable(steps))
                .append("<h2>Commands</h2>\n").append(commandTable(commands))
                .append("<h2>Recording</h2>\n<p><a href=\"recording.cast\">recording.cast</a>: the terminal's whole"
                        + " output (asciicast v2). <code>ptyctl render recording.cast</code> prints the screen it ends"
                        + " on; <code>asciinema play recording.cast</code> replays it.</p>\n")
                .append("</body></html>\n");
        return page.toString();
    }

    /** The test's steps, the time since the driver connected first, the failed one marked. */
    private static String stepTable(StepLog steps) {
        List<StepLog.Step> kept = steps.steps();
        if (kept.isEmpty()) {
            return "<p>No step: the test sent nothing and waited for nothing.</p>\n";
        }
        StringBuilder table = new StringBuilder();
        if (steps.dropped() > 0) {
            table.append("<p>").append(steps.dropped()).append(" earlier steps left out.</p>\n");
        }
        table.append("<table class=\"steps\"><tr><th>time</th><th>step</th><th>the screen then</th></tr>\n");
        for (StepLog.Step step : kept) {
            table.append("<tr><td class=\"time\">").append(String.format(java.util.Locale.ROOT, "%.3f s",
                            step.atMillis() / 1000.0)).append("</td><td")
                    .append(step.failed() ? " class=\"failed\">failed: " : "><code>").append(escape(step.what()))
                    .append(step.failed() ? "" : "</code>").append("</td><td>")
                    .append(step.screen() == null ? "" : "<details><summary>screen</summary>" + step.screen()
                            + "</details>")
                    .append("</td></tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    private static String commandTable(List<Command> commands) {
        if (commands.isEmpty()) {
            return "<p>No command reported by the shell.</p>\n";
        }
        StringBuilder table = new StringBuilder("<table><tr><th>command</th><th>exit code</th><th>duration</th>"
                + "<th>directory</th></tr>\n");
        for (Command command : commands) {
            String exit = command.running() ? "running" : command.exitCode() == Command.UNKNOWN_EXIT_CODE ? "?"
                    : String.valueOf(command.exitCode());
            table.append("<tr><td><code>").append(escape(command.line())).append("</code></td><td")
                    .append(command.succeeded() ? ">" : " class=\"failed\">").append(exit).append("</td><td>")
                    .append(Durations.describe(command.duration())).append("</td><td>").append(escape(command.cwd()))
                    .append("</td></tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
