package dev.ptyctl.mcp;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import dev.ptyctl.service.server.ServerSettings;
import dev.ptyctl.service.server.ServerToken;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Real servers and the MCP SDK's own clients for the tests: a {@code ptyctl server} in this JVM with {@code /mcp}
 * (found through the service's extension point, as in production), a client over Streamable HTTP to it, and a client
 * over stdio to the adapter started as its own process ({@link StdioMcp#main}, the code {@code ptyctl mcp} runs).
 */
final class McpTestServers {
    /** Long enough for a slow, shared machine; the tests' own waits bound themselves. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);

    private McpTestServers() {
    }

    /** A server on a free loopback port with {@code mcpSettings} (e.g. {@code "ptyctl.mcp.waitCapMillis"}). */
    static PtyctlServer server(String token, Map<String, String> mcpSettings) {
        ServerSettings settings = ServerSettings.defaults().withAddress("127.0.0.1", 0);
        if (token != null) {
            settings = settings.withSecurity(SecurityConfig.DEFAULTS.withToken(token));
        }
        Config config = Config.builder().sources(ConfigSources.create(mcpSettings)).disableEnvironmentVariablesSource()
                .disableSystemPropertiesSource().build();
        return PtyctlServer.start(settings, token == null ? ServerToken.none()
                : new ServerToken(Optional.of(token), "test"), Config.empty(), config);
    }

    /** An initialized SDK client over Streamable HTTP to {@code server}'s {@code /mcp}. */
    static McpSyncClient httpClient(PtyctlServer server, String token,
                                    Consumer<McpSchema.ProgressNotification> progress) {
        HttpClientStreamableHttpTransport.Builder transport = HttpClientStreamableHttpTransport.builder(server.url())
                .endpoint("/mcp");
        if (token != null) {
            transport.requestBuilder(java.net.http.HttpRequest.newBuilder().header("Authorization", "Bearer " + token));
        }
        McpSyncClient client = McpClient.sync(transport.build()).requestTimeout(REQUEST_TIMEOUT)
                .progressConsumer(progress == null ? p -> { } : progress).build();
        client.initialize();
        return client;
    }

    /** An initialized SDK client over stdio to a new adapter process started with {@code args}. */
    static McpSyncClient stdioClient(Consumer<McpSchema.ProgressNotification> progress, String... args) {
        return stdioClient(progress, contents -> { }, args);
    }

    /** {@link #stdioClient(Consumer, String...)} that also hears resource updates (with the resource read again). */
    static McpSyncClient stdioClient(Consumer<McpSchema.ProgressNotification> progress,
                                     Consumer<List<McpSchema.ResourceContents>> updates, String... args) {
        StdioClientTransport transport = new StdioClientTransport(stdioParameters(List.of(), args),
                McpJsonDefaults.getMapper());
        // The adapter's log (a hosted shell that outlived its hang-up, say) into this test's output: the SDK's own
        // handler logs it through SLF4J, which no test binds, so it was lost.
        transport.setStdErrorHandler(line -> System.err.println("[adapter] " + line));
        McpSyncClient client = McpClient.sync(transport).requestTimeout(REQUEST_TIMEOUT)
                .initializationTimeout(REQUEST_TIMEOUT)
                .progressConsumer(progress == null ? p -> { } : progress).resourcesUpdateConsumer(updates).build();
        client.initialize();
        return client;
    }

    /** The command line of an adapter process: this JVM's java and class path, {@code jvmOptions}, then args. */
    static ServerParameters stdioParameters(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>(commandLine(jvmOptions));
        command.addAll(List.of(args));
        return ServerParameters.builder(command.getFirst()).args(command.subList(1, command.size())).build();
    }

    /** java, its options and the main class of the adapter. */
    static List<String> commandLine(List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-XX:TieredStopAtLevel=1");
        String pty4jDir = System.getProperty("pty4j.tmpdir");
        if (pty4jDir != null) {
            command.add("-Dpty4j.tmpdir=" + pty4jDir);
        }
        command.addAll(jvmOptions);
        command.add(StdioMcp.class.getName());
        return command;
    }
}
