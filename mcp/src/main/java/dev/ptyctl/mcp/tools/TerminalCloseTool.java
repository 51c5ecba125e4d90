package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** {@code terminal_close}: ends a terminal's program and every process still holding the terminal. */
public final class TerminalCloseTool extends SchemaTool {
    private static final long EXIT_WAIT_SECONDS = 10;

    public TerminalCloseTool() {
        super("terminal_close", "Close a terminal", Access.CLOSE, true, """
                End a terminal: its program, its process group and every process still holding the terminal \
                (background jobs included) get SIGHUP, and SIGKILL after a grace period; `force: true` kills at \
                once. Answers the exit code (128 + signal number when a signal ended it) and, when a signal ended \
                it, `signal` (its name, e.g. "SIGHUP"). The terminal stays in terminal_list as exited. Example: {"terminalId": "...", "force": false}.""", """
                {"type": "object", "properties": {
                  %s,
                  "force": {"type": "boolean", "description": "SIGKILL at once instead of SIGHUP, then SIGKILL after the grace period."}
                }, "required": ["terminalId"]}""".formatted(TERMINAL_ID), """
                {"type": "object", "properties": {"exitCode": {"type": "integer"}, "signal": {"type": "string"}},
                 "required": ["exitCode"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args) throws ToolError, InterruptedException {
        String id = args.string("terminalId");
        boolean force = args.bool("force");
        HostedTerminal terminal = call.terminal(id);
        terminal.session().kill(force ? Duration.ZERO : call.killGrace());
        Optional<ProcessExit> known = terminal.session().progress().exit();
        ProcessExit end;
        try {
            // kill() returns once the program is reaped; the wait only covers a program stuck in the kernel
            end = known.isPresent() ? known.get()
                    : terminal.session().onExit().get(EXIT_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new ToolError("Terminal " + id + " was sent SIGKILL but has not exited after " + EXIT_WAIT_SECONDS
                    + " s (a process stuck in the kernel?). terminal_list shows its state.");
        }
        call.registry().closeById(id);
        // The tracker has seen the exit by now: a command the close cut short ended with the shell's status.
        call.session().closed(id, end, terminal.prompts().map(PromptTracker::lastExitCode)
                .orElse(OptionalInt.empty()));
        return new ToolResult().putExit(end)
                .withText("Closed terminal " + id + " (" + ToolResult.exitFacts(end) + ").");
    }
}
