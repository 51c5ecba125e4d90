package dev.ptyctl.service.ws;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.websocket.WsRouting;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A Helidon server on an ephemeral port with nothing but the terminal socket endpoint, and an HTTP client. */
final class SocketTestServer implements AutoCloseable {
    final Map<String, AttachableTerminal> terminals = new ConcurrentHashMap<>();
    final TerminalSocketEndpoint endpoint;
    final HttpClient http = HttpClient.newHttpClient();
    private final WebServer server;

    SocketTestServer(SocketSettings settings) {
        this(settings, UpgradePolicy.ALLOW_ALL);
    }

    SocketTestServer(SocketSettings settings, UpgradePolicy policy) {
        endpoint = TerminalSocketEndpoint.create(id -> Optional.ofNullable(terminals.get(id)), policy, settings);
        WsRouting.Builder routing = WsRouting.builder();
        endpoint.routing(routing);
        var builder = WebServer.builder().host("127.0.0.1").port(0).addRouting(routing);
        RefusalBodies.installOn(builder);
        server = builder.build().start();
    }

    <T extends AttachableTerminal> T add(T terminal) {
        terminals.put(terminal.terminalId(), terminal);
        return terminal;
    }

    /** {@code ws://127.0.0.1:PORT/v1/terminals/ID/socket?QUERY}. */
    URI socket(String terminalId, String query) {
        return URI.create("ws://127.0.0.1:" + server.port() + "/v1/terminals/" + terminalId + "/socket"
                + (query.isEmpty() ? "" : "?" + query));
    }

    int port() {
        return server.port();
    }

    WsTestClient connect(String terminalId, String query) {
        return WsTestClient.connect(http, socket(terminalId, query));
    }

    @Override
    public void close() {
        // HttpClient.close() would wait for every open WebSocket: stop the server first, then abandon the client.
        server.stop();
        http.shutdownNow();
    }
}
