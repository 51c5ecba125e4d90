package dev.ptyctl.service.ws;

import io.helidon.common.Weight;
import io.helidon.common.Weighted;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ProtocolConfigs;
import io.helidon.webserver.http1.spi.Http1UpgradeProvider;
import io.helidon.webserver.http1.spi.Http1Upgrader;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.websocket.WsConfig;
import io.helidon.webserver.websocket.WsUpgrader;
import io.helidon.http.HttpPrologue;
import io.helidon.http.WritableHeaders;

/**
 * Helidon's WebSocket upgrade, with each connection wrapped in a {@link RfcViolationGuard}. Found by Helidon's
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
        WsUpgrader upgrader = WsUpgrader.create(config);
        return new Http1Upgrader() {
            @Override
            public String supportedProtocol() {
                return upgrader.supportedProtocol();
            }

            @Override
            public ServerConnection upgrade(ConnectionContext ctx, HttpPrologue prologue, WritableHeaders<?> headers) {
                ServerConnection connection = upgrader.upgrade(ctx, prologue, headers);
                return connection == null ? null : new RfcViolationGuard(connection);
            }
        };
    }
}
