package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import dev.ptyctl.client.internal.RestTransport;
import dev.ptyctl.client.internal.RestTransport.Answer;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

/**
 * A client of the ptyctl server's REST API for terminals (docs/rest.md): create, list, get, delete,
 * the screen and the recording; and, with its token and TLS context, a terminal's JSON-RPC ({@link #rpc}) and the
 * server's terminal events ({@link #events}).
 *
 * <pre>{@code
 * try (TerminalsClient terminals = TerminalsClient.builder()
 *         .baseUrl(URI.create("http://127.0.0.1:8765"))
 *         .token(System.getenv("PTYCTL_TOKEN"))          // null or empty: no token
 *         .build()) {
 *     Terminal terminal = terminals.create(CreateTerminalRequest.builder("demo").size(120, 36).build());
 *     try (RpcClient rpc = terminals.rpc(terminal.terminalId())) {   // through the server's own port
 *         rpc.write(Action.text("echo hello"), Action.key(Key.ENTER));
 *         rpc.waitFor("hello", Duration.ofSeconds(5));
 *     }
 *     System.out.print(terminals.screen(terminal.terminalId(), ScreenFormat.TEXT));
 *     terminals.delete(terminal.terminalId());
 * }
 * }</pre>
 *
 * <p>Errors: every method throws {@link RestException} when the server answers with an error status (bad field,
 * unknown terminal, missing token, limit reached; the client stays usable) and {@link RestConnectionException}
 * when there is no usable answer (server not reachable, connection broken, request timeout, a body that is not the
 * API's JSON). Both are {@link IOException}s. An interrupt while waiting gives an
 * {@link java.io.InterruptedIOException} with the interrupt flag set again.
 *
 * <p>Thread safety: a client may be shared by any number of threads. It holds a {@link HttpClient} (its own, unless
 * one was given to the builder); {@link #close()} stops an own one.
 */
public final class TerminalsClient implements AutoCloseable {
    /** Where a server started with no options listens. */
    public static final URI DEFAULT_URL = URI.create("http://127.0.0.1:8765");
    private static final String TERMINALS = "/v1/terminals";
    /** The answer to a create that started a terminal; 200 returns the session's live one. */
    private static final int HTTP_CREATED = 201;
    /** Closing a terminal waits for its program to go, up to the server's kill grace (2 s) and a reap. */
    private static final long DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

    private final RestTransport transport;
    private final HttpClient http;
    private final boolean ownsHttp;
    private final URI baseUrl;
    private final String token;

    private TerminalsClient(Builder builder) {
        this.baseUrl = builder.baseUrl;
        this.token = builder.token;
        this.ownsHttp = builder.http == null;
        this.http = ownsHttp ? ownHttpClient(builder) : builder.http;
        // The JDK's request timeout runs from the connect on: an https request's includes the handshake's allowance,
        // or a slow handshake would eat the answer's time (and a silent server be reported at the request timeout).
        this.transport = new RestTransport(http, baseUrl, builder.token, baseUrl.getScheme().equals("https")
                ? builder.requestTimeout.plus(builder.handshakeTimeout) : builder.requestTimeout);
    }

    private static HttpClient ownHttpClient(Builder builder) {
        // The JDK's client bounds the TCP connect and the TLS handshake with one connect timeout: https gets both.
        HttpClient.Builder http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(builder.baseUrl.getScheme().equals("https")
                        ? builder.connectTimeout.plus(builder.handshakeTimeout) : builder.connectTimeout);
        if (builder.baseUrl.getScheme().equals("http")) {
            unusedTls().ifPresent(http::sslContext);
        } else if (builder.sslContext != null) {
            http.sslContext(builder.sslContext);
        }
        return http.build();
    }

    /**
     * A TLS context for a client that only speaks plain HTTP, so never uses it: without one the JDK builds its
     * default context, reading and parsing every CA certificate, which is a good part of a command line's start-up.
     * Redirects are not followed, so a request never moves to https.
     */
    private static Optional<SSLContext> unusedTls() {
        try {
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(new KeyManager[0], new TrustManager[0], null);
            return Optional.of(tls);
        } catch (GeneralSecurityException e) {
            return Optional.empty(); // the JDK's default context, then
        }
    }

    /** A client of the server at {@code baseUrl} ({@code http://host:port}), without a token. */
    public static TerminalsClient of(URI baseUrl) {
        return builder().baseUrl(baseUrl).build();
    }

