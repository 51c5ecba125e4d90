package dev.ptyctl.mcp.http;

import dev.ptyctl.mcp.TerminalMcpServer;
import dev.ptyctl.protocol.UriHosts;
import io.helidon.common.uri.UriInfo;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.sse.SseSink;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * The MCP SDK's Streamable HTTP server transport on Helidon routing: POST carries client messages (an
 * {@code initialize} gets a new session and its {@code Mcp-Session-Id}; a request is answered on a server-sent-event
 * stream that also carries its progress notifications; notifications and responses get 202), GET opens the stream
 * the server sends its own messages on (resource updates), DELETE ends a session, and so does {@link IdleSessions}
 * when its client has left it. Handlers run on Helidon's virtual threads and block on the SDK's Reactor types there,
 * which is what those threads are for.
 *
 * <p>Access (Host, Origin, token) is checked before a request gets here, by the server's request guard.
 */
public final class StreamableHttpTransport implements McpStreamableServerTransportProvider, HttpService {
    static final HeaderName SESSION_ID = HeaderNames.create("Mcp-Session-Id");
    /**
     * Often enough that proxies with a one-minute idle timeout keep a quiet GET stream open. A write is also how a
     * client that went away without a word is noticed (the second write after its end fails), so sessions that may
     * only be idle briefly write more often: see {@link #keepAliveMs}.
     */
    private static final long KEEP_ALIVE_MS = 25_000;
    private static final System.Logger LOG = System.getLogger(StreamableHttpTransport.class.getName());

    private final McpJsonMapper json;
    private final Consumer<String> sessionStarted;
    private final BiConsumer<String, String> sessionEnded;
    private final Map<String, McpStreamableServerSession> sessions = new ConcurrentHashMap<>();
    private final IdleSessions idle;
    private final long keepAliveMs;
    private volatile McpStreamableServerSession.Factory factory;
    private volatile boolean closing;

    /**
     * @param sessionIdleMs how long a session may be idle before it ends ({@code ptyctl.mcp.sessionIdleMillis}); 0:
     *                      it ends only when its client deletes it
     * @param sessionStarted told the id of each session that starts, before its first request is answered
     * @param sessionEnded  told the id of each session that ends, and why: {@code "deleted"} or {@code "idle"}
     */
    public StreamableHttpTransport(McpJsonMapper json, long sessionIdleMs, Consumer<String> sessionStarted,
                                   BiConsumer<String, String> sessionEnded) {
        this.json = json;
        this.sessionStarted = sessionStarted;
        this.sessionEnded = sessionEnded;
        this.idle = new IdleSessions(sessionIdleMs, this::expire);
        this.keepAliveMs = keepAliveMs(sessionIdleMs);
    }

    /** A quarter of the idle period, so a vanished client's stream is noticed well within it; at most 25 s. */
    static long keepAliveMs(long sessionIdleMs) {
        return sessionIdleMs > 0 ? Math.clamp(sessionIdleMs / 4, 50, KEEP_ALIVE_MS) : KEEP_ALIVE_MS;
    }

    @Override
    public List<String> protocolVersions() {
        return List.of(ProtocolVersions.MCP_2025_03_26, ProtocolVersions.MCP_2025_06_18,
                ProtocolVersions.MCP_2025_11_25);
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory sessionFactory) {
        this.factory = sessionFactory;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post(this::post).get(this::get).delete(this::delete);
    }

