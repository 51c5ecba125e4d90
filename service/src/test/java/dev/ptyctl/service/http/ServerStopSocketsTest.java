package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.http.WebSocketTestClient.Closed;
import dev.ptyctl.service.server.PtyctlServer;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every WebSocket client sees when {@code ptyctl server} stops: close 1001 "the server is stopping", whichever
 * socket (terminal, JSON-RPC, events), whatever it was doing, and also when the stop comes while the socket is still
 * opening. Never the terminal's {@code exit} and 1000 (its program is ended by the stop, after the clients are told),
 * never Helidon's 1000 "Idle timeout", never a cut connection (1006).
 */
class ServerStopSocketsTest {
    private static final Closed STOPPING = new Closed(1001, "the server is stopping");

    @Test
    void everyOpenSocketIsToldTheServerIsStoppingWhateverItIsDoing() throws Exception {
        PtyctlServer server = TestServers.start();
        List<WebSocketTestClient> clients = new ArrayList<>();
        try {
            String idle = create(server, TestServers.createBody("idle"));
            // Output without end: the stop comes while the client's sender is writing frames.
            String streaming = create(server, "{\"sessionId\":\"streaming\",\"shell\":\"/bin/sh\","
                    + "\"args\":[\"-c\",\"yes ptyctl-stop-test\"]}");

            WebSocketTestClient quiet = WebSocketTestClient.connectTo(server.url(), socketOf(idle));
            clients.add(quiet);
            quiet.skipTo("size");
            WebSocketTestClient busy = WebSocketTestClient.connectTo(server.url(), socketOf(streaming));
            clients.add(busy);
            busy.skipTo(null);
            // A JSON-RPC socket with a long pty/wait under way: it answers only when the stop has ended the program.
            WebSocketTestClient rpc = WebSocketTestClient.connectTo(server.url(), "/v1/terminals/" + idle + "/rpc");
            clients.add(rpc);
            rpc.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\",\"params\":{}}");
            assertThat(rpc.next()).isInstanceOfSatisfying(JsonObject.class,
                    answer -> assertThat(answer.getInt("id")).isEqualTo(1));
            rpc.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"pty/wait\","
                    + "\"params\":{\"match\":\"never shown\",\"timeout\":60000}}");
            WebSocketTestClient events = WebSocketTestClient.connectTo(server.url(), "/v1/events");
            clients.add(events);
            events.skipTo("subscribed");

            server.close();

            Map<String, Closed> closes = new LinkedHashMap<>();
            closes.put("terminal socket, idle", quiet.closed());
            closes.put("terminal socket, streaming", busy.closed());
            closes.put("JSON-RPC socket, pty/wait under way", rpc.closed());
            closes.put("event socket", events.closed());
            assertThat(closes).allSatisfy((socket, closed) -> assertThat(closed).isEqualTo(STOPPING));
        } finally {
            server.close();
            clients.forEach(WebSocketTestClient::close);
        }
    }

    @Test
    void aSocketStillOpeningWhenTheServerStopsIsToldTooNeverCutNorClosedIdle() throws Exception {
        // The stop comes right after the upgrade's answer: on the server the connection is then anywhere between
        // the 101 and the end of its listener's onOpen. A few rounds of each socket. With a 300 ms pause put there
        // (not committed), every socket of every round ended in 1006 (the pause after the 101, before Helidon hands
        // the connection on) or 1000 "Idle timeout" (the pause at the start of onOpen) before the fix.
        stopRounds((server, clients) -> {
            String id = create(server, TestServers.createBody("opening"));
            for (String path : List.of(socketOf(id), "/v1/terminals/" + id + "/rpc", "/v1/events")) {
                clients.add(WebSocketTestClient.connectTo(server.url(), path));
            }
        }, WebSocketTestClient::closed);
    }

    @Test
    void subscribedEventSocketsAreToldRoundAfterRound() throws Exception {
        // The close frame used to race the web server's stop, which cut the connection first now and then (1006):
        // a few stops in a row, each with a few sockets, caught it most runs. Nothing comes between subscribed and
        // the close.
        stopRounds((server, clients) -> {
            for (int i = 0; i < 3; i++) {
                WebSocketTestClient events = WebSocketTestClient.connect(server.url(), "", Map.of());
                clients.add(events);
                events.next("subscribed");
            }
        }, WebSocketTestClient::next);
    }

    /** Opens a round's sockets on {@code server}, each added to {@code clients} as soon as it is open. */
    @FunctionalInterface
    private interface Sockets {
        void open(PtyctlServer server, List<WebSocketTestClient> clients) throws Exception;
    }

    /** How a socket's end is read once the server has stopped: the close, or the next frame, which must be it. */
    @FunctionalInterface
    private interface End {
        Object of(WebSocketTestClient client) throws InterruptedException;
    }

    /** Five stops of a fresh server with the sockets {@code sockets} opened: every socket's {@code end} is 1001. */
    private static void stopRounds(Sockets sockets, End end) throws Exception {
        for (int round = 0; round < 5; round++) {
            PtyctlServer server = TestServers.start();
            List<WebSocketTestClient> clients = new ArrayList<>();
            try {
                sockets.open(server, clients);
                server.close();
                Map<String, Object> closes = new LinkedHashMap<>();
                for (int i = 0; i < clients.size(); i++) {
                    WebSocketTestClient client = clients.get(i);
                    closes.put("round " + round + ", socket " + i + ", " + client.path(), end.of(client));
                }
                assertThat(closes).allSatisfy((socket, closed) -> assertThat(closed).isEqualTo(STOPPING));
            } finally {
                server.close();
                clients.forEach(WebSocketTestClient::close);
            }
        }
    }

    /** The terminal socket's path, protocol 2, from the first byte. */
    private static String socketOf(String terminalId) {
        return "/v1/terminals/" + terminalId + "/socket?protocol=2&lastOutputSeq=0";
    }

    private static String create(PtyctlServer server, String body) {
        return given(TestServers.api(server)).body(body).post("/v1/terminals").then().statusCode(201).extract()
                .jsonPath().getString("terminalId");
    }
}