    /** A builder for a client with a token, other timeouts or a shared {@link HttpClient}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The server's base URL. */
    public URI baseUrl() {
        return baseUrl;
    }

    /**
     * The TLS context of an {@code https://} client (the builder's, or the JDK's default), for connections of one's
     * own to the same server ({@link TerminalAttachment.Builder#sslContext}); empty for {@code http://}.
     */
    public Optional<SSLContext> sslContext() {
        return baseUrl.getScheme().equals("https") ? Optional.of(http.sslContext()) : Optional.empty();
    }

    /**
     * A JSON-RPC client of one of this server's terminals, reached through the server's own HTTP(S) port (the
     * WebSocket {@code /v1/terminals/{id}/rpc}) with this client's token and TLS context. It works from another
     * machine, behind a proxy or an ingress, where the terminal's own port ({@link Terminal#rpc()}, on the server's
     * loopback) is out of reach.
     *
     * @throws RestException when the server refuses (unknown terminal 404, token 401/403)
     */
    public RpcClient rpc(String terminalId) throws IOException {
        RpcClient.Builder rpc = RpcClient.builder().token(token);
        sslContext().ifPresent(rpc::sslContext);
        return rpc.connect(RpcAddress.server(baseUrl, Objects.requireNonNull(terminalId, "terminalId")));
    }

    /**
     * A subscription to this server's terminal events over its event socket ({@link TerminalEvents}), with this
     * client's token and TLS context and {@link TerminalEvents.Builder}'s defaults otherwise (reconnecting with
     * backoff, a ping every 15 s); returns once the first connection is subscribed, after {@code listener}'s
     * {@link TerminalEventsListener#onSubscribed()}. Close it to unsubscribe; it does not close with this client. For
     * other settings, build one with {@code TerminalEvents.builder(baseUrl())}.
     *
     * @throws AttachmentException when the server refuses the upgrade (401 token, 403 origin) or cannot be reached
     */
    public TerminalEvents events(TerminalEventsListener listener) throws IOException {
        TerminalEvents.Builder events = TerminalEvents.builder(baseUrl).token(token)
                .listener(Objects.requireNonNull(listener, "listener"));
        sslContext().ifPresent(events::sslContext);
        return events.connect();
    }

    /**
     * Creates a terminal, or returns the session's live terminal if it has one (then the request's other values are
     * not applied). With {@link CreateTerminalRequest#attachOnly()} it never spawns: a session without a live
     * terminal gives a {@link RestException} with status 404 and error {@code not_registered}.
     */
    public Terminal create(CreateTerminalRequest request) throws IOException {
        return createOrReuse(request).terminal();
    }

    /**
     * {@link #create(CreateTerminalRequest)}, saying whether the terminal was started by this request or was the
     * session's live one, returned as it is (the request's command and options not applied): a caller that asked for a
     * command can tell the user it is not the one running.
     */
    public CreatedTerminal createOrReuse(CreateTerminalRequest request) throws IOException {
        Answer answer = transport.send("POST", TERMINALS, Objects.requireNonNull(request, "request").toJson());
        Terminal terminal = typed(answer, transport.object(answer), Terminal::fromJson);
        return new CreatedTerminal(terminal, answer.status() == HTTP_CREATED);
    }

    /** Every terminal the server knows, live and exited, oldest first. */
    public List<Terminal> list() throws IOException {
        Answer answer = transport.send("GET", TERMINALS, null);
        JsonObject body = transport.object(answer);
        return typed(answer, body, TerminalsClient::terminals);
    }

    /**
     * One terminal.
     *
     * @throws RestException with status 404 when the server knows no terminal with this id
     */
    public Terminal get(String terminalId) throws IOException {
        Answer answer = transport.send("GET", terminalPath(terminalId), null);
        return typed(answer, transport.object(answer), Terminal::fromJson);
    }

    /**
     * Closes a terminal by id: hangs up its program and waits until it is gone.
     *
     * @return {@code true} when a live terminal was closed, {@code false} when there was none (an exited terminal
     *     of that id is forgotten all the same)
     */
    public boolean delete(String terminalId) throws IOException {
        return closed(transport.send("DELETE", terminalPath(terminalId), null), false);
    }

    /**
     * Closes the live terminal of a session, as {@link #delete(String)} does.
     *
     * @return {@code true} when a live terminal was closed, {@code false} when the session had none
     */
    public boolean deleteSession(String sessionId) throws IOException {
        return closed(transport.send("DELETE", sessionPath(sessionId), null), false);
    }

