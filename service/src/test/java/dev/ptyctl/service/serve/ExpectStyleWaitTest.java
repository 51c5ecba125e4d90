package dev.ptyctl.service.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.rpc.SocketClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pty/wait}'s {@code anyOf}, {@code found} and {@code exited} on a real PTY, as a pexpect script uses
 * {@code expect([...])}: an ssh-like login (host key question, a password read with echo off) whose branches a client
 * can only take if the wait says which outcome came.
 */
class ExpectStyleWaitTest {
    private static final String LOGIN = """
            printf 'Are you sure you want to continue connecting (yes/no)? '
            read answer
            printf 'Password: '
            stty -echo; read pw; stty echo; echo
            if [ "$pw" = secret ]; then echo 'Welcome, port 2222'; read more; else echo 'Permission denied'; exit 5; fi
            """;
    private static final String OUTCOMES = "{\"anyOf\":[\"Permission denied\",{\"match\":\"Welcome, port (\\\\d+)\","
            + "\"regex\":true}],\"timeout\":30000}";

    @TempDir
    Path dir;

    private SingleTerminalServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private SocketClient login() throws IOException {
        Path script = Files.writeString(dir.resolve("login.sh"), LOGIN);
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        server = SingleTerminalServer.start(new ServeOptions("sh " + script, port, null, 80, 24, dir, null));
        return SocketClient.connect(server.address());
    }

    private static JsonObject found(SocketClient client, String params) throws IOException {
        JsonObject result = client.result("pty/wait", params);
        assertThat(result.getBoolean("matched")).as("matched, screen:%n%s", result.getString("screen")).isTrue();
        return result.getJsonObject("found");
    }

    private static void typeLine(SocketClient client, String line) throws IOException {
        client.result("pty/write", "{\"action\":[{\"text\":\"" + line + "\"},{\"key\":\"Enter\"}]}");
    }

    @Test
    void aScriptBranchesOnWhichPromptCameAndReadsWhatTheRegexCaptured() throws Exception {
        try (SocketClient client = login()) {
            String prompts = "{\"anyOf\":[\"Password:\",\"(yes/no)?\"],\"timeout\":30000}";
            assertThat(found(client, prompts).getInt("index")).isEqualTo(1);
            typeLine(client, "yes");
            // Both on screen now (waited for what comes next: before the prompt is drawn, the question alone still
            // is, and a wait for either would answer with it at once): the lowest, printed last, is the answer.
            found(client, "{\"match\":\"Password:\",\"timeout\":30000}");
            JsonObject password = found(client, prompts);
            assertThat(password.getInt("index")).isZero();
            assertThat(password.getInt("row")).isEqualTo(2);
            assertThat(password.getInt("col")).isEqualTo(1);
            typeLine(client, "secret");
            JsonObject welcome = found(client, OUTCOMES);
            assertThat(welcome.getInt("index")).isEqualTo(1);
            assertThat(welcome.getJsonArray("groups").getString(0)).isEqualTo("2222");
        }
    }

    @Test
    void aProgramThatExitsBeforeTheTextComesIsToldApartFromATimeout() throws Exception {
        try (SocketClient client = login()) {
            found(client, "{\"match\":\"(yes/no)?\",\"timeout\":30000}");
            typeLine(client, "yes");
            found(client, "{\"match\":\"Password:\",\"timeout\":30000}");
            typeLine(client, "wrong");
            JsonObject ended = client.result("pty/wait", "{\"match\":\"Welcome\",\"timeout\":30000}");
            assertThat(ended.getBoolean("matched")).isFalse();
            assertThat(ended.getJsonObject("exited").getInt("exitCode")).isEqualTo(5);
            assertThat(ended.getJsonNumber("waitedMs").longValue()).isLessThan(30000);
            assertThat(ended.getString("screen")).contains("Permission denied");
        }
    }

    @Test
    void aWaitOnTheOutputAfterAnOffsetIsRefusedWhereNoOutputIsKept() throws Exception {
        try (SocketClient client = login()) {
            JsonObject refused = client.call("pty/wait", "{\"match\":\"Password:\",\"since\":0,\"timeout\":1000}");
            assertThat(refused.getJsonObject("error").getString("message"))
                    .contains("this server keeps no output (ptyctl serve)");
        }
    }
}
