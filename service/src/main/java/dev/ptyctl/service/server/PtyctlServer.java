package dev.ptyctl.service.server;

import dev.ptyctl.protocol.UriHosts;
import dev.ptyctl.service.http.AccessRules;
import dev.ptyctl.service.http.ApiErrors;
import dev.ptyctl.service.http.EventsService;
import dev.ptyctl.service.http.EventsSocketEndpoint;
import dev.ptyctl.service.http.HeadRequests;
import dev.ptyctl.service.http.HttpUpgradePolicy;
import dev.ptyctl.service.http.RequestGuard;
import dev.ptyctl.service.http.TerminalsService;
import dev.ptyctl.service.http.WrongMethod;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.metrics.MetricsService;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.pty.HostedProcesses;
import dev.ptyctl.service.pty.SharedThreads;
import dev.ptyctl.service.remote.RpcOverHttp;
import dev.ptyctl.service.remote.RpcSocketEndpoint;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.terminals.RpcPlacement;
import dev.ptyctl.service.terminals.TerminalRegistry;
import dev.ptyctl.service.ws.AttachableTerminal;
import dev.ptyctl.service.ws.RefusalBodies;
import dev.ptyctl.service.ws.SocketSettings;
import dev.ptyctl.service.ws.SocketsAtStop;
import dev.ptyctl.service.ws.TerminalSocketEndpoint;
import dev.ptyctl.service.web.WebAssets;
import dev.ptyctl.service.web.WebPageService;
import io.helidon.common.socket.SocketOptions;
import io.helidon.config.Config;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.observe.ObserveFeature;
import io.helidon.webserver.observe.health.HealthObserver;
import io.helidon.webserver.websocket.WsRouting;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToIntFunction;

/**
 * {@code ptyctl server}: the REST + WebSocket terminal service on Helidon SE (SPEC §5, §8). Builds the terminal
 * registry, the access rules, the routes ({@code /v1/terminals}, {@code /v1/events} as Server-Sent Events and as a
 * WebSocket, the terminal WebSocket, JSON-RPC over HTTP and WebSocket at {@code /v1/terminals/{id}/rpc}, health at
 * {@code /observe/health}, the web page at {@code /}) and starts listening.
 *
 * <p>Refuses to start on a non-loopback address without a token. {@link #close()} (also run by a JVM shutdown
 * hook, so SIGTERM does it) hangs up and kills every hosted process group, closes the JSON-RPC endpoints, ends the
 * event streams and stops the web server.
 */
public final class PtyctlServer implements AutoCloseable {
    /** Longest the stop waits for the WebSockets' close frames: each is one small write. */
    private static final java.time.Duration CLOSE_FRAMES_BOUND = java.time.Duration.ofSeconds(2);
    /** Helidon's health observer's path (its feature registers the GET). */
    private static final String HEALTH = "/observe/health";

    private final WebServer webServer;
    private final TerminalRegistry registry;
    private final ServerSettings settings;
    private final ServerToken token;
    private final Thread shutdownHook;
    private final List<ServerExtension> extensions;
    private final SocketsAtStop sockets;
    private volatile ServerMetrics.Source metricsSource;
    /**
     * Whether the stop has been logged: stop() runs again for a second close() and for a close() during the JVM's
     * shutdown (the hook stops too); the log says it once.
     */
    private final AtomicBoolean stopLogged = new AtomicBoolean();
    /** Done once the WebSocket clients were told that the server stops: the programs' kill at exit waits for it. */
    private final CompletableFuture<Void> clientsTold = new CompletableFuture<>();

    private PtyctlServer(WebServer webServer, TerminalRegistry registry, ServerSettings settings, ServerToken token,
                         List<ServerExtension> extensions, SocketsAtStop sockets) {
        this.webServer = webServer;
        this.extensions = extensions;
        this.sockets = sockets;
        this.registry = registry;
        this.settings = settings;
        this.token = token;
        this.shutdownHook = Thread.ofPlatform().name("ptyctl-server-shutdown").unstarted(this::stop);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        HostedProcesses.killAtExitAfter(clientsTold);
    }

