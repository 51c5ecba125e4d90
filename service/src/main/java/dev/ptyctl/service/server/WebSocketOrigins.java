package dev.ptyctl.service.server;

import dev.ptyctl.protocol.UriHosts;
import dev.ptyctl.service.ws.SocketSettings;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.websocket.WsConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Configures Helidon's WebSocket protocol: its frame size limit and its Origin check.
 *
 * <p>Frames: Helidon reads a whole frame before anyone sees it and closes the connection (1009) when a frame is
 * longer than its limit. Ours ({@link SocketSettings#DEFAULT_MAX_FRAME_BYTES}) answers an over-long message with an
 * error frame and keeps the connection; Helidon's limit is set to {@link #HELIDON_MAX_FRAME_BYTES} so that a frame
 * somewhat over ours still gets the friendly answer, and only a frame no client sends by accident is cut off.
 *
 * <p>Origins: makes Helidon's own WebSocket Origin check agree with ours ({@code AccessRules}). Helidon checks the Origin
 * before any listener sees the upgrade: with no configured origins it allows only same-origin pages, which is our
 * rule when {@code allowedOrigins} is empty; with configured origins it allows exactly those and no longer
 * same-origin. So when {@code allowedOrigins} is set, Helidon gets them plus the origins of this server under each
 * name it answers to (loopback names, the bound host, {@code allowedHosts}) at its port, and our policy then
 * applies the full rule. A server asked for port 0 first picks a free port, since the list needs it.
 */
final class WebSocketOrigins {
    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private WebSocketOrigins() {
    }

    /** The longest single frame Helidon reads before handing it to our listener. */
    static final int HELIDON_MAX_FRAME_BYTES = 4 * SocketSettings.DEFAULT_MAX_FRAME_BYTES;

    static void configure(WebServerConfig.Builder builder, ServerSettings settings) {
        WsConfig.Builder ws = WsConfig.builder().name("websocket").maxFrameLength(HELIDON_MAX_FRAME_BYTES);
        if (settings.security().allowedOrigins().isEmpty()) {
            builder.addProtocol(ws.build());
            return;
        }
        int port = settings.port() != 0 ? settings.port() : freePort(settings.host());
        builder.port(port);
        Set<String> names = new LinkedHashSet<>(LOOPBACK_NAMES);
        names.add(UriHosts.bracketed(settings.host()));
        settings.security().allowedHosts().forEach(h -> names.add(h.toLowerCase(Locale.ROOT)));
        Set<String> origins = new LinkedHashSet<>();
        for (String origin : settings.security().allowedOrigins()) {
            origins.add(origin.strip());
            origins.add(stripTrailingSlash(origin.strip().toLowerCase(Locale.ROOT)));
        }
        for (String name : names) {
            // Both schemes: whether this port speaks TLS is Helidon's to decide from server.tls; a page can only
            // come from the one it speaks, so the other entry never matches a real page.
            origins.add("http://" + name + ":" + port);
            origins.add("https://" + name + ":" + port);
            if (port == 80) {
                origins.add("http://" + name);
            }
            if (port == 443) {
                origins.add("https://" + name);
            }
        }
        builder.addProtocol(ws.origins(origins).build());
    }

    private static String stripTrailingSlash(String origin) {
        return origin.endsWith("/") ? origin.substring(0, origin.length() - 1) : origin;
    }

    private static int freePort(String host) {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on " + host, e);
        }
    }
}
