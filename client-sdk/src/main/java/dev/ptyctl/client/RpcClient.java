package dev.ptyctl.client;

import dev.ptyctl.client.internal.DurationChecks;
import dev.ptyctl.client.internal.JsonRpcConnection;
import dev.ptyctl.client.internal.LongWait;
import dev.ptyctl.client.internal.PromptWaitParams;
import dev.ptyctl.client.internal.RpcCommandRun;
import dev.ptyctl.client.internal.RpcRunResults;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * A client of one terminal's JSON-RPC endpoint (docs/protocol-jsonrpc.md), over TCP, a Unix-domain socket, or the
 * HTTP(S) port of the ptyctl server that hosts the terminal ({@link RpcAddress#server}: a WebSocket, so it works from
 * another machine and through proxies; the token is then sent as the bearer token of the upgrade).
 *
 * <pre>{@code
 * try (RpcClient client = RpcClient.connect("127.0.0.1", 5174)) {
 *     client.write(Action.text("echo hello"), Action.key(Key.ENTER));
 *     WaitResult result = client.waitFor("hello", Duration.ofSeconds(5));
 *     System.out.print(client.read(Selection.bottom(3)).text());
 * }
 * try (RpcClient remote = RpcClient.builder().token(token)
 *         .connect(RpcAddress.server(URI.create("https://build-host:8765"), terminalId))) {
 *     remote.write(Action.text("make"), Action.key(Key.ENTER));
 * }
 * }</pre>
 *
 * <p>Thread safety: one client may be shared by any number of threads. Requests are pipelined:
 * each is written at once and its reply matched by id, so a slow {@code pty/wait} on one thread
 * does not stop another thread from sending (the server still executes one connection's requests
 * in order; open a second client for a request that must not queue behind a wait).
 *
 * <p>Errors: every method throws {@link RpcException} when the server refuses the request (the
 * client stays usable) and {@link RpcConnectionException} when the endpoint cannot be reached, the
 * connection breaks, a reply does not come within the call timeout, or the reply is not JSON-RPC.
 * Both are {@link IOException}s.
 *
 * <p>Timeouts: connecting over TCP gives up after {@link Builder#connectTimeout(Duration)}
 * (default 5 s). A call waits for its reply at most
 * {@link Builder#callTimeout(Duration)} (default 30 s); a wait
 * request waits at least its own timeout plus 5 s, so the
 * server's "not matched" reply always arrives. A wait longer than the server takes in one request (10 minutes) is
 * made of several ({@link #waitFor}, the prompt waits, {@link #run}, {@link #waitForExit}), so any timeout works.
 */
public final class RpcClient implements AutoCloseable {
    /** Every call but pty/wait answers at once; this only bounds a hung server. */
    private static final long DEFAULT_CALL_TIMEOUT_SECONDS = 30;
    /** Beyond a wait's own timeout: room for the server to notice it, serialize the screen and send it. */
    private static final long WAIT_REPLY_MARGIN_SECONDS = 5;

    private final JsonRpcConnection connection;
    private final Duration callTimeout;

    private RpcClient(JsonRpcConnection connection, Duration callTimeout) {
        this.connection = connection;
        this.callTimeout = callTimeout;
    }

    /** Connects to a TCP endpoint with the default timeouts. */
    public static RpcClient connect(String host, int port) throws IOException {
        return builder().connect(RpcAddress.tcp(host, port));
    }

    /** Connects to a Unix-domain socket with the default timeouts. */
    public static RpcClient connect(Path socket) throws IOException {
        return builder().connect(RpcAddress.unix(socket));
    }

    /** Connects to an endpoint with the default timeouts. */
    public static RpcClient connect(RpcAddress address) throws IOException {
        return builder().connect(address);
    }

    /** A builder for a client with other timeouts or a token. */
    public static Builder builder() {
        return new Builder();
    }

    /** The endpoint this client talks to. */
    public RpcAddress address() {
        return connection.address();
    }

    /** Reads the whole screen ({@code pty/read {}}). */
    public Screen read() throws IOException {
        return read(Selection.all());
    }

    /**
     * Reads the selected rows of the screen (with {@link Selection#withScrollback()}, of the scrollback and screen).
     *
     * @throws RpcException (-32602) when the selection asks for the scrollback (or joined rows) and the server is
     *     older than that parameter: it ignored it and answered with the screen alone (or the rows as they are)
     */
    public Screen read(Selection selection) throws IOException {
        return typed(RpcMethod.READ, readResult(selection), Screen::fromJson);
    }

    /** {@link #read(Selection)}'s raw {@code pty/read} result, checked the same way. */
    public JsonObject readResult(Selection selection) throws IOException {
        JsonObject result = call(RpcMethod.READ, selection.toJson());
        // Servers ignore params they do not know: without this check an old one would pass off the screen alone as
        // the whole scrollback. Ours say how many scrollback lines they put first.
        if (selection.scrollback() && !result.containsKey("scrollback")) {
            throw readParameterUnsupported("scrollback", "the screen alone", "read the scrollback");
        }
        if (selection.rowsJoined() && !result.containsKey("joined")) {
            throw readParameterUnsupported("joined", "the rows as they are",
                    "read lines with their soft-wrapped rows joined");
        }
        return result;
    }

    /** A server older than a {@code pty/read} parameter ignored it: {@code answered} is what it gave instead. */
    private RpcException readParameterUnsupported(String parameter, String answered, String upgradeTo) {
        return new RpcException(RpcErrorCode.INVALID_PARAMS.code(), "the server at " + address()
                + " does not support pty/read's " + parameter + " parameter (it answered with " + answered + "); "
                + "upgrade it to " + upgradeTo, null);
    }

    /**
     * The whole terminal in {@code format}, as {@link TerminalsClient#screen(String, ScreenFormat)} gives a server's
     * terminal: plain text (the scrollback then the screen), or escape sequences that redraw screen and scrollback with
     * colours and cursor in a terminal of the same size.
     *
     * @throws RpcException (-32602) when the server is older than the format (it answered with text)
     */
    public String screen(ScreenFormat format) throws IOException {
        return screenResult(format).getString("screen");
    }

    /** {@link #screen(ScreenFormat)}'s raw {@code pty/read} result, checked the same way. */
    public JsonObject screenResult(ScreenFormat format) throws IOException {
        if (format == ScreenFormat.TEXT) {
            return readResult(Selection.all().withScrollback());
        }
        JsonObject result = call(RpcMethod.READ, JsonSupport.objectBuilder().add("format", format.wireName()).build());
        // An older server ignores the parameter and answers with the screen's text, which must not pass for the vt.
        if (!format.wireName().equals(result.getString("format", null))) {
            throw readParameterUnsupported("format", "the screen as text", "read the screen as escape sequences");
        }
        return result;
    }

    /**
     * Types text and presses keys, in order. One action is sent as an object, several as an array.
     *
     * @throws IllegalArgumentException when there is no action
     */
    public WriteResult write(Action... actions) throws IOException {
        return write(List.of(actions));
    }

    /**
     * Types text and presses keys, in the list's order.
     *
     * @throws IllegalArgumentException when the list is empty
     */
    public WriteResult write(List<Action> actions) throws IOException {
        JsonObject params = Action.writeParams(actions);
        return typed(RpcMethod.WRITE, call(RpcMethod.WRITE, params), WriteResult::fromJson);
    }

    /**
     * Types a line: the text, then Enter, in one write (pexpect's {@code sendline}; the test DSL's {@code typeLine}).
     * The result's {@link WriteResult#outputSeq()} is where to wait for the prompt after it
     * ({@link #waitForPromptAfter}); {@link #run} also waits for the command to finish.
     */
    public WriteResult writeLine(String text) throws IOException {
        return write(Action.text(Objects.requireNonNull(text, "text")), Action.key(Key.ENTER));
    }

    /** Waits until {@code match} is on the screen, or {@code timeout} has passed. */
    public WaitResult waitFor(String match, Duration timeout) throws IOException {
        return waitFor(WaitRequest.builder().match(Objects.requireNonNull(match, "match")).timeout(timeout).build());
    }

    /**
     * Waits until any of {@code texts} (substrings) is on the screen, or {@code timeout} has passed: pexpect's
     * {@code expect([...])}. {@link WaitResult#found()} says which ({@link WaitMatch#index()}, in this order; the lowest
     * on screen when several are there); {@link WaitResult#exited()} that the program ended first.
     */
    public WaitResult waitForAny(List<String> texts, Duration timeout) throws IOException {
        return waitFor(WaitRequest.builder().anyOf(texts.toArray(String[]::new)).timeout(timeout).build());
    }

    /**
     * Waits as the request describes; the reply timeout is stretched to outlast the wait. A timeout longer than the
     * server's longest wait (10 minutes) is waited in several requests, asked again while the text has not come and
     * the program runs (an idle wait then needs its quiet time after each new request began); with
     * {@link WaitRequest.Builder#since(long) since}, each goes on where the one before left off (its
     * {@code continueAt}), so a stream of any length in between never makes the server refuse the offset.
     */
    public WaitResult waitFor(WaitRequest request) throws IOException {
        JsonObject result = LongWait.wait(this, request.timeout(), (Duration timeout, long continueAt) -> {
            WaitRequest.Builder each = request.newBuilder().timeout(timeout);
            return call(RpcMethod.WAIT, (continueAt >= 0 ? each.continueAt(continueAt) : each).build().toJson(),
                    replyTimeoutFor(timeout));
        });
        return typed(RpcMethod.WAIT, result, WaitResult::fromJson);
    }

    /**
     * Waits until the shell is at its prompt (any prompt, also one already on screen), or at a continuation prompt,
     * or {@code timeout} has passed ({@code pty/wait {prompt: true}}). Needs shell integration
     * (docs/shell-integration.md): a terminal without it, or whose program is not a shell, is refused at once with an
     * {@link RpcException} (-32602).
     *
     * @see #waitForPromptAfter(long, Duration) to wait for a command typed earlier to finish
     */
    public PromptWaitResult waitForPrompt(Duration timeout) throws IOException {
        return promptWait(-1, timeout);
    }

    /**
     * Waits until the shell is at a prompt drawn after output offset {@code outputSeq}, or at a continuation prompt,
     * or {@code timeout} has passed ({@code pty/wait {prompt: true, since}}): with the {@link WriteResult#outputSeq()}
     * of the write that typed a command and Enter, the wait ends when that command has finished, and the result holds
     * its exit code and output ({@link PromptWaitResult#command()}), and those of every command the input ran
     * ({@link PromptWaitResult#commands()}). Type a command only once the one before has finished: typed ahead, the
     * prompt that ends the earlier one would count. Needs shell integration, as {@link #waitForPrompt(Duration)}.
     *
     * @throws IllegalArgumentException when {@code outputSeq} is negative (e.g. {@link WriteResult#UNKNOWN_SEQ} from a
     *                                  server that does not report it)
     */
    public PromptWaitResult waitForPromptAfter(long outputSeq, Duration timeout) throws IOException {
        if (outputSeq < 0) {
            throw new IllegalArgumentException("outputSeq is negative: " + outputSeq
                    + " (the server did not say where its output was when it took the input?)");
        }
        return promptWait(outputSeq, timeout);
    }

    private PromptWaitResult promptWait(long since, Duration timeout) throws IOException {
        JsonObject result = LongWait.wait(this, Objects.requireNonNull(timeout, "timeout"), chunk -> call(
                RpcMethod.WAIT, PromptWaitParams.of(since, chunk), replyTimeoutFor(chunk)));
        return typed(RpcMethod.WAIT, result, PromptWaitResult::fromJson);
    }

    /**
     * How long to wait for the reply to a {@code pty/wait}: the wait's own timeout plus a margin,
     * and never less than the call timeout.
     */
    public Duration replyTimeoutFor(WaitRequest request) {
        return replyTimeoutFor(request.timeout());
    }

    private Duration replyTimeoutFor(Duration waitTimeout) {
        Duration needed = waitTimeout.plusSeconds(WAIT_REPLY_MARGIN_SECONDS);
        return needed.compareTo(callTimeout) > 0 ? needed : callTimeout;
    }

    /**
     * Runs a command line in the shell and returns the finished command, its exit code and output, as
     * {@code ptyctl run} and the test DSL's {@code run} do (the same code): waits for the prompt (an incomplete line
     * someone left at a continuation prompt is cancelled with Ctrl-C first), types the line (pasted when it has
     * several) and Enter, and waits until the shell reports the command finished. Needs shell integration
     * (docs/shell-integration.md), which the shells of {@code ptyctl server} have.
     *
     * <pre>{@code
     * FinishedCommand make = client.run("make test", Duration.ofMinutes(5));
     * if (make.exitCode().orElse(-1) != 0) {
     *     System.err.print(make.output());
     * }
     * }</pre>
     *
     * <p>A non-zero exit code is a result, not an exception. A blank line, or one that is only a comment, runs
     * nothing: exit code 0 and no output. A command that ends the shell ({@code exit 3}) has the shell's exit status.
     *
     * @param commandLine the line to type, as at the prompt (several lines are pasted together)
     * @param timeout     how long the whole run may take: waiting for the prompt, and for the command to finish
     * @throws CommandRunException when nothing was typed (another command holds the shell, the shell is not at its
     *                             prompt within the timeout) or what was typed did not run to its end (it waits for
     *                             input, did not finish within the timeout, or the shell did not run the line); its
     *                             {@link CommandRunException#reason() reason()} says which, its message what to do
     * @throws RpcException        when the terminal has no shell integration (-32602: its program is not a shell, or
     *                             one started without ptyctl's integration; the message says to use
     *                             {@link #writeLine} and {@link #waitFor} instead)
     */
    public FinishedCommand run(String commandLine, Duration timeout) throws IOException {
        Objects.requireNonNull(commandLine, "commandLine");
        DurationChecks.notNegative(timeout, "timeout");
        RpcCommandRun.Outcome outcome;
        try {
            outcome = RpcCommandRun.run(this, commandLine, System.nanoTime() + timeout.toNanos());
        } catch (RpcException refused) {
            throw RpcRunResults.refusal(commandLine, refused);
        }
        return RpcRunResults.finished(this, commandLine, timeout, outcome);
    }

    /**
     * Waits until the hosted program has exited, or {@code timeout} has passed, and returns its status then: after
     * an exit {@link Status#exit()} says how it ended, after a timeout {@link Status#running()} is still
     * {@code true} (a timeout is not an exception, as with {@link #waitFor}). Done by the server, with no polling: a
     * {@code pty/wait} without a match ends as the program exits. A program that has already exited answers at once.
     *
     * <pre>{@code
     * Status end = client.waitForExit(Duration.ofSeconds(30));
     * if (end.running()) {
     *     client.kill();
     * }
     * int code = end.exitCode().orElseThrow();
     * }</pre>
     */
    public Status waitForExit(Duration timeout) throws IOException {
        DurationChecks.notNegative(timeout, "timeout");
        Status status = status();
        if (!status.running()) {
            return status;
        }
        waitFor(WaitRequest.builder().timeout(timeout).build()); // a wait without a match ends as the program exits
        return status();
    }

    /** Whether the hosted process runs, its exit code and pid. */
    public Status status() throws IOException {
        return typed(RpcMethod.STATUS, call(RpcMethod.STATUS, JsonObject.EMPTY_JSON_OBJECT), Status::fromJson);
    }

    /** Resizes the terminal (the server accepts 1–1000 for each). */
    public void resize(int cols, int rows) throws IOException {
        call(RpcMethod.RESIZE, JsonSupport.objectBuilder().add("cols", cols).add("rows", rows).build());
    }

    /**
     * Terminates the hosted process. The server then closes this connection and the endpoint, so
     * the client is of no further use.
     */
    public void kill() throws IOException {
        call(RpcMethod.KILL, JsonObject.EMPTY_JSON_OBJECT);
    }

    /** Authenticates this connection ({@code pty/auth}); needed first when the server has a token. */
    public void auth(String token) throws IOException {
        call(RpcMethod.AUTH, JsonSupport.objectBuilder().add("token", Objects.requireNonNull(token, "token")).build());
    }

    /**
     * Calls any method and returns its result object, waiting at most the call timeout.
     *
     * @param params the params object ({@link JsonObject#EMPTY_JSON_OBJECT} for none)
     */
    public JsonObject call(String method, JsonObject params) throws IOException {
        return call(method, params, callTimeout);
    }

    /** Calls any method and returns its result object, waiting at most {@code timeout} for it. */
    public JsonObject call(String method, JsonObject params, Duration timeout) throws IOException {
        return connection.call(Objects.requireNonNull(method, "method"), Objects.requireNonNull(params, "params"),
                Objects.requireNonNull(timeout, "timeout"));
    }

    /**
     * Sends a request without waiting for its reply. The future completes with the result object,
     * or fails with an {@link RpcException} or {@link RpcConnectionException}; it applies no
     * timeout of its own.
     */
    public CompletableFuture<JsonObject> callAsync(String method, JsonObject params) {
        return connection.send(Objects.requireNonNull(method, "method"), Objects.requireNonNull(params, "params"));
    }

    /** Closes the connection; calls still waiting fail with an {@link RpcConnectionException}. */
    @Override
    public void close() {
        connection.close();
    }

    private <T> T typed(String method, JsonObject result, Function<JsonObject, T> reader) throws RpcConnectionException {
        try {
            return reader.apply(result);
        } catch (IllegalArgumentException e) {
            throw new RpcConnectionException(address(),
                    address() + " sent a malformed " + method + " result: " + e.getMessage(), e);
        }
    }

    /**
     * Configures and connects an {@link RpcClient}.
     *
     * <pre>{@code
     * RpcClient client = RpcClient.builder()
     *         .connectTimeout(Duration.ofSeconds(1))
     *         .token(System.getenv("PTYCTL_TOKEN"))
     *         .connect(RpcAddress.unix(Path.of("/tmp/term.sock")));
     * }</pre>
     */
    public static final class Builder {
        private Duration connectTimeout = Duration.ofSeconds(ConnectDefaults.CONNECT_TIMEOUT_SECONDS);
        private Duration handshakeTimeout = Duration.ofSeconds(ConnectDefaults.HANDSHAKE_TIMEOUT_SECONDS);
        private Duration callTimeout = Duration.ofSeconds(DEFAULT_CALL_TIMEOUT_SECONDS);
        private String token;
        private SSLContext sslContext;

        private Builder() {
        }

        /** How long a TCP connect may take. */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = DurationChecks.positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long a {@link RpcAddress.Server}'s TLS handshake, then its answer to the WebSocket upgrade, may wait for
         * the server once TCP has connected (default 30 s: a cold JVM's first handshake on a loaded machine takes
         * seconds of its own, which the TCP connect's bound is too short for).
         */
        public Builder handshakeTimeout(Duration timeout) {
            this.handshakeTimeout = DurationChecks.positive(timeout, "handshakeTimeout");
            return this;
        }

        /** How long a call waits for its reply (waits get at least their own timeout plus a margin). */
        public Builder callTimeout(Duration timeout) {
            this.callTimeout = DurationChecks.positive(timeout, "callTimeout");
            return this;
        }

        /**
         * The token: sent with {@code pty/auth} right after connecting to a TCP or Unix endpoint, or as the bearer
         * token of a {@link RpcAddress.Server}'s WebSocket upgrade; {@code null} for none.
         */
        public Builder token(String token) {
            this.token = token;
            return this;
        }

        /**
         * The TLS context for {@code https://} servers, e.g. one that trusts a private CA; default: the JDK's.
         */
        public Builder sslContext(SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /**
         * Connects, and authenticates when a token was given.
         *
         * @throws RpcConnectionException when the endpoint cannot be reached
         * @throws RpcException when the endpoint refuses the token
         * @throws RestException when a server refuses the connection to one of its terminals (unknown terminal,
         *                       missing or wrong token)
         */
        public RpcClient connect(RpcAddress address) throws IOException {
            boolean viaServer = Objects.requireNonNull(address, "address") instanceof RpcAddress.Server;
            RpcClient client = new RpcClient(JsonRpcConnection.open(address, connectTimeout, handshakeTimeout,
                    viaServer ? token : null, sslContext == null ? null : sslContext.getSocketFactory()), callTimeout);
            if (token != null && !viaServer) {
                try {
                    client.auth(token);
                } catch (IOException | RuntimeException e) {
                    client.close();
                    throw e;
                }
            }
            return client;
        }
    }
}
