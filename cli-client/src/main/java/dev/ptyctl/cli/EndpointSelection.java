package dev.ptyctl.cli;

import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.protocol.UnknownTerminal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Which terminal endpoint a client command talks to, from its flags and the environment (picocli-free, so the
 * {@link FastPath} and {@link TargetOptions} share it).
 *
 * <p>Order: flags first, one of {@code --port N [--host H]}, {@code --socket PATH} or {@code --terminal ID} (a
 * terminal of the server at {@code --url}, else {@code PTYCTL_URL}, else {@code http://127.0.0.1:8765}, reached
 * through that server's HTTP(S) port alone); then {@code PTYCTL_SOCKET} or {@code PTYCTL_PORT}
 * (setting both is an error, as giving both flags is); then {@code PTYCTL_RPC=host:port}, which the server exports
 * into the shells it hosts; then {@code PTYCTL_TERMINAL_ID}, a terminal of the server as {@code --terminal} would name
 * it, so a script aimed at a remote server needs no flags either. {@code --host} (default 127.0.0.1) applies to whichever port is used. {@code --token}
 * (or {@code PTYCTL_TOKEN}) is sent with {@code pty/auth} before the request to a port or socket, and to the server as
 * its bearer token.
 *
 * @param port {@code --port}, or {@code null}
 * @param host {@code --host}, or {@code null}
 * @param socket {@code --socket}, or {@code null}
 * @param terminal {@code --terminal}, or {@code null}
 * @param url {@code --url}, or {@code null}
 * @param token {@code --token}, or {@code null}
 * @param ca {@code --cacert}'s trust (else {@code PTYCTL_CACERT}'s), read once, when first needed
 * @param environment the variables, blank ones already reported as unset ({@link Environment#normalized})
 */
record EndpointSelection(Integer port, String host, Path socket, String terminal, String url, String token,
        CaTrust ca, Function<String, String> environment) {
    static final String DEFAULT_HOST = "127.0.0.1";
    private static final int HTTP_NOT_FOUND = 404;
    /** The terminal of the server when no flag or other variable selects one; the server sets it in its shells. */
    static final String TERMINAL_VARIABLE = "PTYCTL_TERMINAL_ID";

    /** @param cacert {@code --cacert}, or {@code null} */
    EndpointSelection(Integer port, String host, Path socket, String terminal, String url, String token, Path cacert,
                      Function<String, String> environment) {
        this(port, host, socket, terminal, url, token, new CaTrust(cacert, environment), environment);
    }

    /**
     * Checks the selection without opening anything: after this, only I/O can fail.
     *
     * @throws UsageException when nothing or something contradictory selects the endpoint
     */
    void check() {
        if (chosenTerminal() != null) {
            checkTerminalFlags();
            ServerConnection.check(environment, url);
            HandshakeTimeout.chosen(environment);
            // the CA file is read here, so that one that cannot be read is a usage error found before connecting (and
            // only here: connect() uses what was read)
            server().trust();
        } else {
            address();
        }
    }

    /**
     * Connects to the selected endpoint, authenticating when a token is known. With {@code --terminal} that is the
     * server's WebSocket {@code /v1/terminals/{id}/rpc}. Refused by a {@code serve} or {@code server} that is still
     * starting, it waits for it ({@link StartingServerWait}, which says so on {@code err} when it takes a while).
     *
     * @throws UsageException when nothing or something contradictory selects the endpoint
     */
    RpcClient connect(PrintWriter err) throws IOException {
        String chosen = chosenTerminal();
        RpcAddress named = chosen != null ? lookUpTerminal(chosen) : address(); // the flags checked before a request
        // The token, the CA and the handshake's bound as the REST commands settle them: one server, one answer.
        ServerSelection server = server();
        RpcAddress address = chosen != null && !SessionNames.mayBeAnId(chosen)
                ? lookUpTerminal(terminalOfSession(server, chosen)) // build/main: a session's name, never an id
                : named;
        RpcClient.Builder client = RpcClient.builder().token(server.effectiveToken());
        if (chosen != null) { // only the server's WebSocket is TLS; a port or socket is plain JSON-RPC
            SSLContext trust = server.trust();
            if (trust != null) {
                client.sslContext(trust);
            }
            Duration handshake = server.handshakeTimeout();
            if (handshake != null) {
                client.handshakeTimeout(handshake);
            }
        }
        try {
            try {
                return client.connect(address);
            } catch (IOException refused) {
                return StartingServerWait.of(environment, err).retry(ListenTarget.of(address), refused,
                        () -> client.connect(address));
            }
        } catch (RestException refused) {
            // The server refuses the upgrade to an unknown terminal with 404 and its REST sentence (the SDK's
            // message; a server's JSON body the same): a session's name, else said in the user's terms, as rm does.
            // Another 404 (a URL that is no ptyctl server) keeps its page quoted, which says what answered.
            if (chosen != null && refused.status() == HTTP_NOT_FOUND
                    && refused.message().endsWith(UnknownTerminal.message(chosen))) {
                return client.connect(lookUpTerminal(terminalOfSession(server, chosen)));
            }
            throw refused;
        }
    }

    /** The server of {@code --terminal}, with this selection's trust. */
    private ServerSelection server() {
        return new ServerSelection(url, token, ca, environment);
    }

    /** The terminal of the session {@code name} on the server ({@link SessionNames}). */
    private static String terminalOfSession(ServerSelection server, String name) throws IOException {
        try (TerminalsClient rest = server.open()) {
            return SessionNames.terminalOf(rest, name);
        }
    }

    /**
     * The terminal on the server, reached through the server's own HTTP(S) port: nothing but that port needs to be
     * reachable, so it works from another machine and through a proxy.
     */
    private RpcAddress lookUpTerminal(String id) {
        checkTerminalFlags();
        return RpcAddress.server(ServerConnection.url(environment, url), id);
    }

    /**
     * {@code --terminal}, else {@code PTYCTL_TERMINAL_ID} when no flag and no other variable selects an endpoint: inside
     * a hosted shell {@code PTYCTL_RPC} is set too and wins (the terminal's own port, on the same machine).
     */
    private String chosenTerminal() {
        if (terminal != null) {
            return terminal;
        }
        if (port != null || socket != null || environment.apply("PTYCTL_SOCKET") != null
                || environment.apply("PTYCTL_PORT") != null || environment.apply("PTYCTL_RPC") != null) {
            return null;
        }
        return environment.apply(TERMINAL_VARIABLE);
    }

    private void checkTerminalFlags() {
        if (terminal != null && terminal.isEmpty()) {
            // `--terminal "$id"` with the variable unset: the SDK's "terminalId is empty" was reported as a bug (70)
            throw new UsageException("--terminal needs a terminal id ('ptyctl ls' lists them), got an empty one");
        }
        if (port != null || socket != null) {
            throw new UsageException("--terminal, --port and --socket each select the terminal; give one");
        }
        if (host != null) {
            throw new UsageException("--host goes with a port, not with --terminal");
        }
    }

    /**
     * The endpoint selected by {@code --port}, {@code --socket} or the environment.
     *
     * @throws UsageException when nothing or something contradictory selects it
     */
    RpcAddress address() {
        if (url != null) {
            throw new UsageException("--url goes with --terminal ID");
        }
        if (ca.option() != null) {
            throw new UsageException("--cacert goes with --terminal ID and an https:// server");
        }
        if (port != null && socket != null) {
            throw new UsageException("--port and --socket cannot be used together; give one");
        }
        if (socket != null) {
            return unixSocket(socket, "--socket");
        }
        if (port != null) {
            return tcp(port, "--port");
        }
        String envSocket = environment.apply("PTYCTL_SOCKET");
        String envPort = environment.apply("PTYCTL_PORT");
        if (envSocket != null && envPort != null) {
            throw new UsageException("PTYCTL_PORT and PTYCTL_SOCKET are both set; choose with --port or --socket");
        }
        if (envSocket != null) {
            return unixSocket(Path.of(envSocket), "PTYCTL_SOCKET");
        }
        if (envPort != null) {
            return tcp(parsePort(envPort, "PTYCTL_PORT"), "PTYCTL_PORT");
        }
        String rpc = environment.apply("PTYCTL_RPC");
        if (rpc != null) {
            return fromRpcVariable(rpc);
        }
        throw new UsageException("no terminal given: use --port N, --socket PATH or --terminal ID, or set "
                + "PTYCTL_PORT, PTYCTL_SOCKET, PTYCTL_RPC or PTYCTL_TERMINAL_ID");
    }

    private RpcAddress unixSocket(Path path, String source) {
        if (host != null) {
            throw new UsageException("--host goes with a port, not with " + source);
        }
        return RpcAddress.unix(path);
    }

    private RpcAddress tcp(int value, String source) {
        if (value < 1 || value > 65_535) {
            throw new UsageException(source + " must be a port number from 1 to 65535, got " + value);
        }
        return RpcAddress.tcp(host != null ? host : DEFAULT_HOST, value);
    }

    private RpcAddress fromRpcVariable(String rpc) {
        RpcAddress.Tcp parsed;
        try {
            parsed = (RpcAddress.Tcp) RpcAddress.parseHostPort(rpc);
        } catch (IllegalArgumentException e) {
            throw new UsageException("PTYCTL_RPC must be host:port, got \"" + rpc + "\"");
        }
        return host == null ? parsed : RpcAddress.tcp(host, parsed.port());
    }

    private static int parsePort(String text, String source) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(source + " must be a port number from 1 to 65535, got \"" + text + "\"");
        }
    }
}
