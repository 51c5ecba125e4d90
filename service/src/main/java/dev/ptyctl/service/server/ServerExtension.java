package dev.ptyctl.service.server;

import dev.ptyctl.service.terminals.TerminalRegistry;
import io.helidon.config.Config;
import io.helidon.webserver.http.HttpRouting;
import java.util.function.Supplier;

/**
 * Routes another module adds to {@code ptyctl server} without the service depending on it: the MCP adapter's
 * {@code /mcp} is one. Implementations are found with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/dev.ptyctl.service.server.ServerExtension} file in their jar) through the thread's context
 * class loader, so a module that is not on the class path simply adds nothing.
 *
 * <p>Every request to an extension's routes passes the server's {@link dev.ptyctl.service.http.RequestGuard} first
 * (Host check; on paths it treats as API, the Origin and token checks too), and the extension works on the same
 * {@link TerminalRegistry} as REST. Keep an extension a thin layer: logic that concerns terminals belongs in the
 * service, where every protocol can use it.
 */
public interface ServerExtension {

    /**
     * What an extension gets to work with.
     *
     * @param registry the server's terminals
     * @param config   the whole configuration (an extension reads its own keys, e.g. {@code ptyctl.mcp})
     * @param baseUrl  the server's URL ({@code http://127.0.0.1:8765}), known once it listens
     */
    record Context(TerminalRegistry registry, Config config, Supplier<String> baseUrl) {
    }

    /** Adds routes; called once while the server starts, after the built-in routes and filters. */
    void routing(HttpRouting.Builder routing, Context context);

    /** Releases what the extension holds; called when the server stops, before its terminals end. */
    default void close() {
    }
}