    private void post(ServerRequest req, ServerResponse res) throws IOException {
        if (closing) {
            error(res, Status.SERVICE_UNAVAILABLE_503, McpSchema.ErrorCodes.INTERNAL_ERROR, "the server is stopping");
            return;
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, req.content().as(String.class));
        } catch (IOException | RuntimeException e) {
            error(res, Status.BAD_REQUEST_400, McpSchema.ErrorCodes.PARSE_ERROR,
                    "not a JSON-RPC message: " + e.getMessage());
            return;
        }
        if (message instanceof McpSchema.JSONRPCRequest request
                && McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            initialize(request, res);
            return;
        }
        Optional<McpStreamableServerSession> session = session(req, res);
        if (session.isEmpty()) {
            return;
        }
        try {
            switch (message) {
                case McpSchema.JSONRPCRequest request -> answer(session.get(), request, req, res);
                case McpSchema.JSONRPCNotification notification -> {
                    session.get().accept(notification).block();
                    res.status(Status.ACCEPTED_202).send();
                }
                case McpSchema.JSONRPCResponse response -> {
                    session.get().accept(response).block();
                    res.status(Status.ACCEPTED_202).send();
                }
                default -> error(res, Status.BAD_REQUEST_400, McpSchema.ErrorCodes.INVALID_REQUEST,
                        "unknown message type");
            }
        } finally {
            idle.end(session.get().getId());
        }
    }

    private void initialize(McpSchema.JSONRPCRequest request, ServerResponse res) throws IOException {
        McpSchema.InitializeRequest params = json.convertValue(request.params(),
                new TypeRef<McpSchema.InitializeRequest>() {
                });
        McpStreamableServerSession.McpStreamableServerSessionInit init = factory.startSession(params);
        sessionStarted.accept(init.session().getId());
        sessions.put(init.session().getId(), init.session());
        idle.opened(init.session().getId());
        McpSchema.InitializeResult result = init.initResult().block();
        res.header(SESSION_ID, init.session().getId())
                .header(HeaderNames.CONTENT_TYPE, "application/json")
                .send(json.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(),
                        result, null)));
    }

    /**
     * A request: its answer (and whatever the server sends while working on it) as an event stream. Its handlers
     * get the URL the client reached the server by ({@link TerminalMcpServer#REQUESTED_BASE_URL}).
     */
    private void answer(McpStreamableServerSession session, McpSchema.JSONRPCRequest request, ServerRequest req,
                        ServerResponse res) throws IOException {
        res.header(HeaderNames.CACHE_CONTROL, "no-cache");
        McpTransportContext context = McpTransportContext.create(Map.of(TerminalMcpServer.REQUESTED_BASE_URL,
                baseUrl(req.requestedUri())));
        try (SseSink out = res.sink(SseSink.TYPE)) {
            SseStream stream = new SseStream(json, out);
            try {
                session.responseStream(request, stream)
                        .contextWrite(reactor -> reactor.put(McpTransportContext.KEY, context)).block();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "answering " + request.method() + " failed", e);
            } finally {
                stream.close();
            }
        }
    }

    /**
     * {@code https://build-host:8765}: the scheme and authority the request was sent to (its Host header, or what a
     * proxy's Forwarded headers say when Helidon's {@code requested-uri-discovery} is configured to trust them).
     */
    private static String baseUrl(UriInfo requested) {
        return requested.scheme() + "://" + UriHosts.bracketed(requested.host()) + ":" + requested.port();
    }

    private void get(ServerRequest req, ServerResponse res) throws IOException, InterruptedException {
        if (!req.headers().first(HeaderNames.ACCEPT).orElse("").contains("text/event-stream")) {
            error(res, Status.NOT_ACCEPTABLE_406, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "GET /mcp opens an event stream: send Accept: text/event-stream");
            return;
        }
        Optional<McpStreamableServerSession> session = session(req, res);
        if (session.isEmpty()) {
            return;
        }
        res.header(HeaderNames.CACHE_CONTROL, "no-cache");
        try (SseSink out = res.sink(SseSink.TYPE)) {
            SseStream stream = new SseStream(json, out);
            McpStreamableServerSession.McpStreamableServerSessionStream listening = session.get()
                    .listeningStream(stream);
            try {
                // the headers now, with a comment: a client waits for them before it goes on
                out.emit(io.helidon.http.sse.SseEvent.builder().comment("ptyctl mcp").build());
                while (!stream.awaitClosed(keepAliveMs) && !closing && stream.keepAlive()) {
                    // the stream stays open until the session or the client ends it
                }
            } finally {
                listening.close();
            }
        } finally {
            idle.end(session.get().getId());
        }
    }

    private void delete(ServerRequest req, ServerResponse res) throws IOException {
        Optional<McpStreamableServerSession> session = session(req, res);
        if (session.isEmpty()) {
            return;
        }
        String id = session.get().getId();
        idle.forget(id);
        end(id, "deleted");
        res.status(Status.OK_200).send();
    }

    /** A session idle for too long ({@link IdleSessions}): ended as a DELETE would end it. */
    private void expire(String id) {
        end(id, "idle");
    }

    private void end(String id, String why) {
        McpStreamableServerSession session = sessions.remove(id);
        if (session == null) {
            return; // ended already
        }
        try {
            session.delete().block();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "ending session " + id + " failed", e);
        } finally {
            sessionEnded.accept(id, why);
        }
    }

    /**
     * The session the request names, or empty after answering 400 (no id) or 404 (unknown id). A session returned is
     * busy ({@link IdleSessions#begin}) until the caller calls {@link IdleSessions#end}; DELETE needs no such end.
     */
    private Optional<McpStreamableServerSession> session(ServerRequest req, ServerResponse res) throws IOException {
        Optional<String> id = req.headers().first(SESSION_ID);
        if (id.isEmpty() || id.get().isBlank()) {
            error(res, Status.BAD_REQUEST_400, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "Mcp-Session-Id header required (send initialize first)");
            return Optional.empty();
        }
        McpStreamableServerSession session = sessions.get(id.get());
        if (session == null || !idle.begin(id.get())) {
            error(res, Status.NOT_FOUND_404, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "unknown session " + id.get() + " (it ended, or the server restarted): initialize again");
            return Optional.empty();
        }
        return Optional.of(session);
    }

    private void error(ServerResponse res, Status status, int code, String message) throws IOException {
        // Written by hand: the SDK's response type refuses the null id a JSON-RPC error without a request carries.
        Map<String, Object> error = new java.util.LinkedHashMap<>();
        error.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        error.put("id", null);
        error.put("error", Map.of("code", code, "message", message));
        res.status(status).header(HeaderNames.CONTENT_TYPE, "application/json").send(json.writeValueAsString(error));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Mono.fromRunnable(() -> sessions.values().forEach(session -> {
            try {
                session.sendNotification(method, params).block();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "notification to session " + session.getId() + " failed", e);
            }
        }));
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            closing = true;
            sessions.values().forEach(session -> {
                try {
                    session.closeGracefully().block();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "closing session " + session.getId() + " failed", e);
                }
            });
            sessions.clear();
            idle.close();
        });
    }
}
