package dev.ptyctl.mcp;

import dev.ptyctl.mcp.tools.Arguments;
import dev.ptyctl.mcp.tools.SessionTerminals;
import dev.ptyctl.mcp.tools.TerminalCloseTool;
import dev.ptyctl.mcp.tools.TerminalCreateTool;
import dev.ptyctl.mcp.tools.TerminalListTool;
import dev.ptyctl.mcp.tools.TerminalOutputTool;
import dev.ptyctl.mcp.tools.TerminalReadTool;
import dev.ptyctl.mcp.tools.TerminalResizeTool;
import dev.ptyctl.mcp.tools.TerminalRunTool;
import dev.ptyctl.mcp.tools.TerminalSendTool;
import dev.ptyctl.mcp.tools.TerminalTool;
import dev.ptyctl.mcp.tools.TerminalWaitTool;
import dev.ptyctl.mcp.tools.ToolCall;
import dev.ptyctl.mcp.tools.ToolError;
import dev.ptyctl.mcp.tools.ToolResult;
import dev.ptyctl.service.control.TerminalWait;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.terminals.TerminalRegistry;
import dev.ptyctl.vt.BuildVersion;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The MCP server over one terminal registry: the nine tools (those the {@link ToolSet} allows), the screen resources,
 * and the terminals of each MCP session. Built on either transport: {@link #build} takes the SDK's sync
 * specification for stdio or Streamable HTTP.
 */
public final class TerminalMcpServer implements AutoCloseable {
    /** What the server tells a model once, at initialization. */
    static final String INSTRUCTIONS = """
            ptyctl gives you real terminals. To run shell commands use terminal_run: it returns the exit code and \
            only the command's output, and the shell keeps its state (cd, export) between runs. For interactive \
            programs (REPLs, editors, installers that ask questions, ssh): terminal_create, then terminal_send to \
            type and press keys, terminal_wait to wait for text, a prompt or quiet (never sleep), terminal_read to \
            see the screen. Pass the seq a tool returned as sinceSeq to terminal_wait so that only new output \
            matches. When terminal_read says inputHidden (a password prompt), ask the user or give them the \
            viewUrl from terminal_create instead of typing a secret. Close terminals you started with \
            terminal_close.""";
    /**
     * The transport context's key for the URL an HTTP client reached the server by ({@code https://build-host:8765}),
     * the base of the {@code viewUrl}s its calls return.
     */
    public static final String REQUESTED_BASE_URL = "ptyctl.requestedBaseUrl";
    private static final System.Logger LOG = System.getLogger(TerminalMcpServer.class.getName());

    private final TerminalRegistry registry;
    private final McpSettings settings;
    private final Supplier<String> baseUrl;
    private final Map<String, SessionTerminals> sessions = new ConcurrentHashMap<>();
    /**
     * Whether the transport opens each session before its calls ({@link #openSession}, Streamable HTTP): a call of a
     * session not open has then outlived it. Over stdio the one session is made at its first call.
     */
    private volatile boolean sessionsOpened;
    private final ScreenResources resources;
    private volatile McpSyncServer server;
    /** Tool calls under way; guarded by itself. */
    private final int[] running = new int[1];

    public TerminalMcpServer(TerminalRegistry registry, McpSettings settings, Supplier<String> baseUrl) {
        this.registry = Objects.requireNonNull(registry);
        this.settings = Objects.requireNonNull(settings);
        this.baseUrl = Objects.requireNonNull(baseUrl);
        this.resources = new ScreenResources(registry, () -> server);
    }

    /** Every tool, in the order {@code tools/list} shows them. */
    public static List<TerminalTool> allTools() {
        return List.of(new TerminalCreateTool(), new TerminalListTool(), new TerminalSendTool(),
                new TerminalReadTool(), new TerminalWaitTool(), new TerminalRunTool(), new TerminalOutputTool(),
                new TerminalResizeTool(), new TerminalCloseTool());
    }

    /** Adds the tools and resources to {@code spec} and builds the SDK server. Call once. */
    public McpSyncServer build(McpServer.SyncSpecification<?> spec, McpJsonMapper json) {
        List<McpServerFeatures.SyncToolSpecification> tools = allTools().stream()
                .filter(tool -> settings.tools().allows(tool.access()))
                .map(tool -> new McpServerFeatures.SyncToolSpecification(tool.definition(json),
                        (exchange, request) -> call(tool, exchange, request)))
                .toList();
        // The tools check their own arguments, with messages that name the argument and say what to send instead.
        server = spec.serverInfo("ptyctl", BuildVersion.VERSION).validateToolInputs(false)
                .jsonSchemaValidator(new OwnResultsValidator())
                .instructions(INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(true, false).build())
                .tools(tools)
                .resourceTemplates(resources.template())
                .build();
        return server;
    }

    private McpSchema.CallToolResult call(TerminalTool tool, McpSyncServerExchange exchange,
                                          McpSchema.CallToolRequest request) {
        synchronized (running) {
            running[0]++;
        }
        try {
            McpSchema.CallToolResult result = callCounted(tool, exchange, request);
            ServerMetrics.get().mcpToolCall(tool.name(), Boolean.TRUE.equals(result.isError()) ? "error" : "ok");
            return result;
        } finally {
            synchronized (running) {
                running[0]--;
                running.notifyAll();
            }
        }
    }

    /**
     * Waits up to {@code timeoutMs} for the tool calls under way to answer: a client that sends a last request and
     * closes its end at once still gets the answer before the server stops.
     */
    public void awaitCalls(long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        synchronized (running) {
            for (long left = timeoutMs; running[0] > 0 && left > 0; left = deadline - System.currentTimeMillis()) {
                running.wait(left);
            }
        }
    }

    /**
     * The URL the client reached the server by when the call came over HTTP, else (stdio) the server's own: a
     * server listening on {@code 0.0.0.0} would give a {@code viewUrl} of {@code https://0.0.0.0:8765/?t=...},
     * which no person can open.
     */
    private Supplier<String> baseUrlFor(McpSyncServerExchange exchange) {
        McpTransportContext transport = exchange.transportContext();
        return transport != null && transport.get(REQUESTED_BASE_URL) instanceof String requested
                ? () -> requested : baseUrl;
    }

    private McpSchema.CallToolResult callCounted(TerminalTool tool, McpSyncServerExchange exchange,
                                                 McpSchema.CallToolRequest request) {
        SessionTerminals session = session(exchange.sessionId());
        if (session == null) {
            return ToolResult.error("This MCP session has ended (its client deleted it, or it was idle too long) "
                    + "and its terminals were closed. Start a new session.");
        }
        ToolCall call = new ToolCall(registry, session, settings.waitCapMs(), registry.settings().killGrace(),
                baseUrlFor(exchange), progress(exchange, request));
        try {
            return tool.call(call, new Arguments(tool.name(), request.arguments(), tool.argumentNames()));
        } catch (ToolError e) {
            return ToolResult.error(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolResult.error("The call was interrupted (the server is stopping).");
        } catch (IOException e) {
            return ToolResult.error("The terminal refused: " + e.getMessage() + ". Check it with terminal_read.");
        } catch (RuntimeException | StackOverflowError e) {
            // The SDK answers nothing for an Error: a stack overflow (deep recursion on one call's input) would leave
            // the agent waiting for its request timeout. The server is sound after one, so answer it like a bug.
            LOG.log(System.Logger.Level.WARNING, tool.name() + " failed", e);
            return ToolResult.error(tool.name() + " failed unexpectedly: " + e + ". This is a bug in ptyctl; "
                    + "terminal_list and terminal_read show the state of the terminals.");
        } finally {
            for (SessionTerminals.Entry entry : session.entries()) {
                registry.find(entry.terminalId()).ifPresent(resources::watch);
            }
        }
    }

    /** Progress notifications for a long wait, when the client asked for them with a progress token. */
    private static TerminalWait.Progress progress(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Object token = request.progressToken();
        if (token == null) {
            return TerminalWait.Progress.NONE;
        }
        return (elapsedMs, limitMs) -> {
            try {
                exchange.progressNotification(new McpSchema.ProgressNotification(token, (double) elapsedMs,
                        (double) limitMs, "waiting (" + elapsedMs / 1000 + " s)"));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "progress notification not sent", e);
            }
        };
    }

    /** The session's terminals; null for a session that has ended (a call that was under way when it did). */
    private SessionTerminals session(String sessionId) {
        String id = Objects.requireNonNullElse(sessionId, "");
        return sessionsOpened ? sessions.get(id) : sessions.computeIfAbsent(id, any -> new SessionTerminals());
    }

    /**
     * A session over HTTP has started: its calls may make terminals until {@link #endSession}. Once a transport opens
     * sessions, a call of a session that is not open is refused: one that ended while the call was on its way (a
     * DELETE racing it) would otherwise be made anew, and the terminals that call created would belong to nobody.
     */
    public void openSession(String sessionId) {
        sessionsOpened = true;
        sessions.putIfAbsent(sessionId, new SessionTerminals());
    }

    /**
     * An MCP session over HTTP ended ({@code reason}: its client deleted it, or it was idle too long): the terminals
     * it created end with it, but for those created to outlive it. Terminals it only used by id are not its own and
     * are left alone.
     */
    public void endSession(String sessionId, String reason) {
        SessionTerminals session = sessions.remove(sessionId);
        // Ended before the terminals are read: a terminal_create under way now closes what it made (ToolCall.own).
        List<SessionTerminals.Entry> entries = session == null ? List.of() : session.end();
        int closed = 0;
        for (SessionTerminals.Entry entry : entries) {
            if (!entry.outlivesSession() && registry.closeById(entry.terminalId()).closed()) {
                closed++;
            }
        }
        EventLog.get().mcpSessionEnded(sessionId, reason, closed,
                (int) entries.stream().filter(SessionTerminals.Entry::outlivesSession).count());
    }

    @Override
    public void close() {
        resources.close();
        McpSyncServer current = server;
        if (current != null) {
            current.close();
        }
    }
}
