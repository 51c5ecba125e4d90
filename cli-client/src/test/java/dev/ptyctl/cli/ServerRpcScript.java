package dev.ptyctl.cli;

import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Plays a terminal's JSON-RPC WebSocket ({@code /v1/terminals/{id}/rpc}) on a {@link FakeWebSocketServer} on a thread
 * of its own, while the command under test runs: takes the next connection, answers its requests with the given
 * results in order, and keeps what arrived for the test to check.
 *
 * @param path          the path of the client's upgrade request
 * @param authorization its {@code Authorization} header, or null
 * @param requests      the requests, in order
 */
record ServerRpcScript(String path, String authorization, List<JsonObject> requests) {

    /** Starts answering the next connection of {@code server} with {@code results} (single-quoted JSON objects). */
    static CompletableFuture<ServerRpcScript> play(FakeWebSocketServer server, String... results) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                FakeWebSocketServer.Connection connection = server.accept();
                List<JsonObject> requests = new java.util.ArrayList<>();
                for (String result : results) {
                    JsonObject request = connection.readFrame();
                    requests.add(request);
                    connection.sendText(JsonSupport.objectBuilder().add("jsonrpc", "2.0")
                            .add("result", FakeRpcServer.json(result)).add("id", request.get("id")).build().toString());
                }
                return new ServerRpcScript(connection.path(), connection.header("Authorization"), requests);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, runnable -> Thread.ofPlatform().daemon().start(runnable));
    }

    /** What the script saw, once the command has finished. */
    static ServerRpcScript seen(CompletableFuture<ServerRpcScript> script) throws Exception {
        return script.get(20, TimeUnit.SECONDS);
    }
}
