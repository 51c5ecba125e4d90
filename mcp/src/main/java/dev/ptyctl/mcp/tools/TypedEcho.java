package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.control.ScreenPatterns;
import dev.ptyctl.service.control.TerminalInput;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.control.TerminalWait.Condition;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The echo of a line an agent typed into a program without shell integration (a REPL, {@code cat}, a script's
 * {@code read}), which a wait on the output after the send's seq skips: the terminal (or the program's line editor)
 * prints the typed line before the program answers it, so {@code print('done')} typed into Python and a wait for
 * {@code done} matched its own echo at once, whatever the program did. In a shell that ptyctl integrated the command
 * line is left out by the shell's marks instead.
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
     * {@link TerminalWait#await} of {@code condition}, after the echo of {@code typed} when the condition looks for
     * text in the output after the very seq that send returned and the terminal has no shell marks.
     */
    static TerminalWait.Outcome await(HostedTerminal terminal, Condition condition, Optional<Typed> typed,
                                      long timeoutMs, long capMs, TerminalWait.Progress progress)
            throws InterruptedException {
        boolean skips = typed.isPresent() && condition.patterns() != null && condition.sinceSeq() >= 0
                && condition.sinceSeq() == typed.get().seq()
                && PromptTracker.whyPromptsUnseen(terminal.prompts().orElse(null)).isPresent();
        if (!skips) {
            return TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(), condition, timeoutMs,
                    capMs, progress);
        }
        long start = System.nanoTime();
        List<ScreenPatterns.Entry> entries = new ArrayList<>();
        entries.add(new ScreenPatterns.Entry(typed.get().line(), null));
        entries.addAll(condition.patterns().entries());
        TerminalWait.Outcome first = TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(),
                Condition.any(new ScreenPatterns(entries), condition.sinceSeq()), timeoutMs, capMs, progress);
        if (first.match().isEmpty()) {
            return first; // timed out, capped or exited: the same for the condition alone
        }
        TerminalWait.Match match = first.match().get();
        ScreenPatterns.Found found = match.found();
        if (found.index() > 0) {
            // The program's own output matched before any echo: the agent's text, as its own wait would name it.
            return new TerminalWait.Outcome(true, TerminalWait.Reason.valueOf(condition.kind().name()),
                    first.screen(), false, Optional.of(new TerminalWait.Match(new ScreenPatterns.Found(
                            found.index() - 1, found.text(), found.groups(), found.named(), found.row(), found.col()),
                            match.afterSeq())));
        }
        long spentMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        return TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(),
                new Condition(condition.kind(), condition.patterns(), condition.text(), condition.idleMs(),
                        match.afterSeq(), condition.minPrompts()),
                Math.max(0, timeoutMs - spentMs), Math.max(0, capMs - spentMs), progress);
    }
}
