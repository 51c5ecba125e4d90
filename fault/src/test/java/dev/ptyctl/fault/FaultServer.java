package dev.ptyctl.fault;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerSettings;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.service.terminals.TerminalSettings;
import dev.ptyctl.testsupport.RawWebSocket;
import io.helidon.config.Config;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import dev.ptyctl.testsupport.Bounds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code ptyctl server} on a free port, in this JVM or as a process of its own started as a user starts it
 * ({@link #startProcess}), with the REST calls the suite makes.
 */
final class FaultServer implements AutoCloseable {
    /** A REST answer: status and body. */
    record Answer(int status, String body) {
        JsonObject json() {
            return JsonSupport.parseObject(body);
        }
    }

    /** The input frame that starts a {@link #createGated} terminal's command (client {@code go}, number 1). */
    static final String GO = "{\"type\":\"input\",\"clientId\":\"go\",\"clientSeq\":1,\"data\":\"go\\n\"}";

    /** How a server process announces its address on stdout. */
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");

    private final int port;
    private final long pid;
    private final Runnable stop;
    /** What a server process printed (stdout and stderr), line by line; empty for an in-process server. */
    private final List<String> printed;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private FaultServer(int port, long pid, Runnable stop, List<String> printed) {
        this.port = port;
        this.pid = pid;
        this.stop = stop;
        this.printed = printed;
    }

    /** A server with the default settings but port 0 and a short kill grace. */
    static FaultServer start() {
        return start(UnaryOperator.identity());
    }

    /** A server whose terminal settings {@code tweak} derives from the defaults (port 0, short kill grace). */
    static FaultServer start(UnaryOperator<TerminalSettings> tweak) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        TerminalSettings base = new TerminalSettings("/bin/sh", d.cols(), d.rows(), d.scrollbackLines(),
                d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries(), false,
                Duration.ofMillis(500), d.titleReports(), d.idPrefix());
        ServerSettings settings = ServerSettings.defaults().withAddress("127.0.0.1", 0)
                .withTerminals(tweak.apply(base));
        PtyctlServer server = PtyctlServer.start(settings, ServerToken.none(), Config.empty());
        return new FaultServer(server.port(), ProcessHandle.current().pid(), server::close, List.of());
    }

    /**
     * {@code ptyctl server --port 0} from the launcher jar as a process of its own, with its default configuration
     * plus {@code env}; returns once it listens. Closing it sends SIGTERM and waits for the exit.
     */
    static FaultServer startProcess(Map<String, String> env) throws IOException {
        return startProcess(env, List.of());
    }

    /** {@link #startProcess(Map)} with {@code wrapper} before the launcher's command line (e.g. a shell's ulimit). */
    static FaultServer startProcess(Map<String, String> env, List<String> wrapper) throws IOException {
        return startProcess(env, wrapper, List.of());
    }

    /** {@link #startProcess(Map, List)} with {@code javaOptions} for the server's JVM. */
    static FaultServer startProcess(Map<String, String> env, List<String> wrapper, List<String> javaOptions)
            throws IOException {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(launcher(javaOptions, "server", "--port", "0"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().remove("PTYCTL_RPC");
        builder.environment().putAll(env);
        Process process = builder.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder printed = new StringBuilder();
        Matcher listening = null;
        for (String line = out.readLine(); listening == null || !listening.find(); line = out.readLine()) {
            if (line == null) {
                throw new IOException("ptyctl server ended before it listened: " + printed);
            }
            printed.append(line).append('\n');
            listening = LISTENING.matcher(line);
        }
        List<String> lines = new ArrayList<>(printed.toString().lines().toList());
        Thread.ofPlatform().daemon().start(() -> { // its log, read so that the server never blocks on a full pipe
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException ignored) {
                // the server ended
            }
        });
        return new FaultServer(Integer.parseInt(listening.group(1)), process.pid(), () -> {
            process.destroy();
            try {
                if (!process.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, lines);
    }

    /**
     * The command line that runs the launcher jar (built by cli-client earlier in the reactor) with {@code args},
     * on this JVM's java, with the suite's native folder for pty4j.
     */
    static List<String> launcher(String... args) {
        return launcher(List.of(), args);
    }

    /** {@link #launcher(String...)} with {@code javaOptions}; one that sets {@code pty4j.tmpdir} replaces the suite's. */
    static List<String> launcher(List<String> javaOptions, String... args) {
        Path jar = Path.of(System.getProperty("ptyctl.jar", "../cli-client/target/ptyctl.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no launcher jar at " + jar + ": build cli-client first (-am)");
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1"));
        String nativeDir = System.getProperty("pty4j.tmpdir");
        if (nativeDir != null && javaOptions.stream().noneMatch(o -> o.startsWith("-Dpty4j.tmpdir="))) {
            command.add("-Dpty4j.tmpdir=" + nativeDir);
        }
        command.addAll(javaOptions);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** Terminal settings with other replay and client backlog sizes. */
    static UnaryOperator<TerminalSettings> buffers(int replayBytes, int clientBacklogBytes) {
        return t -> new TerminalSettings(t.shell(), t.cols(), t.rows(), t.scrollbackLines(), replayBytes,
                clientBacklogBytes, t.maxTerminals(), t.answerQueries(), t.shellIntegration(), t.killGrace(),
                t.titleReports(), t.idPrefix());
    }

    /** Terminal settings with another limit on live terminals. */
    static UnaryOperator<TerminalSettings> maxTerminals(int maxTerminals) {
        return t -> new TerminalSettings(t.shell(), t.cols(), t.rows(), t.scrollbackLines(), t.replayBytes(),
                t.clientBacklogBytes(), maxTerminals, t.answerQueries(), t.shellIntegration(), t.killGrace(),
                t.titleReports(), t.idPrefix());
    }

    int port() {
        return port;
    }

    /** The lines a server process has printed so far (its log), in order. */
    List<String> printed() {
        synchronized (printed) {
            return List.copyOf(printed);
        }
    }

    /** Waits until what a server process has printed satisfies {@code done} ({@code what}, for the failure). */
    List<String> awaitPrinted(java.util.function.Predicate<List<String>> done, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + Bounds.HANG.toNanos();
        synchronized (printed) {
            while (!done.test(printed)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the server printed no " + what + " in " + Bounds.HANG.toSeconds()
                            + " s: " + printed);
                }
                printed.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
            return List.copyOf(printed);
        }
    }

    /** The server's process id: this JVM's for an in-process server. */
    long pid() {
        return pid;
    }

    /**
     * Creates a terminal running {@code sh -c "stty -echo -opost; printf R; read go; COMMAND"}: input is not echoed,
     * output bytes pass unchanged (no CR added), and the command starts only once a client has seen the {@code R}
     * and typed a line ({@link #GO}), so a client attached first misses nothing. Returns the terminal's id.
     */
    String createGated(String sessionId, String command) {
        Answer answer = create(sessionId, "/bin/sh", List.of("-c", "stty -echo -opost; printf R; read go; " + command));
        if (answer.status() != 201) {
            throw new AssertionError("create " + sessionId + ": " + answer);
        }
        return answer.json().getString("terminalId");
    }

    /** {@code POST /v1/terminals} for {@code sessionId} running {@code shell args}. */
    Answer create(String sessionId, String shell, List<String> args) {
        JsonArrayBuilder array = JsonSupport.arrayBuilder();
        args.forEach(array::add);
        return post("/v1/terminals", JsonSupport.objectBuilder().add("sessionId", sessionId).add("shell", shell)
                .add("args", array).build().toString());
    }

    Answer post(String path, String body) {
        return post(path, body, Duration.ofSeconds(60));
    }

    /** {@code POST} that the client gives up after {@code timeout}, closing its connection (UncheckedIOException). */
    Answer post(String path, String body, Duration timeout) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(timeout));
    }

    /** A {@code POST} of {@code body} with {@code headers}, answered in full (an event stream until it ends). */
    HttpResponse<String> exchange(String path, String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return response(request);
    }

    /** The body of a {@code GET} as it arrives (an event stream); closing it drops the connection. */
    InputStream stream(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream()).body();
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET());
    }

    /**
     * {@code GET} on a connection of its own, as a new client's first request: the other calls share connections, and
     * one kept open since before a fault is served by the thread that already waits on it.
     */
    Answer getOnNewConnection(String path) {
        try (HttpClient own = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<String> response = own.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + path + " on a new connection", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Answer delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).DELETE());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    private Answer send(HttpRequest.Builder request) {
        HttpResponse<String> response = response(request);
        return new Answer(response.statusCode(), response.body());
    }

    private HttpResponse<String> response(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A raw WebSocket client of terminal {@code id} with {@code query}. */
    RawWebSocket attach(String id, String query, int receiveBuffer) throws IOException {
        return attachPath("/v1/terminals/" + id + "/socket?" + query, receiveBuffer);
    }

    /** A raw WebSocket client of {@code target} (path and query). */
    RawWebSocket attachPath(String target, int receiveBuffer) throws IOException {
        return RawWebSocket.connect("127.0.0.1", port(), target, receiveBuffer);
    }

    @Override
    public void close() {
        stop.run();
        http.close();
    }
}
