package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Terminals of {@code ptyctl server} get shell integration: {@code ptyctl run} works and the prompt state shows (in
 * the e2e remote mode through the server's HTTP(S) port alone).
 */
class ServerRunE2eTest {
    private static final String TOKEN = "e2e-run-token";

    /** {@code ptyctl COMMAND <the terminal> ARGS...} as a client of this server. */
    private static Ptyctl.Result cli(ServerUnderTest server, JsonObject terminal, String command, String... args)
            throws Exception {
        List<String> line = new ArrayList<>(List.of(command));
        line.addAll(server.cliTarget(terminal));
        line.addAll(List.of(args));
        return Ptyctl.run(server.cliEnvironment(), line.toArray(String[]::new));
    }

    private static JsonObject json(String text) {
        return JsonSupport.parseObject(text);
    }

    @Test
    void runWorksInAServerTerminalAndTheLastCommandShowsOnTheResource(@TempDir Path home) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            var created = server.request("POST", "/v1/terminals", "{\"sessionId\":\"run-" + UUID.randomUUID()
                    + "\",\"shell\":\"/bin/bash\",\"cwd\":\"" + home + "\",\"env\":{\"HOME\":\"" + home + "\"}}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            JsonObject terminal = json(created.body());

            var run = cli(server, terminal, "run", "--", "sh -c 'echo from-run; exit 3'");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
            assertThat(run.stdout()).isEqualTo("from-run\n");

            var described = server.request("GET", "/v1/terminals/" + terminal.getString("terminalId"), null);
            server.request("DELETE", "/v1/terminals/" + terminal.getString("terminalId"), null);
            JsonObject prompt = json(described.body()).getJsonObject("prompt");
            assertThat(prompt.getString("state")).isEqualTo("at_prompt");
            assertThat(prompt.getJsonObject("lastCommand").getInt("exitCode")).isEqualTo(3);
        }
    }

    @Test
    void runInATerminalThatIsNotAShellIsRefusedAtOnceSayingWhy() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN)) {
            var created = server.request("POST", "/v1/terminals", "{\"sessionId\":\"run-" + UUID.randomUUID()
                    + "\",\"shell\":\"/bin/cat\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            JsonObject terminal = json(created.body());

            // Without the check, run would wait out its timeout for a prompt cat never draws (exit 1).
            var run = cli(server, terminal, "run", "--timeout", "20000", "--", "echo typed-by-run");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(4);
            assertThat(run.stderr()).contains("no shell integration marks have been seen in this terminal")
                    .contains("cat");
            var screen = cli(server, terminal, "read");
            server.request("DELETE", "/v1/terminals/" + terminal.getString("terminalId"), null);
            assertThat(screen.stdout()).as("run typed nothing").doesNotContain("typed-by-run");
        }
    }
}
