package dev.ptyctl.client;

/**
 * The default bounds of reaching a server, shared by every builder that connects ({@link TerminalsClient},
 * {@link RpcClient}, {@link TerminalAttachment}, {@link TerminalEvents}).
 *
 * <p>Primitive constants in a class of their own, so javac copies the values into each builder: {@code RpcClient}'s,
 * on the CLI's path for a quick {@code ptyctl write}, then loads neither {@link TerminalsClient} nor this class for
 * them.
 */
final class ConnectDefaults {
    /** The TCP connect. */
    static final long CONNECT_TIMEOUT_SECONDS = 5;
    /**
     * An {@code https://}/{@code wss://} server's TLS handshake (and a WebSocket's upgrade answer) beyond the TCP
     * connect: a cold client JVM's first handshake on a loaded machine (load 31 on two cores) took more than the 5 s
     * the connect had for both.
     */
    static final long HANDSHAKE_TIMEOUT_SECONDS = 30;

    private ConnectDefaults() {
    }
}
