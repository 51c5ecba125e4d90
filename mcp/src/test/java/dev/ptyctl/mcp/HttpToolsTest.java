package dev.ptyctl.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The tools over Streamable HTTP at {@code /mcp} of a real {@code ptyctl server}, and their count in its metrics. */
class HttpToolsTest extends ToolsContract {
    @RegisterExtension
    static final ToolServer SERVER = new ToolServer();

    @Override
    ToolClient tools() {
        return SERVER.tools();
    }

    @Test
    void theServerNamesItselfWithTheBuildsVersion() {
        // A jar manifest's version was missing from the MCP module's jar: every server said "dev".
        McpSchema.Implementation info = tools().sdk().getServerInfo();
        assertThat(info.name()).isEqualTo("ptyctl");
        assertThat(info.version()).isEqualTo(System.getProperty("build.version")).isNotBlank();
    }

    @Test
    void toolCallsAreCountedAtObserveMetrics() throws Exception {
        double okBefore = toolCalls("terminal_list", "ok");
        double errorsBefore = toolCalls("terminal_read", "error");

        tools().ok("terminal_list", Map.of());
        tools().error("terminal_read", ToolClient.args("terminalId", "nope"));

        assertThat(toolCalls("terminal_list", "ok")).isEqualTo(okBefore + 1);
        assertThat(toolCalls("terminal_read", "error")).isEqualTo(errorsBefore + 1);
    }

    /** {@code ptyctl_mcp_tool_calls_total} for a tool and outcome, as scraped (0 before the first call). */
    private static double toolCalls(String tool, String outcome) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try {
            String body = http.send(HttpRequest.newBuilder(URI.create(SERVER.server().url() + "/observe/metrics"))
                    .header("Accept", "text/plain").build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher sample = Pattern.compile("^ptyctl_mcp_tool_calls_total\\{(?=[^}]*outcome=\"" + outcome
                    + "\")(?=[^}]*tool=\"" + tool + "\")[^}]*} (\\S+)$", Pattern.MULTILINE).matcher(body);
            return sample.find() ? Double.parseDouble(sample.group(1)) : 0;
        } finally {
            http.shutdownNow();
        }
    }
}
