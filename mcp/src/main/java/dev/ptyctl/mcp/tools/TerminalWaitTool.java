package dev.ptyctl.mcp.tools;

import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.control.TerminalWait.Condition;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** {@code terminal_wait}: blocks until something happens in a terminal, woken by its output. */
public final class TerminalWaitTool extends SchemaTool {
    static final long DEFAULT_TIMEOUT_MS = 10_000;
    static final long MAX_TIMEOUT_MS = 600_000;
    private static final List<String> CONDITIONS = List.of("text", "regex", "any", "gone", "idleMs", "prompt",
            "exit");

    public TerminalWaitTool() {
        super("terminal_wait", "Wait for a terminal", Access.READ, false, """
                Wait until something happens in a terminal, instead of sleeping. Give exactly one of: `text` \
                (appears on screen; a line wider than the screen matches whole); `regex` (a Java regular expression \
                found on screen; ^ and $ match at row ends and at the ends of wrapped lines); `any`, several at once \
                (whichever shows first ends the wait: [{"text": "Password:"}, {"regex": "continue\\\\? \\\\[y/N\\\\]"}]); \
                `gone` (text no longer on screen); `idleMs` (no output for that long: the program has settled); \
                `prompt: true` (the shell shows a new prompt: the command finished; or its continuation prompt, \
                answered with `continuation: true`: the line typed is incomplete and the shell waits for more); \
                `exit: true` (the program exited). With `sinceSeq` (the seq terminal_send returned) text, regex and \
                any match only output printed after that point (never text already on screen nor the command line \
                you typed: in a shell by its marks, in a REPL or other program the echo of each line that \
                send typed; a line redrawn after a carriage return, such as a progress bar, counts each drawing as a \
                line); prompt then waits for a prompt drawn after it (its text gives the exit code of the command \
                that ended, e.g. `exit 1`). Wakes on each output, no polling. Answers `matched`, `reason` (text, \
                regex, any, gone, idle, prompt; exit: the program exited first, with `exitCode`; timeout; or \
                continue: the server's limit on one wait was reached, call again as its text says: for text, regex or \
                any with sinceSeq, the same sinceSeq and the returned `continueAt`, which goes on where the wait left \
                off (a text printed across the two calls is found); otherwise sinceSeq set to the returned seq), `seq`, and what of the screen you have not seen (`shown`): in a shell or REPL the lines from \
                where the cursor was at your last look (terminal_read, terminal_wait or terminal_run in this \
                terminal) on: the command typed, its output, the next prompt (the last 25); in a full-screen \
                program (vim, htop, less) the rows that changed, by number (when most rows changed, those that moved or are \
                rows of a list of like rows with other numbers, such as htop's processes, are named in one line; a \
                counter or meter is shown); nothing when nothing changed; the whole \
                screen at the first look, after a clear or when a full-screen program starts or ends. \
                `screen: true` answers the whole screen. For text, regex and any `found` says what matched: `index` (its place \
                in `any`), `text` (what it matched), `row`/`col` (where it starts on screen) and, with sinceSeq, \
                `endSeq` (the sinceSeq that skips past it, which the text's last line names as next sinceSeq). \
                Example: {"terminalId": "...", "text": "Listening on", "sinceSeq": 1234, "timeoutMs": 30000}.""",
                """
                {"type": "object", "properties": {
                  %s,
                  "text": {"type": "string"}, "regex": {"type": "string"},
                  "any": {"type": "array", "minItems": 1, "maxItems": 64, "items": {"type": "object", "properties": {
                    "text": {"type": "string"}, "regex": {"type": "string"}}, "minProperties": 1, "maxProperties": 1},
                    "description": "Texts and regexes to wait for at once: [{\\"text\\": \\"...\\"}, {\\"regex\\": \\"...\\"}]."},
                  "gone": {"type": "string"},
                  "idleMs": {"type": "integer", "minimum": 1, "maximum": 600000},
                  "prompt": {"type": "boolean"}, "exit": {"type": "boolean"},
                  "sinceSeq": {"type": "integer", "minimum": 0},
                  "continueAt": {"type": "integer", "minimum": 0, "description": "With sinceSeq and text, regex or any: \
                the continueAt of the answer that said continue, with its sinceSeq: go on where that wait left off."},
                  "timeoutMs": {"type": "integer", "minimum": 0, "maximum": 600000, "description": "Default 10000."},
                  "screen": {"type": "boolean", "description": "Answer the whole screen instead of what changed since your last look. Default false."}
                }, "required": ["terminalId"]}""".formatted(TERMINAL_ID), """
                {"type": "object", "properties": {
                  "matched": {"type": "boolean"},
                  "reason": {"type": "string", "enum": ["text", "regex", "any", "gone", "idle", "prompt", "exit", "timeout", "continue"]},
                  "found": {"type": "object", "properties": {
                    "index": {"type": "integer"}, "text": {"type": "string"},
                    "groups": {"type": "array", "items": {"type": ["string", "null"]}},
                    "row": {"type": "integer"}, "col": {"type": "integer"}, "endSeq": {"type": "integer"}},
                    "required": ["index", "text"]},
                  "shown": {"type": "string", "enum": ["screen", "newLines", "changedRows", "unchanged"], \
                "description": "What the text block shows of the screen: the whole of it, the lines new since your last \
                look or the rows that changed (both also in changes), or nothing (unchanged). screen is always the \
                whole screen."},
                  "screen": {"type": "string"}, "changes": {"type": "string"},
                  "seq": {"type": "integer"}, "exitCode": {"type": "integer"},
                  "continueAt": {"type": "integer", "description": "Unmatched text, regex or any after sinceSeq: \
                pass it as continueAt, with the same sinceSeq, to go on where this wait left off."},
                  "signal": {"type": "string"},
                  "commandExitCode": {"type": "integer", "description": "With prompt and sinceSeq: the exit code \
                of the command that ended before this prompt."},
                  "continuation": {"type": "boolean"}
                }, "required": ["matched", "reason", "shown", "screen", "seq"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError, InterruptedException {
        String id = args.string("terminalId");
        Condition condition = condition(args);
        long timeoutMs = args.integer("timeoutMs", 0, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
        HostedTerminal terminal = call.terminal(id);
        TerminalWait.Outcome outcome;
        Condition awaited = TypedEcho.condition(condition, call.session().lastTyped(id));
        try {
            outcome = TerminalWait.await(terminal.session(), terminal.prompts(), terminal.output(), awaited,
                    timeoutMs, call.waitCapMs(), call.progress());
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage() + ".");
        }
        // The screen, what changed and the seq from one snapshot, taken after the wait ended: the wait's own screen
        // was an earlier one, so a program that prints on showed a screen newer than the seq the answer gave.
        ScreenChanges.View view = ScreenChanges.view(terminal.session(), call.session().lastLook(id),
                args.bool("screen"));
        call.session().looked(id, view.look());
        long seq = view.look().seq();
        ToolResult result = new ToolResult().put("matched", outcome.matched())
                .put("reason", outcome.reason().wireName()).put("shown", view.shown().wireName())
                .put("seq", seq);
        // The whole screen for machine clients (SPEC 11's contract), whatever the text block shows the model.
        result.put("screen", view.screen());
        if (view.shown() == ScreenChanges.Shown.NEW_LINES || view.shown() == ScreenChanges.Shown.CHANGED_ROWS) {
            result.put("changes", view.text());
        }
        outcome.match().ifPresent(match -> result.put("found", WaitTexts.found(match)));
        if (outcome.reason() == TerminalWait.Reason.EXIT) {
            outcome.screen().exit().ifPresent(result::putExit);
        }
        if (outcome.continuation()) {
            result.put("continuation", true);
        }
        if (outcome.continueAt() >= 0) {
            result.put("continueAt", outcome.continueAt());
        }
        OptionalInt commandExit = exitBefore(terminal, condition, outcome);
        commandExit.ifPresent(code -> result.put("commandExitCode", code));
        return result.withText(ToolResult.screenAndFacts(view.text(), facts(awaited, outcome, commandExit, timeoutMs, seq)
                + view.describe().map(shown -> " · " + shown).orElse("")));
    }

    /**
     * For a prompt wait with {@code sinceSeq} that a prompt ended: the exit code of the command it ended with (none
     * when nothing ran, e.g. a blank line, when the shell did not say, or when a later command has finished since the
     * wait's answer was taken). The command may have started before {@code sinceSeq}: the keys that end a program
     * (q in less, :q in vim) are sent while it runs, and its exit code is what the agent waits for.
     */
    private static OptionalInt exitBefore(HostedTerminal terminal, Condition condition, TerminalWait.Outcome outcome) {
        if (outcome.reason() != TerminalWait.Reason.PROMPT || outcome.continuation() || condition.sinceSeq() < 0) {
            return OptionalInt.empty();
        }
        return terminal.prompts().flatMap(PromptTracker::lastCommand)
                // At sinceSeq counts: a command that ends on what was sent without printing more (cat at a Ctrl-D,
                // which the terminal does not echo) ends exactly there; an older one ended before its own prompt.
                .filter(command -> command.outputEndSeq() >= condition.sinceSeq()
                        && command.outputEndSeq() <= outcome.seq())
                .map(PromptTracker.CommandRecord::exitCode).orElse(OptionalInt.empty());
    }

    /** @param seq the output seq the answer's screen shows */
    private static String facts(Condition condition, TerminalWait.Outcome outcome, OptionalInt exit,
                                long timeoutMs, long seq) {
        String head = switch (outcome.reason()) {
            // The time asked for, not the time measured: the wait ends at the caller's deadline, echo skip included.
            case TIMEOUT -> "not matched: timed out after " + timeoutMs + " ms" + TypedEcho.echoHolding(condition)
                    .map(line -> " (it is in the echo of the line you typed, `" + line + "`, which a wait after "
                            + "that send's seq goes past; the program has not printed it since)").orElse("");
            // The screen's seq would skip the tail a match may span (a text printed across the two calls), and after
            // a long stream may be older than the output kept; continueAt goes on exactly where this search stopped.
            case CONTINUE -> "not matched yet: the server's limit on one wait was reached; call terminal_wait again "
                    + (outcome.continueAt() >= 0 ? "with sinceSeq " + condition.sinceSeq() + " and continueAt "
                    + outcome.continueAt() + " (it goes on where this wait left off)" : "with sinceSeq " + seq);
            case EXIT -> (outcome.matched() ? "matched: exited" : "not matched: the program exited")
                    + outcome.screen().exit().map(ToolResult::exitedHow).orElse("");
            default -> outcome.continuation() ? "matched: a continuation prompt (the line typed is incomplete; the "
                    + "shell waits for more: terminal_send C-c cancels it)"
                    : "matched: " + WaitTexts.describe(outcome.reason(), outcome.match())
                    + exit.stream().mapToObj(code -> " · exit " + code).findFirst().orElse("");
        };
        return head + nextSeq(outcome, seq);
    }

    /**
     * The one seq the line names, the one to go on from: for a match in the output after sinceSeq, where it ends (a
     * wait from the screen's seq would skip what was printed between the match and the answer: "OK 2" printed with
     * "OK 1"); otherwise the screen's.
     */
    private static String nextSeq(TerminalWait.Outcome outcome, long seq) {
        long afterMatch = outcome.match().map(TerminalWait.Match::afterSeq).orElse(-1L);
        return afterMatch >= 0 ? " · next sinceSeq " + afterMatch : " · seq " + seq;
    }

    private static Condition condition(Arguments args) throws ToolError {
        List<String> given = new ArrayList<>();
        for (String name : CONDITIONS) {
            if (args.has(name) && !(args.raw(name) instanceof Boolean flag && !flag)) {
                given.add(name);
            }
        }
        if (given.size() != 1) {
            throw new ToolError("terminal_wait needs exactly one of text, regex, any, gone, idleMs, prompt: true or "
                    + "exit: true" + (given.isEmpty() ? "" : ", got " + String.join(" and ", given)) + ".");
        }
        long since = args.integer("sinceSeq", 0, Long.MAX_VALUE, -1);
        Condition condition = switch (given.getFirst()) {
            case "text" -> Condition.text(WaitTexts.nonEmpty(args, "text"), since);
            case "regex" -> Condition.regex(WaitTexts.pattern(WaitTexts.nonEmpty(args, "regex"), "regex"), since);
            case "any" -> Condition.any(WaitTexts.any(args.raw("any")), since);
            case "gone" -> Condition.gone(WaitTexts.nonEmpty(args, "gone"));
            case "idleMs" -> Condition.idle(args.integer("idleMs", 1, MAX_TIMEOUT_MS, 1));
            case "prompt" -> {
                args.bool("prompt");
                yield Condition.prompt(since);
            }
            default -> {
                args.bool("exit");
                yield Condition.exit();
            }
        };
        if (!args.has("continueAt")) {
            return condition;
        }
        try {
            return condition.continuingAt(args.integer("continueAt", 0, Long.MAX_VALUE, 0));
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage() + ".");
        }
    }
}
