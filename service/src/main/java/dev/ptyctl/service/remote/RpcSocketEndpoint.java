package dev.ptyctl.service.remote;

import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.ws.SocketSettings;
import dev.ptyctl.service.ws.UpgradePolicy;
import io.helidon.webserver.websocket.WsRouting;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code GET /v1/terminals/{id}/rpc} as a WebSocket: one JSON-RPC message per text frame each way, pipelined. The
 * requests of one connection run one after another in arrival order, as on the socket, on a thread of the connection
 * (a long {@code pty/wait} holds up only its own connection); each response goes out as soon as it is ready. The
 * connection is authenticated by the upgrade request (token, Origin, Host, as REST), so {@code pty/auth} is not
 * needed; the view token is refused (403), since JSON-RPC can type. After {@code pty/kill} is answered the
 * connection closes (1000), as the socket's does. The server pings every connection (a WebSocket ping control frame)
 * at {@link dev.ptyctl.service.ws.SocketSettings#keepaliveFor}: a client waiting minutes for one long {@code pty/wait} or {@code ptyctl run} sends
 * nothing meanwhile, and Helidon closes a connection it has read nothing from for its idle timeout (5 minutes);
 * the client's pong is something read.
 */
public final class RpcSocketEndpoint {
    /** The route, in Helidon's path pattern syntax. */
    public static final String PATH = "/v1/terminals/{id}/rpc";
    private static final String PREFIX = "/v1/terminals/";
    private static final String SUFFIX = "/rpc";

    private final Function<String, Optional<HostedTerminal>> terminals;
    private final UpgradePolicy policy;
    private final int maxMessageBytes;
    private final Duration keepalive;

    /**
     * @param terminals       finds a terminal by id, live or exited
     * @param policy          the REST access rules for upgrades
     * @param maxMessageBytes {@code ptyctl.rpc.maxLineBytes}: a longer message is answered -32600, the connection
     *                        stays
     * @param keepalive       how often each connection is pinged ({@link SocketSettings#keepaliveFor})
     */
    public RpcSocketEndpoint(Function<String, Optional<HostedTerminal>> terminals, UpgradePolicy policy,
                             int maxMessageBytes, Duration keepalive) {
        if (keepalive.isZero() || keepalive.isNegative()) {
            throw new IllegalArgumentException("the keepalive interval must be positive, got " + keepalive);
        }
        this.terminals = terminals;
        this.policy = policy;
        this.maxMessageBytes = maxMessageBytes;
        this.keepalive = keepalive;
    }

    /** Registers the endpoint's route. */
    public void routing(WsRouting.Builder routing) {
        routing.endpoint(PATH, () -> new RpcSocketConnection(this));
    }

    /** The id in {@code /v1/terminals/{id}/rpc}, if the path has that shape. */
    static Optional<String> terminalId(String path) {
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) {
            return Optional.empty();
        }
        String id = path.substring(PREFIX.length(), path.length() - SUFFIX.length());
        return id.isEmpty() || id.contains("/") ? Optional.empty() : Optional.of(id);
    }

    Optional<HostedTerminal> lookup(String id) {
        return terminals.apply(id);
    }

    UpgradePolicy policy() {
        return policy;
    }

    int maxMessageBytes() {
        return maxMessageBytes;
    }

    Duration keepalive() {
        return keepalive;
    }
}
