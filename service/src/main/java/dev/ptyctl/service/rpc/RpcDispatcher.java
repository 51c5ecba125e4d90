package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonRpcResponses;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.SessionExitedException;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;

/**
 * Turns one request line into one response line for one terminal: envelope checks, authentication, method lookup,
 * the method itself, and the mapping of every failure to its JSON-RPC error (SPEC §4.1, §4.4). It holds no
 * per-connection state of its own (that is {@link ConnectionState}), so one dispatcher serves every connection of
 * an endpoint, and tests can drive it with in-memory lines.
 */
public final class RpcDispatcher {
    static final String UNAUTHORIZED = "Unauthorized";
    private static final System.Logger LOG = System.getLogger(RpcDispatcher.class.getName());

    private final TerminalSession session;
    private final byte[] token;
    private final Map<String, RpcMethodHandler> methods;
    private final RpcCallObserver observer;

    /**
     * @param token the token clients must present with {@code pty/auth} first, or null (or empty) for none
     */
    public RpcDispatcher(TerminalSession session, String token) {
        this(session, token, null, RpcCallObserver.NONE);
    }

    /**
     * @param token   the token clients must present with {@code pty/auth} first, or null (or empty) for none
     * @param prompts  the prompt marks of the session's shell when it was started with shell integration, else null
     *                 ({@code pty/wait} with {@code prompt: true} is then refused)
     * @param observer told of every answered call (the server's metrics; {@link RpcCallObserver#NONE} for none)
     */
    public RpcDispatcher(TerminalSession session, String token, PromptTracker prompts, RpcCallObserver observer) {
        this(session, token, prompts, null, observer);
    }

    /**
     * @param output the terminal's output log, or null where none is kept ({@code ptyctl serve}): {@code pty/wait}
     *               with {@code since} and a text reads it, and is refused without one
     */
    public RpcDispatcher(TerminalSession session, String token, PromptTracker prompts, OutputLog output,
                         RpcCallObserver observer) {
        this.observer = observer;
        this.session = session;
        this.token = token == null || token.isEmpty() ? null : token.getBytes(StandardCharsets.UTF_8);
        this.methods = Map.of(
                RpcMethod.READ, new ReadMethod(),
                RpcMethod.WRITE, new WriteMethod(prompts),
                RpcMethod.WAIT, new WaitMethod(prompts, output),
                RpcMethod.STATUS, new StatusMethod(),
                RpcMethod.RESIZE, new ResizeMethod(),
                RpcMethod.KILL, new KillMethod());
    }

    /** What one connection has established so far. */
    public static final class ConnectionState {
        private boolean authenticated;
    }

    /**
     * What to send back for a line.
     *
     * @param response      the response line without its newline, or null when nothing is to be sent
     * @param closeEndpoint whether the connection and the endpoint close after the response ({@code pty/kill})
     */
    public record Reply(String response, boolean closeEndpoint) {
    }

    /** A fresh state for a new connection. */
    public ConnectionState newConnection() {
        ConnectionState state = new ConnectionState();
        state.authenticated = token == null;
        return state;
    }

    /**
     * A state for a connection whose transport has already checked the client's token (the server's HTTP port checks
     * the bearer token before a request reaches the dispatcher), so {@code pty/auth} is not needed first.
     */
    public ConnectionState newAuthenticatedConnection() {
        ConnectionState state = new ConnectionState();
        state.authenticated = true;
        return state;
    }

    /** The reply to a line that exceeded the line limit (and was skipped). */
    public static Reply lineTooLong(int maxLineBytes) {
        return new Reply(JsonRpcResponses.error(null, RpcErrorCode.INVALID_REQUEST,
                "Invalid Request: line longer than " + maxLineBytes + " bytes", null), false);
    }

    /**
     * Handles one line (without its newline).
     *
     * @throws InterruptedException when the calling connection is being closed during the request
     */
    public Reply handle(byte[] line, int length, ConnectionState state) throws InterruptedException {
        return switch (Envelope.parse(line, length)) {
            case Envelope.Blank blank -> new Reply(null, false);
            case Envelope.Rejected rejected -> {
                observer.answered("-", kind(rejected.code()));
                yield new Reply(rejected.response(), false);
            }
            case Envelope.Request(RpcRequest request) -> call(request, state);
        };
    }

    private Reply call(RpcRequest request, ConnectionState state) throws InterruptedException {
        Answered answered = answer(request, state);
        observer.answered(request.method(), kind(answered.error()));
        return answered.reply();
    }

    /** A reply, and the error it carries (null for a result). */
    private record Answered(Reply reply, RpcErrorCode error) {
    }

    /** {@code ok}, or the error code's name in lower case ({@code invalid_params}). */
    static String kind(RpcErrorCode error) {
        return error == null ? "ok" : error.name().toLowerCase(java.util.Locale.ROOT);
    }

    private Answered answer(RpcRequest request, ConnectionState state) throws InterruptedException {
        JsonValue id = request.id();
        try {
            if (request.method().equals(RpcMethod.AUTH)) {
                return new Answered(new Reply(JsonRpcResponses.result(id, authenticate(request.params(), state)),
                        false), null);
            }
            if (!state.authenticated) {
                throw new RpcException(RpcErrorCode.UNAUTHORIZED, UNAUTHORIZED);
            }
            RpcMethodHandler method = methods.get(request.method());
            if (method == null) {
                throw new RpcException(RpcErrorCode.METHOD_NOT_FOUND, "Method not found: " + request.method());
            }
            JsonObject result = method.call(request.params(), session);
            return new Answered(new Reply(JsonRpcResponses.result(id, result), method.closesEndpoint()), null);
        } catch (RpcException e) {
            return error(JsonRpcResponses.error(id, e.code(), e.getMessage(), e.data()), e.code());
        } catch (SessionExitedException e) {
            return error(JsonRpcResponses.error(id, RpcErrorCode.SESSION_ERROR, e.getMessage(), null),
                    RpcErrorCode.SESSION_ERROR);
        } catch (IOException e) {
            return error(JsonRpcResponses.error(id, RpcErrorCode.SESSION_ERROR,
                    "the terminal refused the request: " + e.getMessage(), null), RpcErrorCode.SESSION_ERROR);
        } catch (RuntimeException | StackOverflowError e) {
            // A stack overflow (deep recursion on one request's input) leaves the server sound: answer it like a
            // bug, or the client would wait for an answer that never comes.
            LOG.log(System.Logger.Level.ERROR, "request " + request.method() + " failed", e);
            return error(JsonRpcResponses.error(id, RpcErrorCode.INTERNAL_ERROR, "Internal error: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), null),
                    RpcErrorCode.INTERNAL_ERROR);
        }
    }

    private static Answered error(String response, RpcErrorCode code) {
        return new Answered(new Reply(response, false), code);
    }

    /** {@code pty/auth}: compares in constant time; without a server token any call succeeds. */
    private JsonObject authenticate(JsonObject params, ConnectionState state) throws RpcException {
        String given = new Params(params).string("token")
                .orElseThrow(() -> RpcException.invalidParams("token is required"));
        if (token != null && !MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
            throw new RpcException(RpcErrorCode.UNAUTHORIZED, UNAUTHORIZED + ": wrong token");
        }
        state.authenticated = true;
        return JsonValue.EMPTY_JSON_OBJECT;
    }
}