    /**
     * Starts the server.
     *
     * @param serverConfig Helidon's {@code server} config node (other web server options); host and port come
     *                     from {@code settings}
     * @throws IllegalArgumentException when the address is not loopback and there is no token, or the host is
     *                                  unknown; the message says what to do
     * @throws UncheckedIOException     when the address cannot be bound
     */
    public static PtyctlServer start(ServerSettings settings, ServerToken token, Config serverConfig) {
        return start(settings, token, serverConfig, Config.empty());
    }

    /**
     * {@link #start(ServerSettings, ServerToken, Config)} with the whole configuration, which the
     * {@link ServerExtension}s found on the class path read their own keys from.
     */
    public static PtyctlServer start(ServerSettings settings, ServerToken token, Config serverConfig,
                                     Config rootConfig) {
        return start(settings, token, serverConfig, rootConfig, warning -> { });
    }

    /**
     * {@link #start(ServerSettings, ServerToken, Config, Config)}, telling {@code warnings} what the operator should
     * hear before the server listens: a TLS certificate outside its validity, read from the TLS the web server uses
     * (its files are read once).
     */
    public static PtyctlServer start(ServerSettings settings, ServerToken token, Config serverConfig,
                                     Config rootConfig, Consumer<String> warnings) {
        boolean loopback = isLoopback(settings.host());
        if (!loopback && token.value().isEmpty()) {
            throw new IllegalArgumentException("refusing to listen on " + settings.host() + " without a token: a "
                    + "token is required on any address but loopback (set PTYCTL_TOKEN, or ptyctl.security.token, "
                    + "or \"generate\")");
        }
        String viewToken = settings.security().viewToken();
        if (!viewToken.isEmpty() && (token.value().isEmpty() || token.value().get().equals(viewToken))) {
            throw new IllegalArgumentException("ptyctl.security.viewToken needs a different ptyctl.security.token: "
                    + "without a full token everyone already has full access");
        }
        ReplayHeapCheck.check(settings.terminals().replayBytes(), Runtime.getRuntime().maxMemory());
        SharedThreads.start(); // before the web server starts virtual threads for its connections
        // First, so that an option Helidon cannot use stops the start before any terminal machinery exists.
        WebServerConfig.Builder builder = WebServerOptions.builder(serverConfig);
        WebServerOptions.warnings(builder, Instant.now()).forEach(warnings);
        AccessRules rules = new AccessRules(token.value(), Optional.of(viewToken),
                Set.copyOf(settings.security().allowedOrigins()), Set.copyOf(settings.security().allowedHosts()),
                loopback);
        TerminalRegistry registry = new TerminalRegistry(settings.terminals(),
                RpcPlacement.forServer(settings.host(), settings.rpcMaxLineBytes()), token.value().orElse(null),
                System::getenv);
        // Every WebSocket is pinged often enough that Helidon's idle-connection timeout (the server node's
        // idle-connection-timeout, 5 minutes by default) never closes a quiet one.
        Duration keepalive = SocketSettings.keepaliveFor(builder.idleConnectionTimeout());
        TerminalSocketEndpoint sockets = TerminalSocketEndpoint.create(
                id -> registry.find(id).map(AttachableTerminal.class::cast), new HttpUpgradePolicy(rules),
                new SocketSettings(settings.terminals().clientBacklogBytes(), settings.terminals().answerQueries(),
                        SocketSettings.DEFAULT_MAX_FRAME_BYTES).withKeepalive(keepalive));
        registry.events().subscribe(new SocketFrameRelay(sockets));
        WsRouting.Builder ws = WsRouting.builder();
        sockets.routing(ws);
        new RpcSocketEndpoint(registry::find, new HttpUpgradePolicy(rules), settings.rpcMaxLineBytes(),
                keepalive).routing(ws);
        EventsSocketEndpoint eventSockets = new EventsSocketEndpoint(registry.events(), new HttpUpgradePolicy(rules),
                keepalive);
        eventSockets.routing(ws);
        AtomicReference<String> baseUrl = new AtomicReference<>();
        ServerExtension.Context context = new ServerExtension.Context(registry, rootConfig, baseUrl::get);
        List<ServerExtension> extensions = ServiceLoader.load(ServerExtension.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        try {
            builder.host(settings.host())
                    .port(settings.port())
                    .shutdownHook(false)
                    .addFeature(ObserveFeature.just(health(registry, settings.terminals().maxTerminals())))
                    .routing(r -> {
                        routing(r, registry, rules, sockets::clients, settings.rpcMaxLineBytes());
                        extensions.forEach(extension -> extension.routing(r, context));
                    })
                    .addRouting(ws);
            connectionOptions(builder, settings.terminals().clientBacklogBytes());
            WebSocketOrigins.configure(builder, settings);
            RefusalBodies.installOn(builder);
            SocketsAtStop openSockets = new SocketsAtStop();
            openSockets.installOn(builder);
            WebServer webServer = StartupLog.holdWhile(() -> {
                WebServer started = builder.build().start();
                if (started.port() < 0) { // Helidon carries on without the listener; its log of why is dropped
                    started.stop();
                    throw new UncheckedIOException(new BindException("cannot listen on " + settings.host() + ":"
                            + settings.port() + ": the address is in use (another ptyctl server?) or not available"));
                }
                return started;
            });
            PtyctlServer server = new PtyctlServer(webServer, registry, settings, token, extensions, openSockets);
            baseUrl.set(server.url());
            server.countIn(ServerMetrics.get(), sockets);
            EventLog.get().serverStarted(server.url(), ProcessHandle.current().pid(), token.value().isPresent());
            return server;
        } catch (RuntimeException e) {
            extensions.forEach(ServerExtension::close);
            registry.close();
            throw e;
        }
    }

    /**
     * The socket options of every connection; the others (from config) are kept.
     * <ul>
     *   <li>SPEC §10: TCP_NODELAY, which Helidon leaves off by default. Without it a small frame sent right after
     *   another (an echo's output frame after the ack of its input) waits for the client's delayed ACK of the first:
     *   about 40 ms per keystroke on Linux.</li>
     *   <li>SPEC §5.6: a send buffer of {@code clientBacklogBytes}. A client's sender holds no queue (it pulls from
     *   the shared log), so what a client that stops reading has not received sits in the kernel: in its socket's
     *   send buffer, which Linux otherwise grows up to {@code tcp_wmem}'s maximum (4 MiB here) per connection. With
     *   it the server stops sending to such a client once about that much is unsent, and catches it up from its
     *   cursor when the socket drains. Linux doubles the figure for its bookkeeping; the payload it holds is about
     *   the figure. 1 MiB is far above what a terminal needs in flight: at a 100 ms round trip it still carries
     *   10 MiB/s.</li>
     * </ul>
     */
    private static void connectionOptions(WebServerConfig.Builder builder, int clientBacklogBytes) {
        builder.connectionOptions(SocketOptions.builder()
                .from(builder.connectionOptions().orElseGet(SocketOptions::create))
                .tcpNoDelay(true)
                .socketSendBufferSize(clientBacklogBytes)
                .build());
    }

    /** The REST routes, the access filter and the JSON error handlers; tests can reuse this on their own routing. */
    static void routing(HttpRouting.Builder routing, TerminalRegistry registry, AccessRules rules,
                        ToIntFunction<String> clients, int rpcMaxBodyBytes) {
        routing.addFilter(new HeadRequests())
                .addFilter(new RequestGuard(rules))
                .get(MetricsService.PATH, new MetricsService())
                .route(WrongMethod.readOnly(MetricsService.PATH, "GET reads the meters in the Prometheus text format"))
                .route(WrongMethod.readOnly(HEALTH, "GET reads the server's health"))
                .route(WrongMethod.readOnly(HEALTH + "/{check}", "GET reads the server's health"))
                .post(RpcOverHttp.PATH, new RpcOverHttp(registry::find, rpcMaxBodyBytes))
                .any(RpcOverHttp.PATH, WrongMethod.only("POST", "POST a JSON-RPC request, or open a WebSocket"))
                .register("/v1/terminals", new TerminalsService(registry, clients))
                .register("/v1/events", new EventsService(registry.events()))
                .register("/", new WebPageService(WebAssets.fromClassPath(PtyctlServer.class.getClassLoader())));
        ApiErrors.register(routing);
    }

    /**
     * Live while it answers; ready while it has room for another terminal, so that a load balancer following
     * readiness sends new terminals to other servers when this one is full (docs/scaling.md), while requests about
     * the terminals it has still reach it by their ids.
     */
    private static HealthObserver health(TerminalRegistry registry, int maxTerminals) {
        return HealthObserver.builder().details(true)
                .addCheck(() -> HealthCheckResponse.builder().status(true)
                                .detail("terminals", running(registry))
                                .build(),
                        HealthCheckType.LIVENESS, "terminals")
                .addCheck(() -> {
                    long running = running(registry);
                    Optional<String> shortage = registry.descriptorShortage();
                    Optional<String> tasks = registry.taskShortage();
                    HealthCheckResponse.Builder room = HealthCheckResponse.builder()
                            .status(running < maxTerminals && shortage.isEmpty() && tasks.isEmpty())
                            .detail("terminals", running).detail("maxTerminals", maxTerminals);
                    shortage.ifPresent(why -> room.detail("descriptors", why));
                    tasks.ifPresent(why -> room.detail("tasks", why));
                    return room.build();
                }, HealthCheckType.READINESS, "room")
                .build();
    }

    private static long running(TerminalRegistry registry) {
        return registry.list().stream().filter(HostedTerminal::running).count();
    }

    /** Whether {@code host} is a loopback address (a name is resolved once, at start). */
    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot listen on " + host + ": unknown host");
        }
    }

    /** The port the server listens on. */
    public int port() {
        return webServer.port();
    }

    /** The base URL, e.g. {@code http://127.0.0.1:8765}, or {@code https://...} with TLS. */
    public String url() {
        return (tls() ? "https://" : "http://") + UriHosts.bracketed(settings.host()) + ":" + port();
    }

    /** Whether the server speaks TLS ({@code server.tls}). */
    public boolean tls() {
        return webServer.hasTls();
    }

    /** Whether the server listens on a loopback address only. */
    public boolean loopback() {
        return isLoopback(settings.host());
    }

    /** The token in force and where it comes from. */
    public ServerToken token() {
        return token;
    }

    /** The terminals. */
    public TerminalRegistry registry() {
        return registry;
    }

    /** Whether the web server is running. */
    public boolean isRunning() {
        return webServer.isRunning();
    }

    /** Kills every hosted program, closes their endpoints and event streams, stops the web server. Idempotent. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down and runs the hook (this very stop) itself.
        }
    }

    /** Lets the gauges of {@code /observe/metrics} count this server's terminals and clients while it runs. */
    private void countIn(ServerMetrics metrics, TerminalSocketEndpoint sockets) {
        metricsSource = new ServerMetrics.Source() {
            @Override
            public long runningTerminals() {
                return running(registry);
            }

            @Override
            public long exitedTerminals() {
                return registry.list().size() - runningTerminals();
            }

            @Override
            public long clients() {
                return sockets.clients();
            }
        };
        metrics.watch(metricsSource);
    }

    private void stop() {
        boolean first = stopLogged.compareAndSet(false, true);
        long startNanos = System.nanoTime();
        String url = url(); // while it listens: a stopped web server's port is -1
        if (first) {
            EventLog.get().serverStopping(url, running(registry));
        }
        ServerMetrics.Source source = metricsSource;
        if (source != null) {
            ServerMetrics.get().unwatch(source);
        }
        try {
            // Every WebSocket client first learns that the server stops (1001): after the programs end, a terminal
            // socket would say exit and 1000 instead, a JSON-RPC socket 1000 "terminal killed"; and the web server's
            // stop sends Helidon's 1000 "Idle timeout", or nothing (1006), to every socket it closes.
            sockets.stop(CLOSE_FRAMES_BOUND);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            clientsTold.complete(null);
            HostedProcesses.forget(clientsTold);
        }
        extensions.forEach(ServerExtension::close);
        registry.close();
        webServer.stop();
        if (first) {
            // The last line of a clean stop: without it, the log of a stop that hangs (a program the kill could not
            // reap) reads the same as one that finished.
            EventLog.get().serverStopped(url, Duration.ofNanos(System.nanoTime() - startNanos).toMillis());
        }
    }
}
