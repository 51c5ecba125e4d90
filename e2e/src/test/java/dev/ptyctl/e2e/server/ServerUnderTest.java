package dev.ptyctl.e2e.server;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * The server an SDK test talks to: its own {@code ptyctl server} on loopback with the test's token, or, in the e2e
 * remote mode, the run's {@link RemoteServer} (its token, its certificate), reached through its HTTP(S) port alone.
 * Closing stops an own server and leaves the shared remote one running.
 */
final class ServerUnderTest implements AutoCloseable {
    private final ServerProcess own;
    private final String url;
    private final String token;
    private final SSLContext tls;

    private ServerUnderTest(ServerProcess own, String url, String token, SSLContext tls) {
        this.own = own;
        this.url = url;
        this.token = token;
        this.tls = tls;
    }

    /** A local server without a token, reached at {@code url} (a proxy in front of it). */
    static ServerUnderTest through(String url) {
        return new ServerUnderTest(null, url, null, null);
    }

    /** A server with {@code token} (locally; the remote server has its own). */
    static ServerUnderTest start(String token) throws Exception {
        if (RemoteServer.active()) {
            return remote();
        }
        ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", token), "--port", "0");
        return new ServerUnderTest(server, server.url(), token, null);
    }

    /**
     * The remote server in remote mode, else {@code local} (a server of the test's, without a token, which closing
     * this leaves running): for tests where a client on one machine reaches a terminal on another.
     */
    static ServerUnderTest remoteOr(ServerProcess local) throws Exception {
        return RemoteServer.active() ? remote() : new ServerUnderTest(null, local.url(), null, null);
    }

    private static ServerUnderTest remote() {
        RemoteServer remote = RemoteServer.get();
        return new ServerUnderTest(null, remote.url(), remote.token(), remote.sslContext());
    }

    String url() {
        return url;
    }

    String token() {
        return token;
    }

    /** A REST client with the token (and the certificate to trust). */
    TerminalsClient client() {
        return builder().token(token).build();
    }

    /** A REST client without a token. */
    TerminalsClient clientWithoutToken() {
        return builder().build();
    }

    private TerminalsClient.Builder builder() {
        TerminalsClient.Builder builder = TerminalsClient.builder().baseUrl(url);
        if (tls != null) {
            builder.sslContext(tls);
        }
        return builder;
    }

    /**
     * JSON-RPC to a terminal the way a client where the server runs would reach it: its own port
     * ({@link Terminal#rpc()}) locally, the server's port ({@link TerminalsClient#rpc}) in remote mode.
     */
    RpcClient rpc(TerminalsClient terminals, Terminal terminal) throws IOException {
        return RemoteServer.active() ? terminals.rpc(terminal.terminalId())
                : RpcClient.builder().token(token).connect(terminal.rpc());
    }

    /** A request with the token; {@code body} null for none. */
    HttpResponse<String> request(String method, String path, String body) throws Exception {
        return RemoteServer.active() ? RemoteServer.get().send(method, path, body)
                : own.request(method, path, body, "Authorization", "Bearer " + token);
    }

    /**
     * The flags that select a terminal on a {@code ptyctl} command line: its own port locally, {@code --terminal ID}
     * in remote mode (with {@link #cliEnvironment()}).
     */
    List<String> cliTarget(JsonObject terminal) {
        return RemoteServer.active() ? List.of("--terminal", terminal.getString("terminalId"))
                : List.of("--port", String.valueOf(terminal.getJsonObject("rpc").getInt("port")));
    }

    /** The variables a {@code ptyctl} command needs to reach this server: URL, token (and certificate). */
    Map<String, String> cliEnvironment() {
        if (RemoteServer.active()) {
            return RemoteServer.get().clientEnvironment();
        }
        return token == null ? Map.of("PTYCTL_URL", url) : Map.of("PTYCTL_URL", url, "PTYCTL_TOKEN", token);
    }

    @Override
    public void close() throws InterruptedException {
        if (own != null) {
            own.close();
        }
    }
}
