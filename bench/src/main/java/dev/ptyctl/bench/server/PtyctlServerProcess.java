package dev.ptyctl.bench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ptyctl server} as a process of its own (started exactly as a user starts it, so the bench JVM's own work
 * never shares its heap, threads or JIT), with the REST calls the bench needs and probes of its heap and CPU from
 * the outside ({@code jcmd}, {@code /proc}).
 */
final class PtyctlServerProcess implements AutoCloseable {
    private static final Pattern THREAD_CPU = Pattern.compile(
            "(?m)^ptyctl_thread_cpu_nanoseconds_total\\{[^}]*role=\"(\\w+)\"[^}]*}\\s+(\\S+)");
    private static final Pattern TERMINAL_ID = Pattern.compile("\"terminalId\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern RPC_PORT = Pattern.compile("\"rpc\"\\s*:\\s*\\{[^}]*\"port\"\\s*:\\s*(\\d+)");
    /**
     * "used 12345K" on each line of GC.heap_info that totals a generation (serial: DefNew, Tenured; parallel) or
     * the whole heap (G1, ZGC); the per-space lines below them carry no "total".
     */
    private static final Pattern HEAP_USED =
            Pattern.compile("(?m)^ ?[A-Za-z][^\\n]*?\\btotal\\b[^\\n]*?\\bused (\\d+)([KMG])");

    private final Process process;
    private final String token;
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final StringBuilder output = new StringBuilder();

    /** A terminal the bench created: its id and its JSON-RPC port. */
    record Created(String terminalId, int rpcPort) {
    }

    private PtyctlServerProcess(Process process, String token, int port) {
        this.process = process;
        this.token = token;
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    /**
     * Starts {@code command} (e.g. {@code ./ptyctl server}) with {@code --port} on a free port, a random token and
     * {@code maxTerminals} raised to {@code maxTerminals}, and waits until it listens.
     */
    static PtyctlServerProcess start(List<String> command, int maxTerminals, Path logFile) throws IOException,
            InterruptedException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String token = HexFormat.of().formatHex(random);
        List<String> full = new ArrayList<>(command);
        full.addAll(List.of("--port", Integer.toString(port)));
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("PTYCTL_TOKEN", token);
        env.put("PTYCTL_TERMINALS_MAX_TERMINALS", Integer.toString(maxTerminals));
        PtyctlServerProcess server = new PtyctlServerProcess(builder.start(), token, port);
        server.awaitListening(logFile);
        return server;
    }

    private void awaitListening(Path logFile) throws IOException, InterruptedException {
        CompletableFuture<Boolean> listening = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("server-output").start(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    if (line.contains("listening on")) {
                        listening.complete(true);
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            listening.complete(false);
            try {
                synchronized (output) {
                    Files.writeString(logFile, output);
                }
            } catch (IOException e) {
                // only a diagnostic
            }
        });
        try {
            if (!listening.get(120, TimeUnit.SECONDS)) {
                throw new IOException("ptyctl server exited before listening:\n" + output());
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("ptyctl server did not start within 120 s:\n" + output(), e);
        }
    }

    String output() {
        synchronized (output) {
            return output.toString();
        }
    }

    long pid() {
        return process.pid();
    }

    String token() {
        return token;
    }

    int port() {
        return base.getPort();
    }

    /** {@code POST /v1/terminals}: runs {@code program args} on a {@code cols}×{@code rows} terminal. */
    Created create(String sessionId, String program, List<String> args, int cols, int rows) throws IOException,
            InterruptedException {
        StringBuilder body = new StringBuilder("{\"sessionId\":").append(Json.quote(sessionId))
                .append(",\"shell\":").append(Json.quote(program)).append(",\"args\":[");
        for (int i = 0; i < args.size(); i++) {
            body.append(i > 0 ? "," : "").append(Json.quote(args.get(i)));
        }
        body.append("],\"cols\":").append(cols).append(",\"rows\":").append(rows).append('}');
        HttpResponse<String> response = http.send(request("/v1/terminals")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IOException("create answered " + response.statusCode() + ": " + response.body());
        }
        Matcher id = TERMINAL_ID.matcher(response.body());
        Matcher rpc = RPC_PORT.matcher(response.body());
        if (!id.find() || !rpc.find()) {
            throw new IOException("unexpected create response: " + response.body());
        }
        return new Created(id.group(1), Integer.parseInt(rpc.group(1)));
    }

    /** {@code DELETE /v1/terminals/{id}}: hangs up and removes the terminal. */
    void delete(String terminalId) throws IOException, InterruptedException {
        http.send(request("/v1/terminals/" + terminalId).DELETE().build(), HttpResponse.BodyHandlers.discarding());
    }

    /**
     * The server's own CPU counts of its output path's ended threads, by role ({@code reader}, {@code screen},
     * {@code sender}), in nanoseconds, from {@code ptyctl_thread_cpu_nanoseconds_total} of {@code /observe/metrics};
     * empty for a server without them (an older build compared against).
     */
    Map<String, Long> threadCpuNanos() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request("/observe/metrics").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Long> roles = new java.util.TreeMap<>();
        if (response.statusCode() != 200) {
            return roles;
        }
        Matcher m = THREAD_CPU.matcher(response.body());
        while (m.find()) {
            roles.put(m.group(1), (long) Double.parseDouble(m.group(2)));
        }
        return roles;
    }

