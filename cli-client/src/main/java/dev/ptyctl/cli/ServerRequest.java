package dev.ptyctl.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What {@code ptyctl server} parsed: handed from {@link ServerCommand} to {@code ServerLauncher}, which may live in
 * {@link ServerSideLoader}'s class loader (hence public).
 *
 * @param host {@code --host}, or {@code null}
 * @param port {@code --port}, or {@code null}
 * @param config {@code --config}, or {@code null}
 * @param token {@code --token}, or {@code null}
 * @param properties the {@code -Dkey=value} options, as configuration properties
 * @param tlsCert {@code --tls-cert}, or {@code null}
 * @param tlsKey {@code --tls-key}, or {@code null}
 * @param logFormat {@code --log-format}, or {@code null}
 */
public record ServerRequest(String host, Integer port, Path config, String token, Map<String, String> properties,
                            Path tlsCert, Path tlsKey, String logFormat) {
    /** Copies the properties. */
    public ServerRequest {
        properties = Map.copyOf(properties);
    }
}
