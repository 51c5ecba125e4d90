package dev.ptyctl.vt.oracle;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The reference terminal: xterm.js headless in one long-lived node process
 * ({@code tools/xterm-oracle/oracle.mjs}), asked one screen at a time over stdin/stdout JSON
 * lines. One process serves the whole test JVM ({@link #shared()}); starting node costs about as
 * much as a hundred requests.
 *
 * <p>Needs {@code node} on the PATH and the oracle's packages installed once with
 * {@code npm ci --prefix tools/xterm-oracle}. Thread-safe: requests are serialized.
 */
final class XtermOracle implements AutoCloseable {
    /** The oracle's folder, relative to the repository root. */
    static final String ORACLE_DIR = "tools/xterm-oracle";
    /** What to run when the packages are missing. */
    static final String INSTALL_COMMAND = "npm ci --prefix " + ORACLE_DIR;
    /** Bytes of node's stderr kept for error messages. */
    private static final int STDERR_TAIL = 4096;

    private static XtermOracle shared;

    private final Process process;
    private final BufferedWriter requests;
    private final BufferedReader answers;
    private final StringBuilder stderrTail = new StringBuilder();
    private long nextId;
    private long requestCount;
    private long busyNanos;

    private XtermOracle(Process process) {
        this.process = process;
        this.requests = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread drain = new Thread(() -> drain(process.getErrorStream()), "xterm-oracle-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    /**
     * The oracle of this JVM, started on first use and stopped when the JVM exits.
     *
     * @return the oracle
     * @throws IllegalStateException when node or the oracle's packages are missing
     */
    static synchronized XtermOracle shared() {
        if (shared == null) {
            shared = start(repositoryRoot());
            XtermOracle started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "xterm-oracle-stop"));
        }
        return shared;
    }

    /**
     * Starts a new oracle process.
     *
     * @param root the repository root (holds {@value #ORACLE_DIR})
     * @return the oracle
     */
    static XtermOracle start(Path root) {
        Path dir = root.resolve(ORACLE_DIR);
        Path script = dir.resolve("oracle.mjs");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("the xterm.js oracle is missing: no " + script);
        }
        if (!Files.isDirectory(dir.resolve("node_modules").resolve("@xterm").resolve("headless"))) {
            throw new IllegalStateException("xterm.js is not installed for the oracle: run `" + INSTALL_COMMAND
                + "` in " + root + " (needs node and npm)");
        }
        Path node = findOnPath("node");
        try {
            Process p = new ProcessBuilder(node.toString(), script.toString()).directory(dir.toFile()).start();
            return new XtermOracle(p);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + node + " " + script, e);
        }
    }

    /**
     * Feeds the pieces, in order and each as its own write, to a fresh xterm.js terminal and
     * returns its state.
     *
     * @param cols width
     * @param rows height
     * @param scrollback scrollback lines
     * @param chunks the byte stream, cut where the caller wants it cut
     * @return xterm.js's screen
     */
    ScreenState render(int cols, int rows, int scrollback, List<byte[]> chunks) {
        return feed(cols, rows, scrollback, chunks.stream().<FeedStep>map(FeedStep.Write::new).toList());
    }

    /**
     * Runs the steps, in order, on a fresh xterm.js terminal (each write its own
     * {@code terminal.write}, each resize after the writes before it) and returns its state.
     *
     * @param cols initial width
     * @param rows initial height
     * @param scrollback scrollback lines
     * @param steps writes and resizes
     * @return xterm.js's screen
     */
    synchronized ScreenState feed(int cols, int rows, int scrollback, List<FeedStep> steps) {
        long started = System.nanoTime();
        long id = ++nextId;
        String line;
        try {
            requests.write(request(id, cols, rows, scrollback, steps));
            requests.write('\n');
            requests.flush();
            line = answers.readLine();
        } catch (IOException e) {
            throw new IllegalStateException("the xterm.js oracle stopped: " + e.getMessage() + stderr(), e);
        }
        if (line == null) {
            throw new IllegalStateException("the xterm.js oracle closed its output" + stderr());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = (Map<String, Object>) MiniJson.parse(line);
        if (answer.containsKey("error")) {
            throw new IllegalStateException("the xterm.js oracle refused request " + id + ": " + answer.get("error"));
        }
        if (!Long.valueOf(id).equals(answer.get("id"))) {
            throw new IllegalStateException("the xterm.js oracle answered " + answer.get("id") + " to request " + id);
        }
        requestCount++;
        busyNanos += System.nanoTime() - started;
        return ScreenState.fromOracle(answer);
    }

    /**
     * Sends a request written by hand and returns the answer line as it comes (for testing the
     * oracle's own error handling).
     *
     * @param requestJson one JSON object, without a newline
     * @return the answer line
     */
    synchronized String rawAnswer(String requestJson) {
        try {
            requests.write(requestJson);
            requests.write('\n');
            requests.flush();
            String line = answers.readLine();
            if (line == null) {
                throw new IllegalStateException("the xterm.js oracle closed its output" + stderr());
            }
            return line;
        } catch (IOException e) {
            throw new IllegalStateException("the xterm.js oracle stopped: " + e.getMessage() + stderr(), e);
        }
    }

    /** Requests answered so far. */
    synchronized long requestCount() {
        return requestCount;
    }

    /** Wall time spent in {@link #render}, writing, waiting and parsing included. */
    synchronized long busyNanos() {
        return busyNanos;
    }

    @Override
    public void close() {
        try {
            requests.close();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }

    private static String request(long id, int cols, int rows, int scrollback, List<FeedStep> steps) {
        StringBuilder sb = new StringBuilder(64 + steps.size() * 8)
            .append("{\"id\":").append(id).append(",\"cols\":").append(cols).append(",\"rows\":").append(rows)
            .append(",\"scrollback\":").append(scrollback).append(",\"chunks\":[");
        Base64.Encoder base64 = Base64.getEncoder();
        for (int i = 0; i < steps.size(); i++) {
            sb.append(i == 0 ? "" : ",");
            switch (steps.get(i)) {
                case FeedStep.Write w -> sb.append('"').append(base64.encodeToString(w.bytes())).append('"');
                case FeedStep.Resize r -> sb.append("{\"resize\":[").append(r.cols()).append(',').append(r.rows())
                    .append("]}");
            }
        }
        return sb.append("]}").toString();
    }

    /**
     * Finds the repository root: the nearest folder at or above the working directory (surefire
     * runs in {@code vt/}) that holds {@value #ORACLE_DIR}.
     *
     * @return the root
     */
    static Path repositoryRoot() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(ORACLE_DIR))) {
                return dir;
            }
        }
        throw new IllegalStateException("no " + ORACLE_DIR + " folder at or above " + start);
    }

    private static Path findOnPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("`" + program + "` is not on the PATH; the xterm.js oracle needs Node.js 18+");
    }

    private void drain(InputStream err) {
        byte[] buffer = new byte[1024];
        try {
            int n;
            while ((n = err.read(buffer)) > 0) {
                synchronized (stderrTail) {
                    stderrTail.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    if (stderrTail.length() > STDERR_TAIL) {
                        stderrTail.delete(0, stderrTail.length() - STDERR_TAIL);
                    }
                }
            }
        } catch (IOException e) {
            // the process ended; what was read is kept
        }
    }

    private String stderr() {
        synchronized (stderrTail) {
            return stderrTail.isEmpty() ? "" : "; node said:\n" + stderrTail;
        }
    }
}
