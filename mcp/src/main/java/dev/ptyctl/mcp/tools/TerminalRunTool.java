package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.BusyShellAdvice;
import dev.ptyctl.protocol.CommandLines;
import dev.ptyctl.protocol.QuitKeys;
import dev.ptyctl.protocol.WaitingForInputAdvice;
import dev.ptyctl.service.control.CommandRun;
import dev.ptyctl.service.control.RunningProgram;
import dev.ptyctl.service.terminals.CreateRequest;
import dev.ptyctl.service.shell.ShellIntegration;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@code terminal_run}: runs a command line in a shell and answers its exit code and output. */
public final class TerminalRunTool extends SchemaTool {
    static final long DEFAULT_TIMEOUT_MS = 30_000;
    static final int DEFAULT_MAX_BYTES = 16 * 1024;
    /** The waiting-for-input and busy-shell advice in this server's tool names. */
    private static final WaitingForInputAdvice.Verbs ADVICE = new WaitingForInputAdvice.Verbs("terminal_send",
            "terminal_wait", "terminal_read", "C-d", "C-c",
            "ask the user for it, or give them the viewUrl to type it, rather than guessing, and type it with "
                    + "terminal_send",
            TerminalRunTool::send);

    public TerminalRunTool() {
        super("terminal_run", "Run a shell command", Access.INTERACT, true, """
                Run a command line in a shell and get its exit code and output, as if typed at the prompt: state \
                persists between runs (cd, export, functions, activated virtualenvs). Any shell text works: pipes, \
                quotes, several lines, heredocs. Without terminalId it uses one shell this session starts on first \
                use and keeps (its pagers set to cat, PAGER, GIT_PAGER, MANPAGER and others, after the user's rc files ran, so \
                `git log` and `man` print instead of paging). `output` is only what the commands printed (not the prompt, not the command line), \
                cut to maxBytes with `truncated: true`: its first quarter and its end are kept (where a failed \
                build says why), and a line between them says how much was cut and the terminal_output sinceSeq \
                that pages through all of it. \
                On timeout `timedOut` is true, there is no exitCode, `output` is what it printed so far and the \
                command keeps running: follow it with \
                terminal_wait {prompt: true, sinceSeq} or stop it with terminal_send [{"key": "C-c"}]. A command that \
                ends the shell (`exit 3`) answers `shellExited: true` with the shell's exit status as `exitCode`. While a \
                program still runs in that shell (a run that timed out, less or vim left open) nothing is typed and \
                the error names what holds it. Not for \
                programs that wait for input (editors, REPLs, password prompts, a [Y/n] question): use \
                terminal_create, terminal_send and terminal_wait for those; a run that starts one answers \
                `waitingForInput: true` (no exitCode) about a second after it went quiet, and the program keeps \
                running. \
                Example: {"command": "make test", "timeoutMs": 120000}.""",
                """
                {"type": "object", "properties": {
                  "command": {"type": "string", "description": "Shell text to run."},
                  "terminalId": {"type": "string", "description": "A shell terminal to run it in (it needs ptyctl's shell integration). Default: this session's shell."},
                  "timeoutMs": {"type": "integer", "minimum": 0, "maximum": 600000, "description": "Default 30000."},
                  "maxBytes": {"type": "integer", "minimum": 0, "maximum": 4194304, "description": "Most output bytes returned, default 16384."}
                }, "required": ["command"]}""", """
                {"type": "object", "properties": {
                  "exitCode": {"type": "integer"}, "output": {"type": "string"}, "truncated": {"type": "boolean"},
                  "cwd": {"type": "string"}, "terminalId": {"type": "string"}, "seq": {"type": "integer"},
                  "timedOut": {"type": "boolean"}, "shellExited": {"type": "boolean"},
                  "waitingForInput": {"type": "boolean"}, "inputHidden": {"type": "boolean"},
                  "readsLines": {"type": "boolean"}
                }, "required": ["output", "truncated", "cwd", "terminalId", "seq", "timedOut"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args)
            throws ToolError, IOException, InterruptedException {
        String command = args.string("command");
        long timeoutMs = args.integer("timeoutMs", 0, TerminalWaitTool.MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
        int maxBytes = (int) args.integer("maxBytes", 0, 4 << 20, DEFAULT_MAX_BYTES);
        Optional<String> given = args.optionalString("terminalId");
        HostedTerminal terminal = given.isPresent() ? call.liveTerminal(given.get()) : sessionShell(call);
        CommandRun.Result result = run(terminal, command, timeoutMs, maxBytes);
        String id = terminal.terminalId();
        // The agent has seen what the command printed: a wait after the run shows only what comes after it.
        call.session().looked(id, ScreenChanges.look(terminal.session(), call.session().lastLook(id)));
        if (result.exited() && !result.endedShell()) {
            // A signal (a kill, a close) or an exit before the command ran: exit 130 itself ended the shell above.
            throw new ToolError("The shell in terminal " + id + terminal.session().progress().exit()
                    .map(end -> " " + end.describe()).orElse(" exited") + " before the command finished. Run it "
                    + "again without terminalId to get a new shell.");
        }
        if (result.incomplete()) {
            throw new ToolError("The shell waits for more input: it took the command line as incomplete (an "
                    + "unclosed quote or bracket, a trailing backslash, an unfinished block?), so nothing ran. C-c "
                    + "was sent to cancel the line" + (result.cancelled() ? " and the shell is back at its prompt"
                    : ", but its prompt has not come back yet (terminal_read " + id + " shows the screen)")
                    + ". Fix the command and run it again.");
        }
        if (result.ranNothing()) {
            throw new ToolError("The shell did not run the command (a syntax error?). Its screen shows why: "
                    + "terminal_read " + id + ". C-c was sent to clear the line"
                    + (result.cancelled() ? " and the shell is back at its prompt"
                    : ", but its prompt has not come back yet") + ". Fix the command and run it again.");
        }
        ToolResult out = new ToolResult();
        result.exitCode().ifPresent(code -> out.put("exitCode", code));
        out.put("output", result.output()).put("truncated", result.truncated()).put("cwd", result.cwd())
                .put("terminalId", id).put("seq", result.seq()).put("timedOut", result.timedOut());
        if (result.endedShell()) {
            out.put("shellExited", true);
        }
        // What waits is as the run saw it when it ended: read again now, a password typed meanwhile would change it.
        result.waitingForInput().ifPresent(waiting -> {
            out.put("waitingForInput", true).put("inputHidden", waiting.inputHidden());
            if (waiting.readsLines()) {
                out.put("readsLines", true);
            }
        });
        boolean waitsForSecret = result.waitingForInput().map(RunningProgram::inputHidden)
                .orElse(result.timedOut() && terminal.session().inputHidden());
        return out.withText(ToolResult.screenAndFacts(result.output(), facts(result, command, id, waitsForSecret)));
    }

    /**
     * Nothing was typed because the shell was busy: what holds it and the ways on. Said plainly, because the old
     * answer ("timed out, still running") made an agent believe its command ran and send C-c to the wrong program.
     */
    static String busyMessage(HostedTerminal terminal, CommandRun.ShellBusy busy, long timeoutMs) {
        String id = terminal.terminalId();
        if (busy.running().isEmpty()) {
            return "Nothing was typed: the shell in terminal " + id + " showed no prompt within " + timeoutMs
                    + " ms (still starting, or a program that ptyctl cannot see holds it). terminal_read " + id
                    + " shows the screen.";
        }
        RunningProgram running = busy.running().get();
        return "Nothing was typed: the shell in terminal " + id + " is " + BusyShellAdvice.of(ADVICE,
                running.commandLine(), running.program(), running.fullScreen(), "the command",
                "terminal_wait {prompt: true, sinceSeq: " + busy.seq() + "}")
                + ", then run again; or use another terminal (terminal_create).";
    }

    /** Keys and text as terminal_send takes them: {@code terminal_send [{"key": "Escape"}, {"text": ":q"}]}. */
    private static String send(List<QuitKeys.Step> steps) {
        return steps.stream().map(step -> switch (step) {
            case QuitKeys.Key key -> "{\"key\": \"" + key.name() + "\"}";
            case QuitKeys.Ctrl ctrl -> "{\"key\": \"C-" + ctrl.letter() + "\"}";
            case QuitKeys.Text text -> "{\"text\": \"" + text.text() + "\"}";
        }).collect(Collectors.joining(", ", "terminal_send [", "]"));
    }

    private static String facts(CommandRun.Result result, String command, String id, boolean waitsForSecret) {
        StringBuilder facts = new StringBuilder();
        Optional<RunningProgram> waiting = result.waitingForInput();
        if (waitsForSecret || waiting.isPresent()) {
            // A command still running whose prompt will not come back by waiting longer: a REPL, an editor, a password.
            String what = waitsForSecret ? "it"
                    : BusyShellAdvice.describe(waiting.get().commandLine(), waiting.get().program());
            facts.append(result.timedOut() ? "timed out, still running: " : "still running: ")
                    .append(WaitingForInputAdvice.of(ADVICE, what, waiting.flatMap(RunningProgram::program),
                            waitsForSecret ? WaitingForInputAdvice.Input.HIDDEN
                                    : waiting.flatMap(RunningProgram::input).orElseThrow(),
                            waiting.map(RunningProgram::fullScreen).orElse(false)))
                    .append("; the shell's prompt then comes back (terminal_wait {prompt: true, sinceSeq: ")
                    .append(result.seq()).append("})");
        } else if (result.timedOut()) {
            facts.append("timed out, still running (terminal_wait {prompt: true, sinceSeq: ").append(result.seq())
                    .append("} to follow it, terminal_send C-c to stop it)");
        } else if (result.endedShell()) {
            // The command ended the shell (exit 3): its code is the shell's exit status, and the terminal is gone.
            facts.append("exit ").append(result.exitCode().getAsInt()).append(" · the shell exited with it (the ")
                    .append("command ended it, as exit does); terminal_run without terminalId starts a new shell");
        } else if (result.exitCode().isPresent()) {
            facts.append("exit ").append(result.exitCode().getAsInt());
        } else if (CommandLines.nothingToRun(command)) {
            facts.append("nothing ran: the command line was ").append(command.isBlank() ? "blank" : "only a comment");
        } else {
            facts.append("exit code not reported by the shell");
        }
        if (result.truncated()) {
            facts.append(" · output cut in the middle (terminal_output {sinceSeq: ").append(result.outputSeq())
                    .append("} pages through all of it)");
        }
        if (!result.cwd().isEmpty()) {
            facts.append(" · cwd ").append(result.cwd());
        }
        return facts.append(" · terminal ").append(id).toString();
    }

    /**
     * The environment of the session's own shell. A program that would show its output in a pager (git log, git diff,
     * man, systemctl, psql) prints it instead, as it does when an agent runs it without a terminal: a pager waits for
     * keys, so the run answered one screen and waitingForInput, and the agent had to quit it and page some other way.
     * Each program's own variable is set too, as it wins over PAGER (MANPAGER for man, GIT_PAGER over git's
     * core.pager). Pinned ({@link ShellIntegration#PINNED_PREFIX}): the user's start-up files run after the
     * environment is given (a ~/.bashrc that exports PAGER=less), and the integration sets them again after those.
     * A terminal_create shell keeps the user's pager.
     */
    static final Map<String, String> SESSION_SHELL_ENV = Stream.of("PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER",
            "PSQL_PAGER", "GH_PAGER", "AWS_PAGER").flatMap(name -> Stream.of(name, ShellIntegration.PINNED_PREFIX + name))
            .collect(Collectors.toUnmodifiableMap(name -> name, name -> "cat"));

    /** This session's shell for terminal_run, started on first use (and again if it exited), its pagers cat. */
    private static HostedTerminal sessionShell(ToolCall call)
            throws ToolError, IOException, InterruptedException {
        synchronized (call.session()) {
            Optional<HostedTerminal> existing = call.session().defaultShell().flatMap(call.registry()::find)
                    .filter(HostedTerminal::running);
            if (existing.isPresent()) {
                return existing.get();
            }
            CreateRequest request = new CreateRequest("mcp-" + UUID.randomUUID(), null,
                    TerminalCreateTool.DEFAULT_COLS, TerminalCreateTool.DEFAULT_ROWS, null, null, SESSION_SHELL_ENV,
                    false, true);
            HostedTerminal shell = TerminalCreateTool.create(call, request);
            call.own(shell, new SessionTerminals.Entry(shell.terminalId(), "shell", shell.spec().command(),
                    false));
            call.session().defaultShell(shell.terminalId());
            return shell;
        }
    }

    /**
     * {@link CommandRun#run} in {@code terminal}, a refusal (a bad command, a busy shell) as the tool's error.
     *
     * @param timeoutMs the wait the agent asked for, which a busy shell's message names
     */
    private static CommandRun.Result run(HostedTerminal terminal, String command, long timeoutMs, int maxBytes)
            throws ToolError, IOException, InterruptedException {
        try {
            return CommandRun.run(terminal.session(), terminal.prompts(), terminal.output(), command, timeoutMs,
                    maxBytes);
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage() + ".");
        } catch (CommandRun.ShellBusy busy) {
            throw new ToolError(busyMessage(terminal, busy, timeoutMs));
        }
    }
}
