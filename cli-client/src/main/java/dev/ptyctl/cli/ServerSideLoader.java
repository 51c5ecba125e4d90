package dev.ptyctl.cli;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs {@code ServeLauncher}, {@code ServerLauncher} and {@code McpLauncher}, the only classes of the command line
 * that use the service and mcp modules (Helidon, pty4j, JNA, the MCP SDK), with their jars.
 *
 * <p>The jar's manifest class path holds only the client's jars, so that a client command's JVM does not open the
 * server's sixty jars (see cli-client/pom.xml). The server's jars sit in the same {@code libs/} folder; this class
 * puts all of them, and the ptyctl jar, into a class loader that asks its parent first for everything except the two
 * launchers, which it defines itself so that their references to the service resolve through it. The launchers talk
 * to the rest of the command line only in types both loaders share (JDK, picocli, {@link ServeRequest},
 * {@link ServerRequest}). When the service is on the class path already (tests, an IDE), the launchers are called
 * directly.
 */
final class ServerSideLoader {
    /** A class of the service module: visible means the class path is complete. */
    private static final String SERVICE_PROBE = "dev.ptyctl.service.serve.SingleTerminalServer";
    private static final List<String> OWN_CLASSES = List.of("dev.ptyctl.cli.ServeLauncher",
            "dev.ptyctl.cli.ServerLauncher", "dev.ptyctl.cli.McpLauncher");

    private ServerSideLoader() {
    }

    /**
     * Calls a static method of a launcher with the service's classes visible, the context class loader set to the
     * launcher's (Helidon finds its services through it), and rethrows what the method throws.
     */
    static Object call(String launcher, String method, Class<?>[] types, Object... args) throws Exception {
        Class<?> type = Class.forName(launcher, true, loader());
        Method target = type.getDeclaredMethod(method, types);
        target.setAccessible(true);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(type.getClassLoader());
        try {
            return target.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw (Error) e.getCause();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static ClassLoader loader() throws IOException {
        ClassLoader own = ServerSideLoader.class.getClassLoader();
        try {
            Class.forName(SERVICE_PROBE, false, own);
            return own;
        } catch (ClassNotFoundException notOnClassPath) {
            return new LaunchersFirst(serverClassPath(), own);
        }
    }

    /**
     * The ptyctl jar and every jar in the {@code libs/} folder next to it; pty4j and JNA are pointed at the native
     * libraries unpacked there ({@link NativeFolders}) before any of their classes load.
     */
    private static URL[] serverClassPath() throws IOException {
        Path jar;
        try {
            jar = Path.of(ServerSideLoader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("cannot tell where the ptyctl jar is, so cannot find the server's libraries", e);
        }
        Path libs = jar.resolveSibling("libs");
        if (!Files.isDirectory(libs)) {
            throw new IOException("the server's libraries are missing: no folder " + libs);
        }
        NativeFolders.useUnpacked(libs);
        List<URL> urls = new ArrayList<>();
        urls.add(url(jar));
        try (Stream<Path> files = Files.list(libs)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                urls.add(url(file));
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static URL url(Path path) throws MalformedURLException {
        return path.toUri().toURL();
    }

    /** Parent first, except for the launchers (and their nested classes), which it defines from its own jars. */
    private static final class LaunchersFirst extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        LaunchersFirst(URL[] urls, ClassLoader parent) {
            super("ptyctl-server", urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!isLauncher(name)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }

        private static boolean isLauncher(String name) {
            return OWN_CLASSES.stream().anyMatch(own -> name.equals(own) || name.startsWith(own + "$"));
        }
    }
}
