package dev.ptyctl.mcp;

import static dev.ptyctl.mcp.ToolClient.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * terminal_run's own shell prints what a pager would have shown even when the user's start-up files choose a pager:
 * a ~/.bashrc that exports PAGER, GIT_PAGER and MANPAGER, a ~/.gitconfig with core.pager. The adapter runs in a
 * process of its own whose HOME holds those files, with the SDK's client over stdio.
 */
class TerminalRunPagersTest {

    @Test
    void aPagerChosenByTheUsersStartUpFilesDoesNotStopTheSessionsShell(@TempDir Path home) throws Exception {
        Tools.require("git");
        Tools.require("man");
        Tools.require("less");
        Files.writeString(home.resolve(".bashrc"), "export PAGER=less GIT_PAGER=less MANPAGER=less\n");
        Files.writeString(home.resolve(".gitconfig"), "[core]\n\tpager = less\n[user]\n\temail = a@b\n\tname = A\n");
        ServerParameters adapter = McpTestServers.stdioParameters(List.of());
        adapter = ServerParameters.builder(adapter.getCommand()).args(adapter.getArgs())
                .env(Map.of("HOME", home.toString(), "SHELL", "/bin/bash")).build();
        try (ToolClient tools = new ToolClient(McpClient.sync(new StdioClientTransport(adapter,
                McpJsonDefaults.getMapper())).requestTimeout(McpTestServers.REQUEST_TIMEOUT)
                .initializationTimeout(McpTestServers.REQUEST_TIMEOUT).build())) {
            tools.sdk().initialize();
            tools.ok("terminal_run", args("command", "cd \"$HOME\" && git init -q repo && for i in $(seq 1 60); do "
                    + "git -C repo commit -q --allow-empty -m \"change $i\"; done", "timeoutMs", 60_000));

            Map<String, Object> log = tools.ok("terminal_run", args("command", "git -C repo log --format=%s",
                    "timeoutMs", 60_000));
            Map<String, Object> man = tools.ok("terminal_run", args("command", "man ls", "timeoutMs", 60_000));

            assertThat(log).containsEntry("exitCode", 0).doesNotContainKey("waitingForInput");
            assertThat((String) log.get("output")).startsWith("change 60\nchange 59\n").endsWith("\nchange 1");
            assertThat(man).containsEntry("exitCode", 0).doesNotContainKey("waitingForInput");
            assertThat((String) man.get("output")).contains("list directory contents");
        }
    }
}
