package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ptyctl.testsupport.Bounds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code ./ptyctl} launcher script: it finds a JDK by itself or says clearly that there is none. */
class LauncherE2eTest {
    private static final Path LAUNCHER = Ptyctl.ROOT.resolve("ptyctl");
    /** The launcher's render cache, named after its current recipe. */
    private static final Path RENDER_CACHE = Ptyctl.ROOT.resolve("cli-client/target/ptyctl-render-2.aot");
    /** The launcher's cache for new, ls, rm and screen. */
    private static final Path REST_CACHE = Ptyctl.ROOT.resolve("cli-client/target/ptyctl-rest.aot");
    /** The JDK that runs the tests, the only one the launcher is to look for. */
    private static final Map<String, String> JDK = Map.of("PTYCTL_JDK_DIRS",
            Path.of(System.getProperty("java.home")).getParent().toString());
    /** {@link #JDK}, the launcher printing the java command line instead of running it. */
    private static final Map<String, String> PRINT = with(JDK, "PTYCTL_PRINT_COMMAND", "1");

    /** {@code env} and one more variable. */
    private static Map<String, String> with(Map<String, String> env, String name, String value) {
        Map<String, String> more = new java.util.HashMap<>(env);
        more.put(name, value);
        return more;
    }

    private static Ptyctl.Result launch(Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        return launch(env, LAUNCHER, args);
    }

    /** The launcher at {@code launcher} with {@code args}, run to its end. */
    private static Ptyctl.Result launch(Map<String, String> env, Path launcher, String... args) throws IOException,
            InterruptedException {
        return Ptyctl.run(launcher(launcher, env, args), "the launcher " + String.join(" ", args));
    }

    /**
     * The launcher at {@code launcher} with {@code args}, as every test here runs it: under bash, with nothing to read
     * (standard input is /dev/null), and in the tests' environment less JAVA_HOME plus {@code env}, so that it finds
     * the JDK {@code env} names ({@link #JDK}, or a JAVA_HOME of its own), not the one that runs Maven.
     */
    private static ProcessBuilder launcher(Path launcher, Map<String, String> env, String... args) {
        var command = new java.util.ArrayList<String>(java.util.List.of("bash", launcher.toString()));
        command.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        return pb;
    }

