package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.terminals.TerminalRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a tool call works with: the registry, the calling MCP session's terminals, the adapter's settings, the
 * server's URL (for {@code viewUrl}) and the progress channel of this call.
 *
 * @param registry   the terminals of the server
 * @param session    the terminals of the MCP session making the call
 * @param waitCapMs  the longest one {@code terminal_wait} blocks ({@code ptyctl.mcp.waitCapMillis})
 * @param killGrace  the server's grace period between hang-up and kill
 * @param baseUrl    the server's URL, e.g. {@code http://127.0.0.1:8765}
 * @param progress   where a long wait reports progress (nothing when the client gave no progress token)
 */
public record ToolCall(TerminalRegistry registry, SessionTerminals session, long waitCapMs, Duration killGrace,
                       Supplier<String> baseUrl, TerminalWait.Progress progress) {

    /**
     * The terminal with this id, live or exited, or the error an agent can act on: one this session closed gives
     * its exit code, an unknown id says to list them.
     */
    public HostedTerminal terminal(String terminalId) throws ToolError {
        Optional<ProcessExit> closed = session.closedExit(terminalId);
        if (closed.isPresent()) {
            throw new ToolError("Terminal " + terminalId + " was closed (" + ToolResult.exitFacts(closed.get())
                    + "). Create a new one with terminal_create, or let terminal_run start a shell.");
        }
        return registry.find(terminalId).orElseThrow(() -> new ToolError("There is no terminal " + terminalId
                + ". Call terminal_list to see this session's terminals, or terminal_create to start one."));
    }

    /** {@link #terminal} that must still be running: input and resizing need a live program. */
    public HostedTerminal liveTerminal(String terminalId) throws ToolError {
        HostedTerminal terminal = terminal(terminalId);
        Optional<ProcessExit> end = terminal.session().progress().exit();
        if (end.isPresent()) {
            throw new ToolError("Terminal " + terminalId + " has exited (" + ToolResult.exitFacts(end.get())
                    + "); it takes no more input. Read its last screen with terminal_read or its output with "
                    + "terminal_output, or create a new one with terminal_create.");
        }
        return terminal;
    }

    /**
     * Records a terminal this call created as the session's own, or, when the session ended while it was being
     * created (its client deleted it, or it was idle too long), closes it again: no terminal outlives its session
     * unasked. One created with {@code outliveSession} is kept, as it would have been had it been made a moment
     * before the end; false then, true when the session took it.
     */
    boolean own(HostedTerminal terminal, SessionTerminals.Entry entry) throws ToolError {
        if (session.add(entry)) {
            return true;
        }
        if (entry.outlivesSession()) {
            return false;
        }
        registry.closeById(terminal.terminalId());
        throw new ToolError("This MCP session ended while terminal " + terminal.terminalId() + " was being "
                + "created (its client deleted it, or it was idle too long), so the terminal was closed again. "
                + "Start a new session.");
    }

    /** The web page where a person can watch and type into the terminal. */
    public String viewUrl(String terminalId) {
        return baseUrl.get() + "/?t=" + terminalId;
    }
}
