package dev.ptyctl.e2e;

import dev.ptyctl.testsupport.Bounds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import dev.ptyctl.e2e.server.RemoteServer;
import org.junit.jupiter.api.Assumptions;

/**
 * A {@code ptyctl serve} process hosting one program, started for a test and always stopped afterwards (the
 * hosted program with it). In the e2e suites' remote mode ({@link RemoteServer#active()}) {@link #tcp} makes a
 * {@link RemoteTerminal} instead: the same program in a terminal of the remote server, which the tests reach through
 * {@link #target()}, {@link #cli}, {@link #connect()} and the rest exactly as they reach a served one.
 */
class ServedTerminal implements AutoCloseable {
    private final Process process;
    private final SocketAddress address;
    private final String firstLine;
    private final StringBuilder stderr;

    private ServedTerminal(Process process, SocketAddress address, String firstLine, StringBuilder stderr) {
        this.process = process;
        this.address = address;
        this.firstLine = firstLine;
        this.stderr = stderr;
    }

    /**
     * Collects what {@code process} writes to stderr into {@code sink} from its start, so a failed start can say what
     * serve said; the thread returned ends with the process.
     */
    private static Thread collectStderr(Process process, StringBuilder sink) {
        return Thread.ofPlatform().daemon().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    synchronized (sink) {
                        sink.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
    }

    /** For {@link RemoteTerminal}, which has no process. */
    ServedTerminal() {
        this.process = null;
        this.address = null;
        this.firstLine = null;
        this.stderr = new StringBuilder();
    }

    /**
     * {@code ptyctl serve --cmd COMMAND --port <free port>} plus extra arguments; in remote mode the same command in
     * a terminal of the remote server.
     */
    static ServedTerminal tcp(String command, String... extra) throws Exception {
        if (RemoteServer.active()) {
            return RemoteTerminal.create(command, extra);
        }
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            List<String> args = new ArrayList<>(List.of("serve", "--cmd", command, "--port", String.valueOf(port)));
            args.addAll(List.of(extra));
            try {
                return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), args);
            } catch (AssertionError e) {
                // The free port can be taken between freePort() and serve's bind, by any process on a machine that
                // runs several suites at once: pick another. Anything else is a real failure.
                if (attempt == 3 || !String.valueOf(e.getMessage()).contains("Address already in use")) {
                    throw e;
                }
            }
        }
    }

    /** {@code ptyctl serve --cmd COMMAND --socket <fresh path>} plus extra arguments (never remote). */
    static ServedTerminal unix(String command, Path socket, String... extra) throws Exception {
        assumeLocal("a Unix socket is reached on its own machine only");
        List<String> args = new ArrayList<>(List.of("serve", "--cmd", command, "--socket", socket.toString()));
        args.addAll(List.of(extra));
        return start(UnixDomainSocketAddress.of(socket), args);
    }

    private static ServedTerminal start(SocketAddress address, List<String> args) throws Exception {
        Process p = Ptyctl.builder(Map.of(), args.toArray(String[]::new))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        StringBuilder stderr = new StringBuilder();
        Thread stderrPump = collectStderr(p, stderr);
        // serve prints its address once it listens: that line is the readiness signal.
        var out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> first = new CompletableFuture<>();
        // A platform thread of its own, not the common pool (one thread on a two-core machine): with test classes
        // running in parallel, blocking reads there queue behind each other and a start seemed to print nothing.
        Thread.ofPlatform().daemon().start(() -> {
            try {
                first.complete(out.readLine());
            } catch (IOException e) {
                first.complete(null);
            }
        });
        String line;
        try {
            line = first.get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new AssertionError("ptyctl " + String.join(" ", args) + " did not print its address (serve prints it"
                    + " once it listens) within " + Bounds.HANG.toSeconds() + " s, so it was killed; the load average"
                    + " was " + Bounds.loadAverage() + ". Its stderr:\n" + text(stderr));
        }
        if (line == null) {
            stderrPump.join(Bounds.HANG); // stdout ended: serve is exiting
            throw new AssertionError("ptyctl serve " + args + " exited before listening: " + text(stderr));
        }
        // Keep draining stdout so the server never blocks writing to it.
        Thread.ofPlatform().daemon().start(() -> {
            try {
                while (out.readLine() != null) {
                    // discard
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
        return new ServedTerminal(p, address, line, stderr);
    }

    private static String text(StringBuilder sink) {
        synchronized (sink) {
            return sink.toString();
        }
    }

    /** Skips the calling test in remote mode, saying why it only makes sense on the server's own machine. */
    static void assumeLocal(String reason) {
        Assumptions.assumeFalse(RemoteServer.active(), "local by nature: " + reason);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A new JSON-RPC connection to this terminal. */
    RawRpc connect() throws IOException {
        return RawRpc.connect(address);
    }

    /** The flags that select this terminal on a {@code ptyctl} command line. */
    List<String> target() {
        return List.of("--port", String.valueOf(port()));
    }

    /** The variables that select this terminal with no flags at all. */
    Map<String, String> selectingEnvironment() {
        return Map.of("PTYCTL_PORT", String.valueOf(port()));
    }

    /** The variables every command aimed at this terminal gets (none for a local serve). */
    Map<String, String> environment() {
        return Map.of();
    }

    /** {@code ptyctl COMMAND <target> ARGS...} run to completion. */
    Ptyctl.Result cli(String command, String... args) throws IOException, InterruptedException {
        return Ptyctl.run(environment(), commandLine(command, args));
    }

    /** {@code ptyctl COMMAND <target> ARGS...} started, for a test that acts while it runs. */
    Process startCli(String command, String... args) throws IOException {
        return Ptyctl.builder(environment(), commandLine(command, args))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    }

    private String[] commandLine(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(command);
        line.addAll(target());
        line.addAll(List.of(args));
        return line.toArray(String[]::new);
    }

    /** The port this terminal listens on (TCP only). */
    int port() {
        return ((InetSocketAddress) address).getPort();
    }

    /** What serve printed when it started listening. */
    String firstLine() {
        return firstLine;
    }

    /**
     * Takes the terminal away while clients use it: SIGTERM to serve, which hangs up its program and exits (in remote
     * mode, {@code DELETE} of the terminal, which hangs up its program as the server goes on).
     */
    void stop() throws Exception {
        process.destroy();
    }

    /** Waits for {@link #stop()} to be done: true once serve has exited (the terminal is gone from the server). */
    boolean awaitStopped() throws Exception {
        return process.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
    }

    String stderr() {
        return text(stderr);
    }

    /**
     * Waits for the end after {@code pty/kill}: serve exits by itself, with 0 for a clean end (in remote mode the
     * server lists the terminal as ended and goes on). Returns what was seen, for the test to check.
     */
    String awaitEnd() throws Exception {
        if (!process.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)) {
            throw new AssertionError("ptyctl serve did not exit within " + Bounds.HANG.toSeconds() + " s of pty/kill"
                    + " (load average " + Bounds.loadAverage() + "); stderr:\n" + stderr());
        }
        return process.exitValue() == 0 ? CLEAN_END : "serve exited with " + process.exitValue() + ":\n" + stderr();
    }

    /** What {@link #awaitEnd()} returns for a clean end. */
    static final String CLEAN_END = "ended cleanly";

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroy(); // SIGTERM: serve must hang up its hosted program on the way out
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (address instanceof UnixDomainSocketAddress uds) {
            Files.deleteIfExists(uds.getPath());
        }
    }
}
