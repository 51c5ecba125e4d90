package dev.ptyctl.e2e;

import dev.ptyctl.testsupport.Bounds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the built {@code ptyctl} jar as a child process, the way the launcher does: same JVM flags that matter
 * (native access, the pty4j folder), the JDK that runs the tests.
 */
public final class Ptyctl {
    static final Path JAR = Path.of(System.getProperty("ptyctl.jar", "../cli-client/target/ptyctl.jar"))
            .toAbsolutePath().normalize();
    static final Path ROOT = Path.of(System.getProperty("ptyctl.root", "..")).toAbsolutePath().normalize();

    /**
     * The {@code @ResourceLock} of the classes that start servers of their own and bound how long those take to start,
     * stop or reconnect: on a two-core machine two of them side by side (the e2e classes run in parallel) made those
     * bounds fail, so they take turns while the lighter classes run alongside.
     */
    public static final String OWN_SERVERS = "ptyctl.e2e.own-servers";

    private Ptyctl() {
    }

    /** The command line that starts {@code ptyctl} with the given arguments. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        String nativeDir = System.getProperty("pty4j.tmpdir");
        if (nativeDir != null) {
            cmd.add("-Dpty4j.tmpdir=" + nativeDir);
        }
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-jar");
        cmd.add(JAR.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    static ProcessBuilder builder(Map<String, String> env, String... args) {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException("ptyctl jar not built: " + JAR + " (run the whole reactor: ./run-tests)");
        }
        ProcessBuilder pb = new ProcessBuilder(command(args));
        pb.environment().remove("PTYCTL_PORT");
        pb.environment().remove("PTYCTL_SOCKET");
        pb.environment().remove("PTYCTL_RPC");
        pb.environment().putAll(env);
        return pb;
    }

    /** Runs a short-lived {@code ptyctl} command to completion and captures what it printed. */
    public static Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    public static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return run(builder(env, args).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))),
                "ptyctl " + String.join(" ", args));
    }

    /**
     * Runs {@code ptyctl new ARGS} and returns the id it printed, once it exited 0 and said nothing on stderr (where
     * {@code new} warns, as for a session's terminal it did not start, a test would otherwise not notice).
     */
    public static String newTerminal(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of("new"));
        line.addAll(List.of(args));
        Result created = run(env, line.toArray(String[]::new)).assertExit(0);
        if (!created.stderr().isEmpty()) {
            throw new org.opentest4j.AssertionFailedError("expected nothing on stderr, got " + created);
        }
        return created.stdout().strip();
    }

    /**
     * Starts {@code pb} and runs it to completion, capturing what it printed; one that hangs is killed after
     * {@link Bounds#HANG} and the test fails naming {@code label}.
     */
    public static Result run(ProcessBuilder pb, String label) throws IOException, InterruptedException {
        long timeoutSeconds = Bounds.HANG.toSeconds();
        Process p = pb.start();
        // Drain both pipes concurrently so a chatty command never blocks on a full pipe. Platform threads: a
        // pipe read blocks its carrier, and readers of long-lived processes would starve the virtual-thread pool.
        byte[][] captured = new byte[2][];
        Thread stdout = Thread.ofPlatform().daemon().start(() -> captured[0] = readAll(p.getInputStream()));
        Thread stderr = Thread.ofPlatform().daemon().start(() -> captured[1] = readAll(p.getErrorStream()));
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(label + " did not finish within " + timeoutSeconds + " s, so it was killed (load"
                    + " average " + Bounds.loadAverage() + ")");
        }
        stdout.join();
        stderr.join();
        return new Result(p.exitValue(), new String(captured[0], StandardCharsets.UTF_8),
                new String(captured[1], StandardCharsets.UTF_8));
    }

    private static byte[] readAll(java.io.InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    /** Exit code and output of one finished {@code ptyctl} invocation. */
    public record Result(int exitCode, String stdout, String stderr) {
        /**
         * Fails unless the command exited with {@code expected}, showing all it printed: a bare exit code (3, cannot
         * connect, where 4 was expected) left a CI log without the reason.
         */
        public Result assertExit(int expected) {
            if (exitCode != expected) {
                throw new org.opentest4j.AssertionFailedError("expected exit " + expected + ", got " + this
                        + "(load average " + Bounds.loadAverage() + ")", expected, exitCode);
            }
            return this;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        }
    }
}
