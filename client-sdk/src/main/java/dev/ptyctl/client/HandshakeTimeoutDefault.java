package dev.ptyctl.client;

/**
 * The default bound of an {@code https://}/{@code wss://} server's TLS handshake beyond the TCP connect, shared by
 * every builder that connects ({@link TerminalsClient}, {@link RpcClient}, {@link TerminalAttachment},
 * {@link TerminalEvents}): a cold client
 * JVM's first handshake on a loaded machine (load 31 on two cores) took more than the 5 s the connect had for both.
 *
 * <p>A primitive constant in a class of its own, so javac copies the value into each builder: {@code RpcClient}'s, on
 * the CLI's path for a quick {@code ptyctl write}, then loads neither {@link TerminalsClient} nor this class for it.
 */
final class HandshakeTimeoutDefault {
    static final long SECONDS = 30;

    private HandshakeTimeoutDefault() {
    }
}