    @Test
    void withoutAJdk21TheLauncherExitsTwoWithAClearMessage(@TempDir Path empty) throws Exception {
        // Only /usr/bin and /bin on PATH (the system javac there is 17 on these machines, or absent) and no JDK folder.
        assumeFalse(javacOnPathIsAtLeast21(), "this machine's own javac qualifies; the refusal cannot be provoked");
        var result = launch(Map.of("PTYCTL_JDK_DIRS", empty.toString(), "PATH", "/usr/bin:/bin"), "--version");
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(2);
        assertThat(result.stderr()).contains("no JDK 21 or newer found").contains(empty.toString());
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void twoLaunchersStartedTogetherOnAStaleCheckoutBuildItOnce(@TempDir Path dir) throws Exception {
        // A checkout with no jar yet, and a Maven that counts its runs and takes a while to make the jar.
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.copy(LAUNCHER, checkout.resolve("ptyctl"));
        Files.createDirectories(checkout.resolve("bin"));
        Files.copy(Ptyctl.ROOT.resolve("bin/find-jdk.sh"), checkout.resolve("bin/find-jdk.sh"));
        Path tools = Files.createDirectories(dir.resolve("tools"));
        Path runs = dir.resolve("maven-runs");
        Path mvn = tools.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho run >> '" + runs + "'\nsleep 2\n"
                + "mkdir -p cli-client/target && : > cli-client/target/ptyctl.jar\n");
        assertThat(mvn.toFile().setExecutable(true)).isTrue();
        Map<String, String> env = with(JDK, "PATH", tools + ":/usr/local/bin:/usr/bin:/bin");
        Process first = start(checkout.resolve("ptyctl"), env);
        Process second = start(checkout.resolve("ptyctl"), env);
        assertThat(first.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)
                && second.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)).as("both launchers ended").isTrue();
        String stderr = new String(first.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                + new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Files.readAllLines(runs)).as("Maven runs: %s", stderr).hasSize(1);
        assertThat(stderr).doesNotContain("build failed");
    }

    /** The launcher at {@code launcher} with {@code --version}, its standard error kept. */
    private static Process start(Path launcher, Map<String, String> env) throws IOException {
        return launcher(launcher, env, "--version").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * The launcher with {@code args} in the background, its output discarded, as {@code ./ptyctl serve ... &} runs in
     * a shell.
     */
    private static Process background(Map<String, String> env, String... args) throws IOException {
        return launcher(LAUNCHER, env, args).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static int freePort() throws IOException {
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Stops a background launcher's JVM (the launcher execs it: the same process) and waits for its end. */
    private static void stop(Process started) throws InterruptedException {
        started.destroy();
        assertThat(started.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)).as("the server ended").isTrue();
    }

    @Test
    void theReadmesServeInTheBackgroundThenWriteAtOnceReachesTheShell(@TempDir Path tmp) throws Exception {
        // The README's flow: `./ptyctl serve --cmd bash --port 5174 &`, then `./ptyctl write` at once. The client is
        // refused while serve's JVM starts and waits for it, since serve's launcher announced the port; a port that
        // nothing is starting on is refused at once as always. TMPDIR of its own: other classes' servers start
        // alongside, and their start markers are not this test's.
        Map<String, String> env = with(JDK, "TMPDIR", tmp.toString());
        int port = freePort();
        int nothing = freePort();
        Process serve = background(env, "serve", "--cmd", "bash --norc --noprofile", "--port", Integer.toString(port));
        try {
            // the mistyped port alongside, while serve starts
            var mistyped = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return launch(env, "write", "--port", Integer.toString(nothing), "--text", "echo hi");
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            launch(env, "write", "--port", Integer.toString(port), "--text", "echo hi", "--key", "Enter")
                    .assertExit(0);
            launch(env, "wait", "--port", Integer.toString(port), "--regex", "--match", "^hi$", "--timeout",
                    Long.toString(Bounds.HANG.toMillis())).assertExit(0);

            mistyped.get().assertExit(3);
            assertThat(mistyped.get().stderr()).as("refused at once, nothing waited for").isEqualTo("ptyctl: "
                    + "connection refused: is `ptyctl serve` (or a terminal of `ptyctl server`) listening on "
                    + "127.0.0.1:" + nothing + "?\n");
        } finally {
            stop(serve);
        }
    }

    @Test
    void aServerInTheBackgroundThenMcpUrlAtOnceAnswersTheAgentsFirstMessage(@TempDir Path tmp) throws Exception {
        // An agent's MCP client set up with `ptyctl server & ptyctl mcp --url ...` sends initialize at once: before,
        // the relay's POST was refused while the server's JVM started, and the agent got an error for an answer.
        Map<String, String> env = with(JDK, "TMPDIR", tmp.toString());
        String port = Integer.toString(freePort());
        // The server's JVM starts only once the relay has said that it waits for it (the server's start marker is
        // written before the JVM starts): the relay's first look then certainly found nothing listening, whatever the
        // load. (A JVM started 5 s late made it likely, and every run 5 s longer.)
        Path gate = tmp.resolve("the-server-may-start");
        Process server = background(with(env, "JAVA_HOME", gatedJdk(tmp.resolve("gated-jdk"), gate).toString()),
                "server", "--port", port);
        Process mcp = launcher(LAUNCHER, env, "mcp", "--url", "http://127.0.0.1:" + port)
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        try (var toMcp = mcp.getOutputStream();
             var fromMcp = new java.io.BufferedReader(new java.io.InputStreamReader(mcp.getInputStream(),
                     StandardCharsets.UTF_8))) {
            toMcp.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"e2e\",\"version\":\"1\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            toMcp.flush();
            assertThat(firstLineWith(mcp.getErrorStream(), "ptyctl: waiting for "))
                    .as("the relay says it waits for the starting server").isNotNull();
            Files.createFile(gate);
            String answer = fromMcp.readLine();
            assertThat(answer).as("the relay's answer to initialize").contains("\"id\":1", "\"serverInfo\"")
                    .doesNotContain("\"error\"");
            toMcp.close();
            assertThat(mcp.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS)).as("mcp ends with stdin").isTrue();
            assertThat(mcp.exitValue()).isZero();
        } finally {
            mcp.destroyForcibly();
            stop(server);
        }
    }

    @Test
    void aServerInTheBackgroundThenLsAtOnceListsItsTerminalsWithTheRestCommandsCache(@TempDir Path tmp) throws Exception {
        Map<String, String> env = with(JDK, "TMPDIR", tmp.toString());
        String port = Integer.toString(freePort());
        Process server = background(env, "server", "--port", port);
        try {
            String url = "http://127.0.0.1:" + port;
            var listed = launch(env, "ls", "--url", url);
            listed.assertExit(0);
            assertThat(listed.stdout()).as("no terminals yet").isEmpty();

            // new, ls, screen and rm run with the REST commands' AOT cache, and print what they print without one
            if (Runtime.version().feature() >= 25) {
                assertThat(launch(with(env, "PTYCTL_PRINT_COMMAND", "1"), "ls").stdout())
                        .contains("-XX:AOTCache=" + REST_CACHE);
            }
            var created = launch(env, "new", "--url", url, "--cols", "40", "--", "cat");
            created.assertExit(0);
            String id = created.stdout().strip();
            Map<String, String> noCache = with(env, "PTYCTL_AOT", "0");
            for (String[] args : new String[][] {{"ls", "-q", "--url", url}, {"screen", id, "--url", url}}) {
                var cached = launch(env, args);
                cached.assertExit(0);
                assertThat(cached.stdout()).isEqualTo(launch(noCache, args).stdout());
            }
            assertThat(launch(env, "ls", "-q", "--url", url).stdout()).isEqualTo(id + "\n");
            launch(env, "rm", id, "--url", url).assertExit(0);
        } finally {
            stop(server);
        }
    }

    @Test
    void theAotTrainingsServeDiesWithItsLauncherEvenAKilledOneAndTheNextLauncherTrainsAgain(@TempDir Path dir)
            throws Exception {
        // At load 30 a launcher was killed while it trained the AOT cache (a test's bound ran out) and left the
        // training's `serve --cmd cat` running with no parent, and its lock, so that no launcher trained again.
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
        Path checkout = checkoutOfItsOwn(dir);
        Path target = checkout.resolve("cli-client/target");
        Path tmp = Files.createDirectories(dir.resolve("tmp")); // the training's socket, and nothing else's
        Map<String, String> env = with(JDK, "TMPDIR", tmp.toString());

        Process launcher = null;
        try {
            try (var watcher = tmp.getFileSystem().newWatchService()) {
                tmp.register(watcher, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE);
                launcher = start(checkout.resolve("ptyctl"), env);
                awaitSocket(watcher, tmp);
            }
            // the serve (setpriv execs java) and the cat it hosts; and, once the launcher has started it, the write
            var helpers = new java.util.ArrayList<>(launcher.toHandle().descendants().toList());
            assertThat(helpers).as("the training's serve").anyMatch(p -> commandLine(p).contains(" serve --cmd cat "));
            launcher.destroyForcibly(); // SIGKILL: no trap of the launcher runs
            launcher.waitFor();
            helpers.addAll(ProcessHandle.allProcesses().filter(p -> commandLine(p).contains(tmp.toString())).toList());
            for (ProcessHandle helper : helpers) {
                try {
                    helper.onExit().get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError("the killed launcher's helper " + helper.pid() + " (" + commandLine(helper)
                            + ") still runs after " + Bounds.HANG + " (load " + Bounds.loadAverage() + ")", e);
                }
            }

            var next = launch(env, checkout.resolve("ptyctl"), "--version");
            next.assertExit(0);
            assertThat(target.resolve("ptyctl.aot")).as("the cache the killed launcher's lock held back").exists();
            assertThat(target.resolve("ptyctl.aot.lock")).doesNotExist();
            assertThat(ProcessHandle.allProcesses().filter(p -> commandLine(p).contains(tmp.toString())))
                    .as("helpers of a training that ended").isEmpty();
        } finally {
            // a failed assertion before the SIGKILL must not leave the training's serve --cmd cat behind
            if (launcher != null) {
                launcher.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
            ProcessHandle.allProcesses().filter(p -> commandLine(p).contains(tmp.toString()))
                    .forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void anAbandonedTrainingLockIsTakenOverEvenBesideAFreshCache(@TempDir Path dir) throws Exception {
        // A launcher from before owner files left its lock without one, and no launcher of the checkout trained again.
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
        Path target = checkoutOfItsOwn(dir).resolve("cli-client/target");
        Path lock = Files.createDirectories(target.resolve("ptyctl.aot.lock"));
        Map<String, String> env = with(JDK, "TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());

        // A fresh one may be another launcher's between its mkdir and its owner file: left alone, without a word (the
        // launcher printed bash's "ptyctl.aot.lock/owner: No such file or directory" when a `ptyctl write` started
        // while `ptyctl serve ... &` was training).
        Ptyctl.Result beside = launch(env, dir.resolve("checkout/ptyctl"), "--version").assertExit(0);
        assertThat(beside.stderr()).isEmpty();
        assertThat(lock).exists();
        assertThat(target.resolve("ptyctl.aot")).doesNotExist();

        Files.setLastModifiedTime(lock, java.nio.file.attribute.FileTime.from(
                java.time.Instant.now().minus(java.time.Duration.ofMinutes(11))));
        launch(env, dir.resolve("checkout/ptyctl"), "--version").assertExit(0);
        assertThat(target.resolve("ptyctl.aot")).as("trained, the old lock taken over").exists();
        assertThat(lock).doesNotExist();

        // A training killed after it wrote the cache leaves a fresh cache behind its dead launcher's lock (seen in
        // CI on a fast host): the lock is taken over all the same, and the cache, which may be cut short, made again.
        Path cache = target.resolve("ptyctl.aot");
        java.nio.file.attribute.FileTime trained = Files.getLastModifiedTime(cache);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(Files.createDirectories(lock).resolve("owner"), gone.pid() + "\n");
        launch(env, dir.resolve("checkout/ptyctl"), "--version").assertExit(0);
        assertThat(lock).as("a dead launcher's lock beside a fresh cache").doesNotExist();
        assertThat(Files.getLastModifiedTime(cache)).as("the cache made again").isNotEqualTo(trained);
    }

    /**
     * A JDK at {@code home} whose {@code java} waits until the file {@code gate} exists, then runs the tests' JDK: a
     * server that starts when the test lets it, whatever the load.
     */
    private static Path gatedJdk(Path home, Path gate) throws IOException {
        Path real = Path.of(System.getProperty("java.home"));
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.copy(real.resolve("release"), home.resolve("release"));
        Files.createSymbolicLink(bin.resolve("javac"), real.resolve("bin/javac"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nuntil [ -e '" + gate + "' ]; do sleep 0.1; done\nexec '"
                + real.resolve("bin/java") + "' \"$@\"\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        return home;
    }

    /**
     * The first line of {@code stream} that contains {@code text}, or null when the stream ends (or {@link Bounds#HANG}
     * runs out) without one. The stream is read to its end meanwhile, on a thread of its own.
     */
    private static String firstLineWith(java.io.InputStream stream, String text) throws Exception {
        var line = new java.util.concurrent.CompletableFuture<String>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var lines = new java.io.BufferedReader(
                    new java.io.InputStreamReader(stream, StandardCharsets.UTF_8))) {
                lines.lines().filter(l -> l.contains(text)).findFirst().ifPresentOrElse(line::complete,
                        () -> line.complete(null));
                lines.transferTo(java.io.Writer.nullWriter()); // the rest, so that the process never blocks on it
            } catch (IOException | java.io.UncheckedIOException e) {
                line.complete(null);
            }
        });
        try {
            return line.get(Bounds.HANG.toSeconds(), TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        }
    }

    /**
     * A checkout of its own in {@code dir}/checkout (the launcher, its JDK finder, the built jars linked), so that the
     * AOT cache and lock a launcher there makes are its own.
     */
    private static Path checkoutOfItsOwn(Path dir) throws IOException {
        Path checkout = dir.resolve("checkout");
        Path target = Files.createDirectories(checkout.resolve("cli-client/target"));
        Files.createDirectories(checkout.resolve("bin"));
        Files.copy(LAUNCHER, checkout.resolve("ptyctl"));
        Files.copy(Ptyctl.ROOT.resolve("bin/find-jdk.sh"), checkout.resolve("bin/find-jdk.sh"));
        Files.createSymbolicLink(target.resolve("ptyctl.jar"), Ptyctl.JAR);
        Files.createSymbolicLink(target.resolve("libs"), Ptyctl.JAR.resolveSibling("libs"));
        return checkout;
    }

    /** Waits for the AOT training's serve to listen: its socket appears in {@code tmp}. */
    private static void awaitSocket(java.nio.file.WatchService watcher, Path tmp) throws Exception {
        long deadline = System.nanoTime() + Bounds.HANG.toNanos();
        while (true) {
            try (var files = Files.list(tmp)) {
                if (files.anyMatch(f -> f.getFileName().toString().matches("ptyctl-aot-.*\\.sock"))) {
                    return;
                }
            }
            long left = deadline - System.nanoTime();
            var key = left > 0 ? watcher.poll(left, TimeUnit.NANOSECONDS) : null;
            if (key == null) {
                throw new AssertionError("the AOT training's serve did not listen within " + Bounds.HANG + " (load "
                        + Bounds.loadAverage() + ")");
            }
            key.pollEvents();
            key.reset();
        }
    }

    private static String commandLine(ProcessHandle process) {
        return process.info().commandLine().orElse("");
    }

    @Test
    void theCompletionScriptAlsoCompletesThePathTheLauncherWasRunBy() throws Exception {
        var result = launch(JDK, "completion");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout().lines().toList().getLast())
                .isEqualTo("complete -F _complete_ptyctl -o default " + LAUNCHER);
    }

    @Test
    void theLauncherFindsAJdkItselfAndRunsTheCli() throws Exception {
        var result = launch(JDK, "--version");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).startsWith("ptyctl ");
    }

    @Test
    void renderGivesARecordingOfAMebibyteOrMoreC2AndASmallOneC1Only(@TempDir Path dir) throws Exception {
        Path small = Files.writeString(dir.resolve("small.txt"), "hello\n");
        StringBuilder text = new StringBuilder();
        for (int line = 1; text.length() < (1 << 20); line++) {
            text.append("line ").append(line).append("\r\n");
        }
        Path large = Files.writeString(dir.resolve("large.txt"), text);
        var lines = text.toString().lines().toList();

        // a small render ignores the compiles render's cache records (they cost it CPU: docs/benchmarks.md)
        assertThat(launch(PRINT, "render", small.toString()).stdout()).contains("-XX:TieredStopAtLevel=1")
                .contains("-XX:-AOTReplayTraining");
        assertThat(launch(PRINT, "render", "--cols", "20", large.toString()).stdout())
                .doesNotContain("TieredStopAtLevel").doesNotContain("AOTReplayTraining")
                .contains(" render --cols 20 " + large);
        var rendered = launch(JDK, "render", "--cols", "20", "--rows", "3", large.toString());
        assertThat(rendered.exitCode()).as(rendered.toString()).isZero();
        // three rows: the last two lines and the empty one the cursor is on (left out, as trailing blank rows are)
        assertThat(rendered.stdout()).isEqualTo(lines.get(lines.size() - 2) + "\n" + lines.getLast() + "\n");
    }

    @Test
    void renderRunsWithAnAotCacheOfItsOwnAndPrintsWhatItPrintsWithoutOne(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
        StringBuilder text = new StringBuilder();
        for (int line = 1; line <= 300; line++) {
            text.append("\u001b[3").append(line % 8).append("mline ").append(line)
                    .append("\u001b[0m caf\u00e9 \u4e16\u754c e\u0301")
                    .append(line % 50 == 0 ? "\u001b[?1049h\u001b[2Jalt\u001b[?1049l" : "").append("\r\n");
        }
        Path file = Files.writeString(dir.resolve("colours.txt"), text);
        Path missing = dir.resolve("missing.txt");
        Map<String, String> noCache = with(JDK, "PTYCTL_AOT", "0");

        String renderCache = "-XX:AOTCache=" + RENDER_CACHE;
        String clientCache = "-XX:AOTCache=" + Ptyctl.ROOT.resolve("cli-client/target/ptyctl.aot");
        assertThat(launch(PRINT, "render", file.toString()).stdout()).contains(renderCache).doesNotContain(clientCache);
        assertThat(launch(PRINT, "--version").stdout()).contains(clientCache).doesNotContain(renderCache);
        for (String format : new String[] {"text", "vt"}) {
            var cached = launch(JDK, "render", "--cols", "40", "--rows", "10", "--format", format, file.toString());
            var uncached = launch(noCache, "render", "--cols", "40", "--rows", "10", "--format", format,
                    file.toString());
            assertThat(cached.exitCode()).as(cached.toString()).isZero();
            assertThat(cached.stderr()).isEmpty();
            assertThat(cached.stdout()).isEqualTo(uncached.stdout()).contains("line 300");
        }
        var cachedMissing = launch(JDK, "render", missing.toString());
        assertThat(cachedMissing.exitCode()).isEqualTo(2);
        assertThat(cachedMissing.stderr()).isEqualTo("ptyctl: cannot read " + missing + ": no such file\n")
                .isEqualTo(launch(noCache, "render", missing.toString()).stderr());
    }

    @Test
    void anAotCacheOlderThanAJarOfTheClassPathIsTrainedAgainNotRefused(@TempDir Path dir) throws Exception {
        // Maven copies libs/ anew on every package while ptyctl.jar may stay as it was; the JVM refuses a cache older
        // than any jar it was trained with and then runs without class sharing at all, saying so on stderr.
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
        Path file = Files.writeString(dir.resolve("hello.txt"), "hello\r\n");
        launch(JDK, "render", file.toString()).assertExit(0); // the cache exists and is current
        Path lib;
        try (var libs = Files.list(Ptyctl.ROOT.resolve("cli-client/target/libs"))) {
            lib = libs.filter(p -> p.getFileName().toString().startsWith("ptyctl-vt-")).findFirst().orElseThrow();
        }
        // All in the past, the lib newer than the cache and the jar not: a time in the future would leave the cache
        // stale until then, and one within the retraining's own duration would make the last check a race.
        long past = System.currentTimeMillis() - 60_000;
        Files.setLastModifiedTime(RENDER_CACHE, java.nio.file.attribute.FileTime.fromMillis(past));
        Files.setLastModifiedTime(Ptyctl.ROOT.resolve("cli-client/target/ptyctl.jar"),
                java.nio.file.attribute.FileTime.fromMillis(past));
        Files.setLastModifiedTime(lib, java.nio.file.attribute.FileTime.fromMillis(past + 30_000));

        var rendered = launch(JDK, "render", file.toString());

        assertThat(rendered.exitCode()).as(rendered.toString()).isZero();
        assertThat(rendered.stderr()).isEmpty();
        assertThat(rendered.stdout()).isEqualTo("hello\n");
        assertThat(Files.getLastModifiedTime(RENDER_CACHE)).isGreaterThan(Files.getLastModifiedTime(lib));
    }

    @Test
    void renderCacheRecordsCompilesOfTheStartUpCodeAndNothingOfTheEmulator(@TempDir Path dir) throws Exception {
        // What a tiered render of a large file gains: the cache tells the JIT how the training compiled the start-up
        // code (C1 only, so it compiles it once with C1 instead of profiling it and queueing it for C2 ahead of the
        // emulator), and tells it nothing of the emulator, which C2 then compiles on the recording's own profile (a
        // profile trained on the launcher's mixed sample compiles bigger, slower code). The JVM prints what a cache
        // records with a diagnostic flag; the render's own java command line is the launcher's.
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches and their training data need JDK 25");
        Path file = Files.writeString(dir.resolve("hello.txt"), "hello\r\n");
        Files.deleteIfExists(RENDER_CACHE);
        Path firstRecipes = Files.writeString(Ptyctl.ROOT.resolve("cli-client/target/ptyctl-render.aot"), "");
        launch(JDK, "render", file.toString()).assertExit(0); // this launcher trains the cache
        assertThat(firstRecipes).as("the cache of the first recipe, 15 MB no one uses").doesNotExist();
        var command = new java.util.ArrayList<>(shellWords(launch(PRINT, "render", file.toString()).stdout()));
        command.addAll(command.indexOf("-jar"), java.util.List.of("-XX:+UnlockDiagnosticVMOptions",
                "-XX:+AOTPrintTrainingInfo"));
        var run = Ptyctl.run(new ProcessBuilder(command).redirectErrorStream(true), "the render with "
                + "-XX:+AOTPrintTrainingInfo");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        String printed = run.stdout();

        var compiles = printed.lines().filter(line -> line.matches("\\s+C .*")).toList();
        assertThat(compiles).as("compiles recorded in the cache").isNotEmpty()
                .allSatisfy(line -> assertThat(line).as("a C1-only compile").matches(".*#\\d+L1\\b.*")
                        .doesNotContain("dev/ptyctl/vt/"));
        assertThat(printed).as("the emulator in the cache's training data").doesNotContain("dev/ptyctl/vt/");
    }

    @Test
    void aJavaHomeOlderThan21IsPassedOverForANewerJdk(@TempDir Path fakeJdk) throws Exception {
        Path bin = Files.createDirectories(fakeJdk.resolve("bin"));
        for (String tool : new String[] {"java", "javac"}) {
            Path script = Files.writeString(bin.resolve(tool), "#!/bin/sh\necho 'fake' >&2\nexit 1\n");
            script.toFile().setExecutable(true);
        }
        Files.writeString(fakeJdk.resolve("release"), "JAVA_VERSION=\"17.0.9\"\n");
        var result = launch(with(JDK, "JAVA_HOME", fakeJdk.toString()), "--version");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).startsWith("ptyctl ");
    }

    /** The words of a command line the launcher printed (bash's {@code %q}), split as bash splits them. */
    private static java.util.List<String> shellWords(String commandLine) throws IOException, InterruptedException {
        var words = Ptyctl.run(new ProcessBuilder("bash", "-c", "eval \"words=($1)\" && printf '%s\\0' \"${words[@]}\"",
                "bash", commandLine), "bash splitting " + commandLine);
        assertThat(words.exitCode()).as(words.toString()).isZero();
        return java.util.List.of(words.stdout().split("\0"));
    }

    private static boolean javacOnPathIsAtLeast21() throws IOException, InterruptedException {
        for (String dir : new String[] {"/usr/bin", "/bin"}) {
            Path javac = Path.of(dir, "javac");
            if (Files.isExecutable(javac)) {
                Process p = new ProcessBuilder(javac.toString(), "-version").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                p.waitFor();
                String digits = out.replaceAll("^javac (\\d+).*\\s*$", "$1").strip();
                return digits.matches("\\d+") && Integer.parseInt(digits) >= 21;
            }
        }
        return false;
    }
}
