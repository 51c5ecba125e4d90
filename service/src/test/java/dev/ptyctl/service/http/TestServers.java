package dev.ptyctl.service.http;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import dev.ptyctl.service.server.ServerSettings;
import dev.ptyctl.service.server.ServerToken;
import dev.ptyctl.service.terminals.TerminalSettings;
import io.helidon.config.Config;
import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Starts in-process servers on a free loopback port for the REST tests. */
final class TestServers {
    /** A quick, predictable shell: no rc files, a fixed prompt, no integration scripts. */
    static final String SHELL = "/bin/bash";
    /** The prompt the test shells show; screen text drops trailing blanks, so match it without its space. */
    static final String PROMPT = "ready>";

    private TestServers() {
    }

    /** Settings for tests: port 0, bash without start-up files, short kill grace, everything else default. */
    static ServerSettings settings() {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries());
    }

    /** {@link #settings()} with another {@code replayBytes}. */
    static ServerSettings withReplayBytes(int replayBytes) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(replayBytes, d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries());
    }

    /** {@link #settings()} with another {@code clientBacklogBytes}. */
    static ServerSettings withClientBacklogBytes(int clientBacklogBytes) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(d.replayBytes(), clientBacklogBytes, d.maxTerminals(), d.answerQueries());
    }

    /** {@link #settings()} with another {@code maxTerminals}. */
    static ServerSettings withMaxTerminals(int maxTerminals) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(d.replayBytes(), d.clientBacklogBytes(), maxTerminals, d.answerQueries());
    }

    /** {@link #settings()} with another {@code answerQueries}. */
    static ServerSettings withAnswerQueries(String answerQueries) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), answerQueries);
    }

    /** {@link #settings()} with another {@code answerQueries} and the title reports allowed. */
    static ServerSettings withTitleReports(String answerQueries) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return settings(d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), answerQueries, true);
    }

    private static ServerSettings settings(int replayBytes, int clientBacklogBytes, int maxTerminals,
                                           String answerQueries) {
        return settings(replayBytes, clientBacklogBytes, maxTerminals, answerQueries,
                TerminalSettings.DEFAULTS.titleReports());
    }

    private static ServerSettings settings(int replayBytes, int clientBacklogBytes, int maxTerminals,
                                           String answerQueries, boolean titleReports) {
        TerminalSettings d = TerminalSettings.DEFAULTS;
        return ServerSettings.defaults().withAddress("127.0.0.1", 0).withTerminals(new TerminalSettings(SHELL,
                d.cols(), d.rows(), d.scrollbackLines(), replayBytes, clientBacklogBytes, maxTerminals, answerQueries,
                false, Duration.ofMillis(500), titleReports, d.idPrefix()));
    }

    static PtyctlServer start() {
        return start(settings(), ServerToken.none());
    }

    static PtyctlServer start(ServerSettings settings, ServerToken token) {
        return PtyctlServer.start(settings, token, Config.empty());
    }

    static PtyctlServer withSecurity(SecurityConfig security, String token) {
        return start(settings().withSecurity(security), new ServerToken(Optional.ofNullable(token), "test"));
    }

    /** rest-assured aimed at {@code server}, JSON in. */
    static RequestSpecification api(PtyctlServer server) {
        return new RequestSpecBuilder().setBaseUri("http://127.0.0.1").setPort(server.port())
                .setContentType(ContentType.JSON).build();
    }

    /**
     * A WebSocket upgrade request for {@code target} (path and query) with these {@code Host} and {@code Origin}
     * headers (no {@code Origin} when null), for tests that write it on a socket of their own.
     */
    static byte[] upgradeRequest(String target, String host, String origin) {
        return ("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n"
                + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The status line of {@link #upgradeRequest} sent to {@code server} on a fresh connection. */
    static String upgradeStatusLine(PtyctlServer server, String target, String host, String origin)
            throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(upgradeRequest(target, host, origin));
            return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }

    /**
     * Creates a terminal whose {@code sh} runs {@code command} only once a client has typed a line
     * ({@link SocketFrames#go}): a client that attaches after the output has started could miss its start, or be reset.
     * Input is not echoed, so what the client receives is the command's output alone. Returns the terminal's id.
     */
    static String createGated(PtyctlServer server, String sessionId, String command) {
        return RestAssured.given(api(server))
                .body("{\"sessionId\":\"" + sessionId + "\",\"shell\":\"/bin/sh\",\"args\":[\"-c\",\"stty -echo; read go; "
                        + command + "\"]}")
                .post("/v1/terminals").then().statusCode(201).extract().jsonPath().getString("terminalId");
    }

    /** A create body for {@code sessionId} running the test shell. */
    static String createBody(String sessionId) {
        return "{\"sessionId\":\"" + sessionId + "\",\"args\":[\"--norc\",\"--noprofile\"],"
                + "\"env\":{\"PS1\":\"" + PROMPT + " \"}}";
    }

    /**
     * Waits (bounded) until a process that is not ours has left the process table. A job the kill grace period
     * ended with SIGKILL is an orphan by then, reaped by init rather than by the server, a moment later.
     */
    static boolean goneSoon(long pid) {
        ProcessHandle.of(pid).ifPresent(handle -> {
            try {
                handle.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                // reported by the check below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return !inProcessTable(pid);
    }

    /** Whether a process (or its zombie) is still in the process table. */
    static boolean inProcessTable(long pid) {
        return Files.exists(Path.of("/proc", Long.toString(pid)));
    }
}
