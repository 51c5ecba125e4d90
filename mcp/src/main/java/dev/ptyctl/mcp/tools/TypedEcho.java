package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalInput;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.control.TerminalWait.Condition;
import dev.ptyctl.service.output.OutputText;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The echo of a line an agent typed into a program (a REPL, {@code cat}, a script's {@code read}; run on its own or
 * from a shell), which a wait on the output after the send's seq skips: the terminal (or the program's line editor)
 * prints the typed line before the program answers it, so {@code print('done')} typed into Python and a wait for
 * {@code done} matched its own echo at once, whatever the program did. A command line typed at the prompt of a shell
 * that ptyctl integrated is left out by the shell's marks instead.
 *
 * <p>Only the first line of a send is skipped, and only when its echo comes first: a wait looks for the echo and the
 * agent's texts together, and only when the echo shows first (nothing the program printed before it matched) does it
 * go on after it. A line that is not echoed as typed (a password, keys to vim, a line edited with Tab or arrows)
 * leaves the wait as it was.
 */
final class TypedEcho {
    /** The key names that end a line. */
    private static final Set<String> LINE_ENDS = Set.of("Enter", "Return", "C-m", "C-j", "Ctrl+M", "Ctrl+J");
    /**
     * How long the rest of an echo that has begun may take to show; past it the agent's text found in its start is
     * the answer, as it was before echoes were skipped.
     */
    private static final long ECHO_REST_MS = 2_000;

    /**
     * A line typed by one terminal_send.
     *
     * @param seq  the output seq before the input: the sinceSeq a wait for its answer gives
     * @param line the text typed before the first Enter
     */
    record Typed(long seq, String line) {
    }

    private TypedEcho() {
    }

    /**
     * Whether what is typed into {@code terminal} now goes to a program rather than to a shell's line editor: no
     * shell marks are seen there, or the shell runs a command (python3 started from it). In a shell that ptyctl
     * integrated the marks leave a command line typed at its prompt out of the output already, but not a line typed
     * into a program it runs: that echo is the command's output. Asked before the send: a command the line starts
     * would make the shell look busy by the time the send returns.
     */
    static boolean goesToProgram(HostedTerminal terminal) {
        Optional<PromptTracker> prompts = terminal.prompts();
        return PromptTracker.whyPromptsUnseen(prompts.orElse(null)).isPresent()
                || prompts.get().state() == PromptTracker.State.RUNNING;
    }

    /**
     * The line a send typed, for the waits that follow it: the first line {@code actions} type ({@link #firstLine}),
     * when they went to a program ({@link #goesToProgram}, asked before the send).
     *
     * @param seq the send's seq
     */
    static Optional<Typed> typed(boolean toProgram, long seq, List<TerminalInput.Action> actions) {
        return toProgram ? firstLine(actions).map(line -> new Typed(seq, line)) : Optional.empty();
    }

    /**
     * The first line {@code actions} type: their text up to the first Enter (a key, or a line break in a text); empty
     * when there is none, when it is blank, or when a paste or another key (Tab, an arrow: the echo is then not the
     * text) comes before it.
     */
    static Optional<String> firstLine(List<TerminalInput.Action> actions) {
        StringBuilder line = new StringBuilder();
        for (TerminalInput.Action action : actions) {
            switch (action.kind()) {
                case TEXT -> {
                    String text = action.value();
                    int end = lineEnd(text);
                    if (end >= 0) {
                        return nonBlank(line.append(text, 0, end));
                    }
                    line.append(text);
                }
                case KEY -> {
                    return LINE_ENDS.contains(action.value()) ? nonBlank(line) : Optional.empty();
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private static int lineEnd(String text) {
        int lf = text.indexOf('\n');
        int cr = text.indexOf('\r');
        return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    }

    private static Optional<String> nonBlank(CharSequence line) {
        return line.toString().isBlank() ? Optional.empty() : Optional.of(line.toString());
    }

    /**
     * {@link TerminalWait#await} of {@code condition}, after the echo of {@code typed} ({@link #typed}) when the
     * condition looks for text in the output after the very seq that send returned.
     */
    static TerminalWait.Outcome await(HostedTerminal terminal, Condition condition, Optional<Typed> typed,
                                      long timeoutMs, long capMs, TerminalWait.Progress progress)
            throws InterruptedException {
        // A wait that goes on with an earlier one (continueAt past sinceSeq) is past the echo: that one looked for the
        // echo with the texts, and went on after it once it came.
        boolean skips = typed.isPresent() && condition.patterns() != null && condition.sinceSeq() >= 0
                && condition.sinceSeq() == typed.get().seq() && condition.continueAt() <= condition.sinceSeq();
        if (!skips) {
            return TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(), condition, timeoutMs,
                    capMs, progress);
        }
        long start = System.nanoTime();
        String line = typed.get().line();
        List<ScreenPatterns.Entry> entries = new ArrayList<>();
        entries.add(new ScreenPatterns.Entry(line, null));
        entries.addAll(condition.patterns().entries());
        TerminalWait.Outcome first = TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(),
                Condition.any(new ScreenPatterns(entries), condition.sinceSeq()), timeoutMs, capMs, progress);
        if (first.match().isEmpty()) {
            return first; // timed out, capped or exited: the same for the condition alone
        }
        TerminalWait.Match echo = first.match().get();
        if (echo.found().index() > 0) {
            if (!echoUnderWay(terminal, condition.sinceSeq(), line)) {
                return asAsked(condition, first);
            }
            // The agent's text matched inside the echo before the echo had all arrived: a line editor that echoes a
            // key at a time (node's) is read in pieces, so print('done') can be seen as far as its "done". The rest
            // comes at once (the line was written at once): go on after the whole echo.
            TerminalWait.Outcome whole = TerminalWait.await(terminal.session(), terminal.prompts(),
                    terminal.output(), Condition.text(line, condition.sinceSeq()),
                    Math.min(ECHO_REST_MS, Math.max(0, timeoutMs - spentMs(start))),
                    Math.max(0, capMs - spentMs(start)), progress);
            if (whole.match().isEmpty()) {
                return asAsked(condition, first);
            }
            echo = whole.match().get();
        }
        long spentMs = spentMs(start);
        return TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(),
                condition.after(echo.afterSeq()),
                Math.max(0, timeoutMs - spentMs), Math.max(0, capMs - spentMs), progress);
    }

    /**
     * Whether all the program printed after {@code sinceSeq}, as far as the typed line's length, is the start of that
     * line or the whole of it: its echo, begun right at the send's seq.
     */
    private static boolean echoUnderWay(HostedTerminal terminal, long sinceSeq, String line) {
        String printed = OutputText.read(terminal.output(), sinceSeq,
                line.getBytes(StandardCharsets.UTF_8).length).text();
        return !printed.isEmpty() && line.startsWith(printed);
    }

    /** The combined wait's outcome for an agent's text that matched (index 1 on): as its own wait would name it. */
    private static TerminalWait.Outcome asAsked(Condition condition, TerminalWait.Outcome combined) {
        TerminalWait.Match match = combined.match().orElseThrow();
        ScreenPatterns.Found found = match.found();
        return new TerminalWait.Outcome(true, condition.kind().reason(),
                combined.screen(), false, Optional.of(new TerminalWait.Match(new ScreenPatterns.Found(
                        found.index() - 1, found.text(), found.groups(), found.named(), found.row(), found.col()),
                        match.afterSeq())));
    }

    private static long spentMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
