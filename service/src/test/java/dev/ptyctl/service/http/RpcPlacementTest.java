package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.rpc.RpcEndpoint;
import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerToken;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code rpc.host} in a terminal's description is where its JSON-RPC port really listens: the server's own address
 * when that is a loopback one, else 127.0.0.1 (the per-terminal port serves the local machine only).
 */
class RpcPlacementTest {
    @Test
    void aServerOnAnotherLoopbackAddressPutsTheTerminalsRpcPortThereAndSaysSo() throws Exception {
        try (PtyctlServer server = TestServers.start(TestServers.settings().withAddress("127.0.0.2", 0),
                ServerToken.none())) {
            RequestSpecification api = new RequestSpecBuilder().setBaseUri("http://127.0.0.2").setPort(server.port())
                    .setContentType(ContentType.JSON).build();
            JsonPath created = given(api).body(TestServers.createBody("rpc-host")).post("/v1/terminals").then()
                    .statusCode(201).extract().jsonPath();
            assertThat(created.getString("rpc.host")).isEqualTo("127.0.0.2");
            try (Socket socket = new Socket(created.getString("rpc.host"), created.getInt("rpc.port"))) {
                socket.setSoTimeout(20_000);
                socket.getOutputStream().write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pty/status\"}\n"
                        .getBytes(StandardCharsets.UTF_8));
                String answer = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8)).readLine();
                assertThat(answer).contains("\"result\"").contains("\"id\":1");
            }
            given(api).delete("/v1/terminals/" + created.getString("terminalId")).then().statusCode(200);
        }
    }

    @Test
    void theRpcPortStaysOnLoopbackWhateverTheServerBinds() throws Exception {
        assertThat(RpcEndpoint.hostFor("127.0.0.1")).isEqualTo(InetAddress.getByName("127.0.0.1"));
        assertThat(RpcEndpoint.hostFor("::1")).isEqualTo(InetAddress.getByName("::1"));
        assertThat(RpcEndpoint.hostFor("localhost").isLoopbackAddress()).isTrue();
        assertThat(RpcEndpoint.hostFor("0.0.0.0")).isEqualTo(InetAddress.getLoopbackAddress());
        assertThat(RpcEndpoint.hostFor("192.0.2.10")).isEqualTo(InetAddress.getLoopbackAddress());
    }
}
