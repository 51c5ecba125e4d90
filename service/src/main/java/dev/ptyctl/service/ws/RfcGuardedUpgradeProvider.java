package dev.ptyctl.service.ws;

import io.helidon.common.Weight;
import io.helidon.common.Weighted;
import io.helidon.http.HttpPrologue;
import io.helidon.http.WritableHeaders;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ProtocolConfigs;
import io.helidon.webserver.http1.spi.Http1RoutedUpgrade;
import io.helidon.webserver.http1.spi.Http1RoutedUpgrader;
import io.helidon.webserver.http1.spi.Http1UpgradeProvider;
import io.helidon.webserver.http1.spi.Http1UpgradeResult;
import io.helidon.webserver.http1.spi.Http1Upgrader;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.websocket.WsConfig;
import io.helidon.webserver.websocket.WsUpgrader;
import io.helidon.websocket.WsSession;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Helidon's WebSocket upgrade, with each connection wrapped in a {@link RfcViolationGuard} and writing through a
 * {@link CloseIsLastContext}, so that nothing follows a close frame, and known to its server's {@link SocketsAtStop}
 * (when it has one), so that its client is told when the server stops. Found by Helidon's
 * service loader ({@code META-INF/services}); its weight, above the default of Helidon's own provider, makes it the
 * one the HTTP/1 connection selector keeps for {@code websocket} (it keeps the first provider per protocol).
 */
@Weight(Weighted.DEFAULT_WEIGHT + 10)
public final class RfcGuardedUpgradeProvider implements Http1UpgradeProvider<WsConfig> {
    /** For the service loader. */
    public RfcGuardedUpgradeProvider() {
    }

    @Override
    public String protocolType() {
        return "websocket";
    }

    @Override
    public Class<WsConfig> protocolConfigType() {
        return WsConfig.class;
    }

    @Override
    public Http1Upgrader create(WsConfig config, ProtocolConfigs configs) {
        return new Guarded(WsUpgrader.create(config));
    }

    /**
     * Helidon's upgrader, both ways it upgrades: routed (through the HTTP routing and its filters, which is how
     * the token check answers 401 before the upgrade) and direct.
     */
    private record Guarded(WsUpgrader upgrader) implements Http1RoutedUpgrader {
        @Override
        public String supportedProtocol() {
            return upgrader.supportedProtocol();
        }

        @Override
        public ServerConnection upgrade(ConnectionContext ctx, HttpPrologue prologue, WritableHeaders<?> headers) {
            Optional<SocketsAtStop> sockets = SocketsAtStop.of(ctx);
            Supplier<ServerConnection> upgrade = () -> {
                ServerConnection connection = upgrader.upgrade(new CloseIsLastContext(ctx), prologue, headers);
                return connection == null ? null : wrap(connection, sockets);
            };
            return sockets.map(s -> s.upgrading(upgrade)).orElseGet(upgrade);
        }

        @Override
        public Optional<Http1RoutedUpgrade> routedUpgrade(ConnectionContext ctx, HttpPrologue prologue,
                                                          WritableHeaders<?> headers) {
            if (!(upgrader instanceof Http1RoutedUpgrader routed)) {
                return Optional.empty();
            }
            Optional<SocketsAtStop> sockets = SocketsAtStop.of(ctx);
            return routed.routedUpgrade(new CloseIsLastContext(ctx), prologue, headers).map(upgrade -> (response, requestHeaders) -> {
                Supplier<Http1UpgradeResult> upgraded = () -> {
                    Http1UpgradeResult result = upgrade.upgrade(response, requestHeaders);
                    return result.connection().map(c -> Http1UpgradeResult.upgraded(wrap(c, sockets))).orElse(result);
                };
                return sockets.map(s -> s.upgrading(upgraded)).orElseGet(upgraded);
            });
        }

        /** Helidon's connection (a {@link WsSession}), guarded, and tracked for the server's stop when it has one. */
        private static ServerConnection wrap(ServerConnection connection, Optional<SocketsAtStop> sockets) {
            ServerConnection guarded = new RfcViolationGuard(connection);
            if (sockets.isPresent() && connection instanceof WsSession session) {
                return sockets.get().track(guarded, session);
            }
            return guarded;
        }
    }
}
