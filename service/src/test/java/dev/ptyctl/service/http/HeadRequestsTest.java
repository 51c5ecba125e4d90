package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.server.PtyctlServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HEAD is answered wherever GET is, as load balancers' checks and {@code curl -I} expect: the GET's status and
 * headers with its length, and no body, so the connection carries the next answer intact. It was 405 on the REST
 * paths (404 on metrics), and the web page's HEAD carried the page, read by a kept connection as its next answer.
 */
class HeadRequestsTest {
    private static PtyctlServer server;
    private static String id;

    @BeforeAll
    static void startServer() {
        server = TestServers.start();
        // Prints nothing: its description, screen and recording are the same at the GET and at the HEAD.
        id = given(TestServers.api(server))
                .body("{\"sessionId\":\"head\",\"shell\":\"/bin/sh\",\"args\":[\"-c\",\"sleep 600\"]}")
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void headIsTheGetsStatusAndHeadersWithoutTheBodyOnAKeptConnection() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(20_000);
            for (String path : new String[] {"/", "/index.html", "/v1/terminals", "/v1/terminals/" + id,
                    "/v1/terminals/" + id + "/screen", "/v1/terminals/" + id + "/recording", "/nope"}) {
                Answer get = ask(socket, "GET", path);
                Answer head = ask(socket, "HEAD", path);
                assertThat(head.status).as("HEAD %s", path).isEqualTo(get.status);
                assertThat(head.headers.get("content-type")).as("HEAD %s", path)
                        .isEqualTo(get.headers.get("content-type"));
                assertThat(head.headers.get("content-length")).as("HEAD %s: the GET's length", path)
                        .isEqualTo(Integer.toString(get.body.length));
            }
            Answer metrics = ask(socket, "HEAD", "/observe/metrics");
            assertThat(metrics.status).startsWith("HTTP/1.1 200");
            assertThat(metrics.headers.get("content-type")).startsWith("text/plain; version=0.0.4");
            // The event stream's GET never ends; its HEAD says what it is at once.
            Answer events = ask(socket, "HEAD", "/v1/events");
            assertThat(events.status).startsWith("HTTP/1.1 200");
            assertThat(events.headers.get("content-type")).startsWith("text/event-stream");
            // Whatever a HEAD left on the connection would be read here as the status line.
            assertThat(ask(socket, "GET", "/v1/terminals/" + id).status).isEqualTo("HTTP/1.1 200 OK");
        }
    }

    private record Answer(String status, Map<String, String> headers, byte[] body) {
    }

    /** One request on the kept connection; a GET's body is read by its Content-Length, a HEAD's is taken as none. */
    private static Answer ask(Socket socket, String method, String path) throws IOException {
        socket.getOutputStream().write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port()
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        String status = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            assertThat(colon).as("a header line, not what an earlier answer's body left: %s", header).isPositive();
            headers.put(header.substring(0, colon).trim().toLowerCase(), header.substring(colon + 1).trim());
        }
        byte[] body = method.equals("HEAD") ? new byte[0]
                : in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
        return new Answer(status, headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection ended mid-answer: " + line);
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.US_ASCII).stripTrailing();
    }
}
