package dev.ptyctl.service.server;

import dev.ptyctl.service.rpc.RpcEndpoint;
import dev.ptyctl.service.terminals.TerminalSettings;
import java.util.Objects;

/**
 * Everything {@code ptyctl server} is configured with (SPEC §8), mapped from Helidon config by
 * {@link ServerConfig}: where to listen, security, terminal defaults and limits, and the JSON-RPC line limit.
 *
 * @param host            address to listen on
 * @param port            TCP port; 0 lets the system choose
 * @param security        token and allow-lists
 * @param terminals       defaults and limits of the terminals
 * @param rpcMaxLineBytes longest JSON-RPC request line ({@code ptyctl.rpc.maxLineBytes})
 */
public record ServerSettings(String host, int port, SecurityConfig security, TerminalSettings terminals,
                             int rpcMaxLineBytes) {
    /** SPEC §8 {@code server.host}. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** SPEC §8 {@code server.port}. */
    public static final int DEFAULT_PORT = 8765;
    /** A JSON-RPC request must at least fit a {@code pty/auth} with a long token. */
    private static final int MIN_LINE_BYTES = 1024;

    /** Validates. */
    public ServerSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("server.host is empty");
        }
        host = host.strip();
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("server.port must be from 0 to 65535, got " + port);
        }
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(terminals, "terminals");
        if (rpcMaxLineBytes < MIN_LINE_BYTES) {
            throw new IllegalArgumentException("ptyctl.rpc.maxLineBytes must be at least " + MIN_LINE_BYTES
                    + ", got " + rpcMaxLineBytes);
        }
    }

    /** The SPEC §8 defaults throughout. */
    public static ServerSettings defaults() {
        return new ServerSettings(DEFAULT_HOST, DEFAULT_PORT, SecurityConfig.DEFAULTS, TerminalSettings.DEFAULTS,
                RpcEndpoint.DEFAULT_MAX_LINE_BYTES);
    }

    /** A copy listening on {@code newHost}:{@code newPort}. */
    public ServerSettings withAddress(String newHost, int newPort) {
        return new ServerSettings(newHost, newPort, security, terminals, rpcMaxLineBytes);
    }

    /** A copy with other security settings. */
    public ServerSettings withSecurity(SecurityConfig newSecurity) {
        return new ServerSettings(host, port, newSecurity, terminals, rpcMaxLineBytes);
    }

    /** A copy with other terminal settings. */
    public ServerSettings withTerminals(TerminalSettings newTerminals) {
        return new ServerSettings(host, port, security, newTerminals, rpcMaxLineBytes);
    }
}
