package dev.ptyctl.service.terminals;

import dev.ptyctl.service.rpc.RpcEndpoint;
import java.net.InetAddress;

/**
 * Where the registry's terminals get their own JSON-RPC endpoints, and how long a request line may be.
 *
 * @param host         the loopback address the endpoints bind, reported as {@code rpc.host}: the server's own bind
 *                     address when that is a loopback one, else 127.0.0.1 ({@link RpcEndpoint#hostFor})
 * @param maxLineBytes longest JSON-RPC request line ({@code ptyctl.rpc.maxLineBytes})
 */
public record RpcPlacement(InetAddress host, int maxLineBytes) {
    /** For a server bound to {@code serverHost}. */
    public static RpcPlacement forServer(String serverHost, int maxLineBytes) {
        return new RpcPlacement(RpcEndpoint.hostFor(serverHost), maxLineBytes);
    }
}
