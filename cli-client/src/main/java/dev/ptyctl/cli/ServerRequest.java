package dev.ptyctl.cli;

import java.nio.file.Path;

/**
 * What {@code ptyctl server} parsed: handed from {@link ServerCommand} to {@code ServerLauncher}, which may live in
 * {@link ServerSideLoader}'s class loader (hence public).
 *
 * @param host {@code --host}, or {@code null}
 * @param port {@code --port}, or {@code null}
 * @param config {@code --config}, or {@code null}
 */
public record ServerRequest(String host, Integer port, Path config) {
}