    /**
     * Closes a terminal the server has, by id, in one request: {@link #delete(String)}, except that an unknown id is
     * an error rather than {@code false}, as it is for {@link #get}. For removing what one started, where a program
     * that ended by itself is no failure and a mistyped id is ({@code ptyctl rm}).
     *
     * @return {@code true} when a live terminal was closed, {@code false} when its program had already exited (the
     *     terminal is forgotten all the same)
     * @throws RestException with status 404 when the server has no terminal with this id. A server older than the
     *     error members in the delete's answer (docs/rest.md) answers an unknown id as an exited one: {@code false}
     */
    public boolean remove(String terminalId) throws IOException {
        return closed(transport.send("DELETE", terminalPath(terminalId), null), true);
    }

    /**
     * Closes the terminal of a session the server has, as {@link #remove(String)} does by id.
     *
     * @return {@code true} when a live terminal was closed, {@code false} when its program had already exited
     * @throws RestException with status 404 when the server has no terminal in this session
     */
    public boolean removeSession(String sessionId) throws IOException {
        return closed(transport.send("DELETE", sessionPath(sessionId), null), true);
    }

    /** The screen as plain text: scrollback lines, then the screen rows. */
    public String screen(String terminalId) throws IOException {
        return screen(terminalId, ScreenFormat.TEXT);
    }

    /** The screen in the given format (plain text, or escape sequences that redraw it). */
    public String screen(String terminalId, ScreenFormat format) throws IOException {
        Answer answer = transport.send("GET", terminalPath(terminalId) + "/screen?format="
                + Objects.requireNonNull(format, "format").wireName(), null);
        return typed(answer, transport.object(answer), body -> JsonFields.string(body, "screen"));
    }

    /**
     * The screen as plain text with soft-wrapped rows joined: scrollback and screen as the lines the program wrote, a
     * line longer than the terminal's width whole (as tmux's {@code capture-pane -J}).
     *
     * @return the text; empty when the server is older than this and answered with the rows as they are (it ignores
     *     the parameter it does not know)
     */
    public Optional<String> screenJoined(String terminalId) throws IOException {
        Answer answer = transport.send("GET", terminalPath(terminalId) + "/screen?format=text&joined=true", null);
        JsonObject body = transport.object(answer);
        return body.containsKey("joined") ? Optional.of(typed(answer, body, text -> JsonFields.string(text, "screen")))
                : Optional.empty();
    }

    /**
     * The output the server still keeps for this terminal as an asciicast v2 file (a header line, then one JSON
     * array per event); {@code ptyctl render} or {@code asciinema play} show it.
     */
    public String recording(String terminalId) throws IOException {
        return transport.text(transport.send("GET", terminalPath(terminalId) + "/recording?format=asciicast", null));
    }

    /** Stops the {@link HttpClient} if this client made it; a shared one is left alone. */
    @Override
    public void close() {
        if (ownsHttp) {
            http.shutdownNow();
        }
    }

    private static String terminalPath(String terminalId) {
        return TERMINALS + "/" + RestTransport.segment(Objects.requireNonNull(terminalId, "terminalId"));
    }

    private static String sessionPath(String sessionId) {
        return TERMINALS + "/session/" + RestTransport.segment(Objects.requireNonNull(sessionId, "sessionId"));
    }

    /**
     * A delete's answer: whether a live terminal was closed. With {@code unknownRefused}, the 404 of a terminal the
     * server does not have (the one with the error members, as every other refusal) is thrown instead of false.
     */
    private boolean closed(Answer answer, boolean unknownRefused) throws IOException {
        if (answer.status() == 200 || answer.status() == 404) {
            JsonObject body = answer.status() == 404 ? tryParse(answer) : transport.parse(answer);
            if (body != null && body.get("closed") instanceof JsonValue closed
                    && (closed == JsonValue.TRUE || closed == JsonValue.FALSE)) {
                if (unknownRefused && answer.status() == 404 && body.containsKey("error")) {
                    throw transport.refusal(answer);
                }
                return closed == JsonValue.TRUE;
            }
            if (answer.status() == 200) {
                throw new RestConnectionException(answer.uri(), answer.uri() + " answered 200 without a boolean"
                        + " \"closed\" member: " + answer.body(), null);
            }
        }
        throw transport.refusal(answer);
    }

