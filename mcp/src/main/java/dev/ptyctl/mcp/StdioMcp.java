package dev.ptyctl.mcp;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerConfig;
import dev.ptyctl.service.server.ServerMain;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * {@code ptyctl mcp}: MCP over stdio with an embedded server in the same process. The server listens on a free
 * loopback port (the web page behind every {@code viewUrl}, and {@code /mcp}); the stdio tools work on its registry
 * directly. Nothing but MCP messages goes to stdout: {@code System.out} is pointed at stderr before anything else
 * runs, and logs go to stderr. When stdin ends, the server stops and every terminal with it.
 */
public final class StdioMcp {

    /**
     * What the command line gave.
     *
     * @param tools  {@code --tools}, or null for {@code ptyctl.mcp.tools}
     * @param config {@code --config}, or null
     */
    public record Options(ToolSet tools, Path config) {
    }

    /** How long calls under way when stdin ends may take to answer (a wait may block far longer: it is cut). */
    private static final long ANSWER_GRACE_MS = 2_000;

    private StdioMcp() {
    }

    /**
     * Serves MCP on {@code in}/{@code out} until {@code in} ends, then stops the embedded server.
     *
     * @throws IllegalArgumentException for invalid configuration; the message says which key
     * @throws IOException              when the embedded server cannot start
     */
    public static void serve(Options options, Function<String, String> env, Properties properties, InputStream in,
                             OutputStream out) throws IOException, InterruptedException {
        ServerConfig.Loaded loaded = ServerConfig.load(Optional.ofNullable(options.config()), env, properties);
        McpSettings settings = McpSettings.from(loaded.config());
        if (options.tools() != null) {
            settings = settings.withTools(options.tools());
        }
        // Loopback and a port of its own: a user's `ptyctl server` on 8765 keeps running beside it.
        PtyctlServer server = ServerMain.start(new ServerMain.Options("127.0.0.1", 0, options.config(), null, null,
                null, null), env, properties);
        CountDownLatch ended = new CountDownLatch(1);
        McpJsonMapper json = McpJsonDefaults.getMapper();
        TerminalMcpServer mcp = new TerminalMcpServer(server.registry(), settings, server::url);
        try {
            mcp.build(McpServer.sync(new StdioServerTransportProvider(json, new EndOfInput(in, ended::countDown), out)),
                    json);
            System.err.println("ptyctl mcp: serving MCP on stdio; terminals' web page at " + server.url());
            ended.await();
            mcp.awaitCalls(ANSWER_GRACE_MS);
        } finally {
            mcp.close();
            server.close();
        }
    }

    /** Runs {@link #serve} on the process's stdin and stdout, with every stray print sent to stderr. */
    public static void serveStdio(Options options, Function<String, String> env)
            throws IOException, InterruptedException {
        PrintStream protocol = System.out;
        System.setOut(System.err);
        serve(options, env, System.getProperties(), System.in, protocol);
    }

    /**
     * {@code [--tools SET] [--config FILE] | --url URL [--token T]}: the same as {@code ptyctl mcp} without the
     * command line around it (tests start the adapter this way from their class path).
     */
    public static void main(String[] args) throws Exception {
        ToolSet tools = null;
        Path config = null;
        String url = null;
        String token = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--tools" -> tools = ToolSet.parse(args[i + 1]);
                case "--config" -> config = Path.of(args[i + 1]);
                case "--url" -> url = args[i + 1];
                case "--token" -> token = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (url != null) {
            PrintStream protocol = System.out;
            System.setOut(System.err);
            RemoteBridge.relay(url, token, null, System.in, protocol);
        } else {
            serveStdio(new Options(tools, config), System::getenv);
        }
        System.exit(0);
    }

    /** Tells when its stream has ended (or failed): the client went away. */
    private static final class EndOfInput extends FilterInputStream {
        private final Runnable onEnd;

        EndOfInput(InputStream in, Runnable onEnd) {
            super(in);
            this.onEnd = onEnd;
        }

        @Override
        public int read() throws IOException {
            return ended(guard(super::read));
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return ended(guard(() -> super.read(b, off, len)));
        }

        private int ended(int n) {
            if (n < 0) {
                onEnd.run();
            }
            return n;
        }

        private int guard(IoRead read) throws IOException {
            try {
                return read.read();
            } catch (IOException e) {
                onEnd.run();
                throw e;
            }
        }

        @FunctionalInterface
        private interface IoRead {
            int read() throws IOException;
        }
    }
}
