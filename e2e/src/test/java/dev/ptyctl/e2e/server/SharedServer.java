package dev.ptyctl.e2e.server;

import dev.ptyctl.client.junit.WithTerminal;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one real {@code ptyctl server} (the built jar, on a free port) the first time a test class that uses
 * {@link WithTerminal} runs, and points the SDK's JUnit extension at it through the {@code ptyctl.url} system
 * property; the server is stopped when the test run ends. Registered for every e2e class by JUnit's extension
 * autodetection (see {@code junit-platform.properties}), so DSL test classes need no set-up code of their own and
 * read exactly as a user's would. Classes without {@code @WithTerminal} start nothing.
 */
public final class SharedServer implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedServer.class);

    /** The running server, closed with the root store at the end of the run. */
    private record Running(ServerProcess server) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            server.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Class<?> testClass = context.getRequiredTestClass();
        if (!uses(testClass) && Arrays.stream(testClass.getDeclaredMethods()).noneMatch(SharedServer::uses)) {
            return;
        }
        Running running = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("server", key -> start(), Running.class);
        System.setProperty("ptyctl.url", running.server().url());
    }

    private static boolean uses(AnnotatedElement element) {
        return element.isAnnotationPresent(WithTerminal.class);
    }

    private static Running start() {
        try {
            // SHELL: the server's default shell, whatever the machine running the tests uses.
            ServerProcess server = ServerProcess.start(Map.of("SHELL", "/bin/bash"), "--port", "0");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> server.process().destroyForcibly()));
            server.url();
            return new Running(server);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start ptyctl server for the DSL tests", e);
        }
    }
}