    /**
     * {@link #threadCpuNanos()} once two reads 20 ms apart agree (at most a second): a terminal's threads end
     * moments after its client has been sent the exit, a client's sender after its connection has closed.
     */
    Map<String, Long> settledThreadCpuNanos() throws IOException, InterruptedException {
        Map<String, Long> last = threadCpuNanos();
        for (int i = 0; i < 50; i++) {
            Thread.sleep(20);
            Map<String, Long> now = threadCpuNanos();
            if (now.equals(last)) {
                break;
            }
            last = now;
        }
        return last;
    }

    /** The WebSocket URI of a terminal, protocol 2, replay from byte 0. */
    URI socketUri(String terminalId) {
        return URI.create("ws://127.0.0.1:" + base.getPort() + "/v1/terminals/" + terminalId
                + "/socket?protocol=2&lastOutputSeq=0&clientId=bench");
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token);
    }

    /** Used heap after a full collection, in bytes, from {@code jcmd GC.run} and {@code GC.heap_info}. */
    long usedHeapAfterGc() throws IOException, InterruptedException {
        jcmd("GC.run");
        jcmd("GC.run");
        String info = jcmd("GC.heap_info");
        Matcher m = HEAP_USED.matcher(info);
        long used = 0;
        boolean found = false;
        while (m.find()) {
            long value = Long.parseLong(m.group(1));
            used += value * switch (m.group(2)) {
                case "G" -> 1024L * 1024 * 1024;
                case "M" -> 1024L * 1024;
                default -> 1024L;
            };
            found = true;
        }
        if (!found) {
            throw new IOException("cannot read the used heap from jcmd GC.heap_info:\n" + info);
        }
        return used;
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), command).redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("jcmd " + command + " failed: " + text);
        }
        return text;
    }

    /** User + system CPU time of the server process so far, in clock ticks (1/100 s), from /proc/PID/stat. */
    long cpuTicks() throws IOException {
        return cpuTicksOf(pid());
    }

    /** CPU time of the server process so far, in nanoseconds ({@link ProcessCpu}: exact with the C drain). */
    long cpuNanos() throws IOException, InterruptedException {
        return ProcessCpu.nanos(pid());
    }

    /**
     * CPU nanoseconds the server's JIT compiler threads have run so far ({@code schedstat} of every thread whose name
     * holds {@code CompilerThre}: HotSpot's C1 and C2 threads, which live as long as the JVM with this machine's two
     * of them). Read from {@code /proc} by the bench, so it costs the server nothing; a compiler thread that ended
     * in between would lose its time (the JVM may retire extra ones; with two CPUs it has none to retire).
     */
    long jitCpuNanos() throws IOException {
        long sum = 0;
        try (java.nio.file.DirectoryStream<Path> threads = Files.newDirectoryStream(
                Path.of("/proc", Long.toString(pid()), "task"))) {
            for (Path thread : threads) {
                try {
                    if (Files.readString(thread.resolve("comm")).contains("CompilerThre")) {
                        sum += Long.parseLong(Files.readString(thread.resolve("schedstat")).trim().split(" ")[0]);
                    }
                } catch (java.nio.file.NoSuchFileException gone) {
                    // ended between the listing and the read
                }
            }
        }
        return sum;
    }

    /** utime + stime of process {@code pid} (all its threads, not its children), in clock ticks of 10 ms. */
    static long cpuTicksOf(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // Fields after the command name (which may contain spaces) start at field 3; utime and stime are 14 and 15.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /**
     * Waits until the server, with nothing to do, stops using CPU: at most one tick (10 ms) in {@code 200 ms}, or
     * {@code limit}. After a warm-up the JIT may still have methods queued for C2; a measurement started then shares
     * the two cores with the compiler and runs code that is still C1's. A server that has run for hours has no such
     * backlog. Returns how long it waited (0.2–0.4 s after the default warm-up in stop 14's runs: little was left;
     * the compiles seen during the rounds are methods the rounds themselves make hot).
     */
    Duration awaitQuiet(Duration limit) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long ticks = cpuTicks();
        while (System.nanoTime() - start < limit.toNanos()) {
            Thread.sleep(200);
            long now = cpuTicks();
            if (now - ticks <= 1) {
                break;
            }
            ticks = now;
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** A line of /proc/PID/status, e.g. "VmRSS" or "Threads", as its number (kB for sizes). */
    long status(String key) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (line.startsWith(key + ":")) {
                return Long.parseLong(line.substring(key.length() + 1).trim().split("\\s+")[0]);
            }
        }
        throw new IOException("no " + key + " in /proc/" + pid() + "/status");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy(); // SIGTERM: the server hangs up its terminals and exits
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}
