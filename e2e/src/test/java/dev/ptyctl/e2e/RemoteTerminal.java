package dev.ptyctl.e2e;

import dev.ptyctl.e2e.server.RemoteServer;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.pty.CommandLine;
import dev.ptyctl.testsupport.Bounds;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a test gets from {@link ServedTerminal#tcp} in remote mode: the command {@code ptyctl serve --cmd} would host,
 * in a terminal of the {@link RemoteServer} instead, made through its REST API with serve's options translated
 * ({@code --cols}, {@code --rows}, {@code --cwd}; {@code --shell-integration} is the server's default). Commands reach
 * it with {@code --terminal ID} and the server's URL, token and certificate; JSON-RPC goes over the server's
 * WebSocket; stopping it deletes it.
 */
final class RemoteTerminal extends ServedTerminal {
    private final RemoteServer server;
    private final String terminalId;

    private RemoteTerminal(RemoteServer server, String terminalId) {
        this.server = server;
        this.terminalId = terminalId;
    }

    static RemoteTerminal create(String command, String... serveOptions) throws Exception {
        RemoteServer server = RemoteServer.get();
        List<String> words = CommandLine.split(command);
        JsonObjectBuilder request = JsonSupport.PROVIDER.createObjectBuilder()
                .add("sessionId", "e2e-" + UUID.randomUUID())
                .add("shell", words.getFirst())
                .add("args", JsonSupport.PROVIDER.createArrayBuilder(words.subList(1, words.size())));
        for (int i = 0; i < serveOptions.length; i++) {
            switch (serveOptions[i]) {
                case "--cols" -> request.add("cols", Integer.parseInt(serveOptions[++i]));
                case "--rows" -> request.add("rows", Integer.parseInt(serveOptions[++i]));
                case "--cwd" -> request.add("cwd", serveOptions[++i]);
                case "--shell-integration" -> {
                    // on by default in the server
                }
                default -> throw new IllegalArgumentException("no remote equivalent of serve's " + serveOptions[i]);
            }
        }
        JsonObject created = server.create(request.build());
        RemoteTerminal terminal = new RemoteTerminal(server, created.getString("terminalId"));
        // What makes the mode remote: the terminal's own JSON-RPC port listens on the server's loopback, which this
        // host cannot reach, so whatever the test does next goes through the server's HTTP(S) port.
        int ownPort = created.getJsonObject("rpc").getInt("port");
        boolean sameNumberAsTheServers = server.url().endsWith(":" + ownPort); // other address, same number
        if (!sameNumberAsTheServers && server.reachable(ownPort)) {
            terminal.close();
            throw new AssertionError("the terminal's own port " + ownPort + " is reachable from the test's host");
        }
        return terminal;
    }

    String terminalId() {
        return terminalId;
    }

    @Override
    RawRpc connect() throws IOException {
        return RpcWebSocket.connect(server, terminalId);
    }

    @Override
    List<String> target() {
        return List.of("--terminal", terminalId);
    }

    @Override
    Map<String, String> selectingEnvironment() {
        Map<String, String> env = new HashMap<>(server.clientEnvironment());
        env.put("PTYCTL_TERMINAL_ID", terminalId);
        return env;
    }

    @Override
    Map<String, String> environment() {
        return server.clientEnvironment();
    }

    @Override
    int port() {
        throw new UnsupportedOperationException("a remote terminal is reached through the server's port only");
    }

    @Override
    String firstLine() {
        throw new UnsupportedOperationException("a remote terminal has no serve process");
    }

    @Override
    String stderr() {
        return server.log();
    }

    @Override
    void stop() throws Exception {
        server.delete(terminalId);
    }

    @Override
    boolean awaitStopped() throws Exception {
        return server.send("GET", "/v1/terminals/" + terminalId, null).statusCode() == 404;
    }

    @Override
    String awaitEnd() throws Exception {
        // pty/wait answers at once once the program has ended, whatever it waits for. By POST: after pty/kill the
        // terminal's JSON-RPC connections are closed, as its socket is, but the terminal is still there to ask.
        var waited = server.send("POST", "/v1/terminals/" + terminalId + "/rpc", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"pty/wait\",\"params\":{\"match\":\"never shown\",\"timeout\":" + Bounds.HANG.toMillis()
                + "}}");
        if (waited.statusCode() != 200) {
            return "pty/wait by POST answered " + waited.statusCode() + ": " + waited.body();
        }
        JsonObject described = server.describe(terminalId);
        return described.getBoolean("running")
                ? "still running after " + Bounds.HANG.toSeconds() + " s: " + described : CLEAN_END;
    }

    @Override
    public void close() throws Exception {
        server.delete(terminalId);
    }
}