    private JsonObject tryParse(Answer answer) {
        try {
            return transport.parse(answer);
        } catch (RestConnectionException e) {
            return null; // an error page rather than {"closed": false}: reported as a refusal
        }
    }

    private static List<Terminal> terminals(JsonObject body) {
        if (!(body.get("terminals") instanceof JsonArray array)) {
            throw new IllegalArgumentException("member \"terminals\" should be an array, got " + body.get("terminals"));
        }
        List<Terminal> terminals = new ArrayList<>(array.size());
        for (JsonValue value : array) {
            if (!(value instanceof JsonObject object)) {
                throw new IllegalArgumentException("\"terminals\" should hold objects, got " + value);
            }
            terminals.add(Terminal.fromJson(object));
        }
        return List.copyOf(terminals);
    }

    private static <T> T typed(Answer answer, JsonObject body, Function<JsonObject, T> reader)
            throws RestConnectionException {
        try {
            return reader.apply(body);
        } catch (IllegalArgumentException e) {
            throw new RestConnectionException(answer.uri(), answer.uri() + " sent a malformed answer: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Configures a {@link TerminalsClient}.
     *
     * <pre>{@code
     * TerminalsClient terminals = TerminalsClient.builder()
     *         .baseUrl(URI.create("http://127.0.0.1:9000"))
     *         .token(Files.readString(Path.of(System.getProperty("user.home"), ".ptyctl", "token")).strip())
     *         .requestTimeout(Duration.ofSeconds(10))
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private URI baseUrl = DEFAULT_URL;
        private String token;
        private Duration connectTimeout = Duration.ofSeconds(ConnectDefaults.CONNECT_TIMEOUT_SECONDS);
        private Duration handshakeTimeout = Duration.ofSeconds(ConnectDefaults.HANDSHAKE_TIMEOUT_SECONDS);
        private Duration requestTimeout = Duration.ofSeconds(DEFAULT_REQUEST_TIMEOUT_SECONDS);
        private HttpClient http;
        private SSLContext sslContext;

        private Builder() {
        }

        /**
         * The server, {@code http://host:port} or {@code https://...}, possibly with a path prefix when it sits
         * behind a proxy (default {@link TerminalsClient#DEFAULT_URL}).
         *
         * @throws IllegalArgumentException when it is not an absolute http(s) URL with a host
         */
        public Builder baseUrl(URI baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            String scheme = baseUrl.getScheme();
            if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || baseUrl.getHost() == null
                    || baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
                throw new IllegalArgumentException("the server URL must look like http://host:port, got " + baseUrl);
            }
            this.baseUrl = baseUrl;
            return this;
        }

        /**
         * The server, as text.
         *
         * @throws IllegalArgumentException when it is not an absolute http(s) URL with a host
         */
        public Builder baseUrl(String baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            URI uri;
            try {
                uri = new URI(baseUrl.strip());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException("the server URL must look like http://host:port, got " + baseUrl);
            }
            return baseUrl(uri);
        }

        /** The bearer token sent with every request; {@code null} or empty for none. */
        public Builder token(String token) {
            this.token = token == null || token.isEmpty() ? null : token;
            return this;
        }

        /** How long connecting may take (for an own {@link HttpClient}; a shared one keeps its setting). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long an {@code https://} server's TLS handshake may take beyond the TCP connect (default 30 s; for an own
         * {@link HttpClient}). The JDK's client bounds both with one timeout, so an https client's connect timeout is
         * {@code connectTimeout + handshakeTimeout}.
         */
        public Builder handshakeTimeout(Duration timeout) {
            this.handshakeTimeout = positive(timeout, "handshakeTimeout");
            return this;
        }

        /** How long a request waits for its answer. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /**
         * The TLS context for an {@code https://} server, e.g. one that trusts a private CA (for an own
         * {@link HttpClient}; a shared one keeps its own); default: the JDK's.
         */
        public Builder sslContext(SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /** An {@link HttpClient} to share (e.g. with WebSocket attachments); the client will not close it. */
        public Builder httpClient(HttpClient http) {
            this.http = Objects.requireNonNull(http, "http");
            return this;
        }

        /** The client. */
        public TerminalsClient build() {
            return new TerminalsClient(this);
        }

        private static Duration positive(Duration timeout, String name) {
            Objects.requireNonNull(timeout, name);
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + timeout);
            }
            return timeout;
        }
    }
}
