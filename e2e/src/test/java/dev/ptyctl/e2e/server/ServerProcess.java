package dev.ptyctl.e2e.server;

import dev.ptyctl.testsupport.Bounds;
import java.io.BufferedReader;
import java.io.IOException;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * {@code ptyctl server} as a real child process: the built jar, started the way the launcher starts it. Knows its
 * URL once the server has printed it, collects what it printed, and stops it with SIGTERM.
 */
public final class ServerProcess implements AutoCloseable {
    static final Path JAR = Path.of(System.getProperty("ptyctl.jar", "../cli-client/target/ptyctl.jar"))
            .toAbsolutePath().normalize();
    /** A cold JVM on a loaded two-core machine can take a minute and more; the server itself starts in a second. */
    private static final long START_TIMEOUT_SECONDS = Bounds.HANG.toSeconds();
    private static final Pattern URL = Pattern.compile("listening on (https?://\\S+)");

    /**
     * Servers not yet ended. A test that fails before it closes its server would leave it running after the test JVM
     * (a server whose start timed out was found idle 90 minutes after its run): the JVM's end kills what is left, so
     * no run leaves a server (and its terminals) behind.
     */
    private static final java.util.Set<Process> RUNNING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
                "server-process-reaper"));
    }

    private final Process process;
    private final StringBuilder stdout = new StringBuilder();
    private final StringBuilder stderr = new StringBuilder();
    private final CompletableFuture<String> url = new CompletableFuture<>();
    private final long startedNanos = System.nanoTime();
    private volatile long listeningNanos;
    private volatile String printedUrl;
    private final HttpClient http = HttpClient.newHttpClient();

    private ServerProcess(Process process) {
        this.process = process;
        RUNNING.add(process);
        process.onExit().thenRun(() -> RUNNING.remove(process));
        // Platform threads: a blocking read of a process pipe pins a virtual thread's carrier, and a server that
        // lives through many test classes (SharedServer) would hold two carriers, all a two-core machine has,
        // stalling every other virtual thread of the test JVM.
        Thread.ofPlatform().daemon().start(() -> pump(process.inputReader(StandardCharsets.UTF_8), stdout, true));
        Thread.ofPlatform().daemon().start(() -> pump(process.errorReader(StandardCharsets.UTF_8), stderr, false));
        process.onExit().thenRun(() -> url.completeExceptionally(new IllegalStateException(
                "ptyctl server exited with " + process.exitValue() + "\n" + this)));
    }

    /** Starts {@code ptyctl server ARGS} with these extra environment variables. */
    public static ServerProcess start(Map<String, String> env, String... args) throws IOException {
        return new ServerProcess(builder(List.of(), env, args).start());
    }

    /**
     * Starts {@code ptyctl server ARGS} under a command prefix, e.g. {@code ip netns exec NS} to run it in a network
     * namespace.
     */
    static ServerProcess startUnder(List<String> prefix, Map<String, String> env, String... args) throws IOException {
        return new ServerProcess(builder(prefix, env, args).start());
    }

    /** Runs {@code ptyctl server ARGS} expecting it to refuse to start; returns once it has exited. */
    static ServerProcess runToExit(Map<String, String> env, String... args) throws Exception {
        ServerProcess server = start(env, args);
        if (!server.process.waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            server.close();
            throw new AssertionError("ptyctl server did not exit\n" + server);
        }
        return server;
    }

    private static ProcessBuilder builder(List<String> prefix, Map<String, String> env, String... args) {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException("ptyctl jar not built: " + JAR + " (run the whole reactor)");
        }
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1"));
        String nativeDir = System.getProperty("pty4j.tmpdir");
        if (nativeDir != null) {
            command.add("-Dpty4j.tmpdir=" + nativeDir);
        }
        command.addAll(List.of("-jar", JAR.toString(), "server"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("PTYCTL_") || name.startsWith("SERVER_"));
        builder.environment().putAll(env);
        return builder;
    }

    private void pump(BufferedReader reader, StringBuilder sink, boolean watchForUrl) {
        try (reader) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (sink) {
                    sink.append(line).append('\n');
                }
                Matcher m = URL.matcher(line);
                if (watchForUrl && m.find()) {
                    listeningNanos = System.nanoTime();
                    printedUrl = m.group(1);
                } else if (watchForUrl && line.startsWith("token:") && printedUrl != null) {
                    url.complete(printedUrl); // the start-up message is complete
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    /**
     * The base URL, once the server has printed its start-up message (URL, then token line). A server that has not
     * printed it in time is killed: the test fails here, and its caller may never get to close it.
     */
    public String url() throws Exception {
        try {
            return url.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            throw new AssertionError("ptyctl server (pid " + process.pid() + ") did not print its address"
                    + " (\"listening on URL\", then its token line) within " + START_TIMEOUT_SECONDS + " s, so it was"
                    + " killed; the load average was " + Bounds.loadAverage() + ". What it printed:\n" + this, e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * Waits until the server has answered a health check, over TLS with {@code tls} when it is not null. Bound is not
     * yet answering: a fresh server JVM's first TLS handshake can take seconds on a loaded machine, and the CLI gives a
     * connection 5 s; a test that is about connectivity waits for the first answer here, as a readiness probe would.
     */
    void awaitFirstAnswer(SSLContext tls) throws Exception {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(START_TIMEOUT_SECONDS));
        if (tls != null) {
            builder.sslContext(tls);
        }
        try (HttpClient client = builder.build()) {
            HttpResponse<String> health = client.send(HttpRequest.newBuilder(URI.create(url() + "/observe/health"))
                    .timeout(Duration.ofSeconds(START_TIMEOUT_SECONDS)).build(), HttpResponse.BodyHandlers.ofString());
            if (health.statusCode() != 200) {
                throw new AssertionError("the server's health check answered " + health.statusCode() + ": "
                        + health.body() + "\n" + this);
            }
        }
    }

    /** Milliseconds from process start to the "listening" line. */
    long startupMillis() throws Exception {
        url();
        return (listeningNanos - startedNanos) / 1_000_000;
    }

    String stdout() {
        synchronized (stdout) {
            return stdout.toString();
        }
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    Process process() {
        return process;
    }

    /** Sends a request; {@code body} null for none. */
    public HttpResponse<String> request(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** SIGTERM, then waits for the exit; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("ptyctl server ignored SIGTERM\n" + this);
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        http.shutdownNow();
        if (process.isAlive()) {
            terminate();
        }
    }

    @Override
    public String toString() {
        return "--- stdout ---\n" + stdout() + "--- stderr ---\n" + stderr();
    }
}
