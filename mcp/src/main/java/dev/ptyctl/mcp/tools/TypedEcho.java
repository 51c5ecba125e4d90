package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.control.TerminalInput;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.control.TerminalWait.Condition;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The echo of the lines an agent typed into a program (a REPL, {@code cat}, a script's {@code read}; run on its own or
 * from a shell), which a wait on the output after the send's seq goes past: the terminal (or the program's line
 * editor) prints each typed line before the program answers it, so {@code print('done')} typed into Python and a wait
 * for {@code done} matched its own echo at once, whatever the program did, and a pasted block matched the echo of its
 * later lines. A command line typed at the prompt of a shell that ptyctl integrated is left out by the shell's marks
 * instead. The wait itself goes past the echoes ({@link TerminalWait.Condition#skippingEchoOf}); this class says which
 * lines a send typed, and to which wait they apply.
 */
final class TypedEcho {
    /** The key names that end a line. */
    private static final Set<String> LINE_ENDS = Set.of("Enter", "Return", "C-m", "C-j", "Ctrl+M", "Ctrl+J");

    /**
     * The lines typed by one terminal_send.
     *
     * @param seq   the output seq before the input: the sinceSeq a wait for its answer gives
     * @param lines the lines it typed, in order, each ended by Enter
     */
    record Typed(long seq, List<String> lines) {
        Typed {
            lines = List.copyOf(lines);
        }
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
     * The lines a send typed, for the waits that follow it ({@link #lines}), when they went to a program
     * ({@link #goesToProgram}, asked before the send).
     *
     * @param seq the send's seq
     */
    static Optional<Typed> typed(boolean toProgram, long seq, List<TerminalInput.Action> actions) {
        List<String> lines = lines(actions);
        return toProgram && !lines.isEmpty() ? Optional.of(new Typed(seq, lines)) : Optional.empty();
    }

    /**
     * The lines {@code actions} type, each ended by Enter (a key, or a line break in a text or a paste), blank ones
     * left out: what a program echoes as it reads them. They stop at a key other than Enter (Tab, an arrow: the echo
     * is then not the text typed); a line not ended yet is not one.
     */
    static List<String> lines(List<TerminalInput.Action> actions) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (TerminalInput.Action action : actions) {
            if (action.kind() == TerminalInput.Kind.KEY) {
                if (!LINE_ENDS.contains(action.value())) {
                    break;
                }
                ended(lines, line);
                continue;
            }
            String text = action.value();
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\r' || c == '\n') {
                    ended(lines, line);
                    if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++; // CR LF ends one line
                    }
                } else {
                    line.append(c);
                }
            }
        }
        return lines;
    }

    private static void ended(List<String> lines, StringBuilder line) {
        if (!line.toString().isBlank()) {
            lines.add(line.toString());
        }
        line.setLength(0);
    }

    /**
     * {@code condition}, going past the echo of the lines of {@code typed} when it looks for text in the output after
     * the very seq that send returned.
     */
    static Condition condition(Condition condition, Optional<Typed> typed) {
        return typed.filter(lines -> lines.seq() == condition.sinceSeq())
                .map(lines -> condition.skippingEchoOf(lines.lines())).orElse(condition);
    }

    /**
     * For a wait that timed out: the first line whose echo it went past that holds a text it looked for. Python's
     * {@code x = 'marker'} and a wait for {@code marker}: the program never prints it, and the wait ran to its
     * timeout with the text on the screen, in the echo; the answer says so, or a model is left to guess why.
     */
    static Optional<String> echoHolding(Condition condition) {
        if (condition.patterns() == null) {
            return Optional.empty();
        }
        // The wait's own search of a text: its texts compiled once, an expression's search bounded as the wait's is.
        return condition.echoes().stream()
                .filter(line -> condition.patterns().first(line, System.nanoTime()).isPresent()).findFirst();
    }
}
