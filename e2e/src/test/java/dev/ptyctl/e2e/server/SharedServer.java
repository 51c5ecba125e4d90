package dev.ptyctl.e2e.server;

import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.testsupport.TemporaryFolders;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one real {@code ptyctl server} (the built jar, on a free port) the first time a test class that uses
 * {@link WithTerminal} runs, and points the SDK's JUnit extension at it through the {@code ptyctl.url} system
 * property; the server is stopped when the test run ends. Registered for every e2e class by JUnit's extension
 * autodetection (see {@code junit-platform.properties}), so DSL test classes need no set-up code of their own and
 * read exactly as a user's would. Classes with neither {@code @WithTerminal} nor {@link UsesServer} start nothing.
 * In the e2e remote mode the server is the run's {@link RemoteServer} instead ({@link #startRemote()}).
 */
public final class SharedServer implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedServer.class);

    /**
     * The running server and its shells' home, closed with the root store at the end of the run (the remote one stops
     * by itself): the server stops, then its home is deleted.
     */
    record Running(ServerProcess server, Path home, AtomicBoolean stopping) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            stopping.set(true);
            if (server != null) {
                server.close();
            }
            if (home != null) {
                TemporaryFolders.delete(home);
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Class<?> testClass = context.getRequiredTestClass();
        if (!uses(testClass) && Arrays.stream(testClass.getDeclaredMethods()).noneMatch(SharedServer::uses)) {
            return;
        }
        // The root store computes the value once, other classes' threads waiting for it: one server even when test
        // classes start in parallel, and ptyctl.url is set before any of them goes on.
        context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("server", key -> start(), Running.class);
    }

    private static boolean uses(AnnotatedElement element) {
        return element.isAnnotationPresent(WithTerminal.class) || element.isAnnotationPresent(UsesServer.class);
    }

    /**
     * The shells' surroundings, the same on every machine: bash as the default shell, an empty home (the user's
     * startup files stay out: a {@code ~/.bashrc} running {@code pyenv init} made every new shell wait for a lock
     * shared by all the shells starting at the same moment), and the {@code PATH} without pyenv's shims, which need
     * that home. The home is a {@link TemporaryFolders} folder: deleted by whoever is done with it (a
     * server's caller, once the server has stopped), else when the test JVM ends.
     */
    public static Map<String, String> isolatedEnvironment() throws java.io.IOException {
        return isolatedEnvironment(TemporaryFolders.create("ptyctl-e2e-home"));
    }

    private static Map<String, String> isolatedEnvironment(Path home) {
        String path = Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":"))
                .filter(entry -> !entry.contains("/.pyenv/")).collect(Collectors.joining(":"));
        return Map.of("SHELL", "/bin/bash", "HOME", home.toString(), "PATH", path);
    }

    private static Running start() {
        if (RemoteServer.active()) {
            return startRemote();
        }
        try {
            Running running = startLocal();
            ServerProcess server = running.server();
            AtomicBoolean stopping = running.stopping();
            // Every later DSL test would fail with "no ptyctl server": say once, in the run's output, why it ended.
            server.process().onExit().thenRun(() -> {
                if (!stopping.get()) {
                    System.err.println("SharedServer: the shared ptyctl server (pid " + server.process().pid()
                            + ") exited with " + server.process().exitValue() + " during the run\n" + server);
                }
            });
            // A system property, the one place a user's tests look that reaches every class: written once, here,
            // before any class that reads it runs, and never changed (the run's classes are parallel).
            System.setProperty("ptyctl.url", server.url());
            return running;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start ptyctl server for the DSL tests", e);
        }
    }

    /** A local server in an {@link #isolatedEnvironment()}; closing it stops the server and deletes its home. */
    static Running startLocal() throws java.io.IOException {
        Path home = TemporaryFolders.create("ptyctl-e2e-home");
        try {
            return new Running(ServerProcess.start(isolatedEnvironment(home), "--port", "0"), home,
                    new AtomicBoolean());
        } catch (java.io.IOException | RuntimeException e) {
            TemporaryFolders.delete(home);
            throw e;
        }
    }

    /**
     * The e2e remote mode: the DSL classes get the run's {@link RemoteServer} (in a network namespace of its own,
     * with a token, over HTTPS in {@code netns-tls}) through the very settings a user's tests would get for a server
     * on another machine: {@code ptyctl.url}, {@code ptyctl.token} and {@code ptyctl.cacert}, written once, here.
     */
    private static Running startRemote() {
        RemoteServer remote = RemoteServer.get();
        System.setProperty("ptyctl.url", remote.url());
        System.setProperty("ptyctl.token", remote.token());
        remote.caCertificate().ifPresent(ca -> System.setProperty("ptyctl.cacert", ca.toString()));
        return new Running(null, null, new AtomicBoolean());
    }
}
