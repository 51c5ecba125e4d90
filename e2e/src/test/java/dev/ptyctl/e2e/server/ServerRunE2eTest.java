package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Terminals of {@code ptyctl server} get shell integration: {@code ptyctl run} works and the prompt state shows. */
class ServerRunE2eTest {

    private static JsonObject json(String text) {
        return JsonSupport.parseObject(text);
    }

    @Test
    void runWorksInAServerTerminalAndTheLastCommandShowsOnTheResource(@TempDir Path home) throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0")) {
            var created = server.request("POST", "/v1/terminals", "{\"sessionId\":\"run\",\"shell\":\"/bin/bash\","
                    + "\"cwd\":\"" + home + "\",\"env\":{\"HOME\":\"" + home + "\"}}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            JsonObject terminal = json(created.body());
            String port = String.valueOf(terminal.getJsonObject("rpc").getInt("port"));

            var run = Ptyctl.run("run", "--port", port, "--", "sh -c 'echo from-run; exit 3'");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
            assertThat(run.stdout()).isEqualTo("from-run\n");

            var described = server.request("GET", "/v1/terminals/" + terminal.getString("terminalId"), null);
            JsonObject prompt = json(described.body()).getJsonObject("prompt");
            assertThat(prompt.getString("state")).isEqualTo("at_prompt");
            assertThat(prompt.getJsonObject("lastCommand").getInt("exitCode")).isEqualTo(3);
        }
    }

    @Test
    void runInATerminalThatIsNotAShellIsRefusedAtOnceSayingWhy() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of(), "--port", "0")) {
            var created = server.request("POST", "/v1/terminals", "{\"sessionId\":\"run\",\"shell\":\"/bin/cat\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            String port = String.valueOf(json(created.body()).getJsonObject("rpc").getInt("port"));

            // Without the check, run would wait out its timeout for a prompt cat never draws (exit 1).
            var run = Ptyctl.run("run", "--port", port, "--timeout", "20000", "--", "echo typed-by-run");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(4);
            assertThat(run.stderr()).contains("no shell integration marks have been seen in this terminal")
                    .contains("cat");
            var screen = Ptyctl.run("read", "--port", port);
            assertThat(screen.stdout()).as("run typed nothing").doesNotContain("typed-by-run");
        }
    }
}
