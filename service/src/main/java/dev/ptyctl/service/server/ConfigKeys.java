package dev.ptyctl.service.server;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The configuration keys of SPEC §8, and the environment variables that override them: the key in upper case with
 * dots and camel-case humps turned into underscores ({@code ptyctl.terminals.maxTerminals} is
 * {@code PTYCTL_TERMINALS_MAX_TERMINALS}, {@code server.port} is {@code SERVER_PORT}), plus {@code PTYCTL_TOKEN}
 * for the token. Only these names are read: the server's environment also holds variables like {@code PTYCTL_RPC}
 * (set inside hosted shells) that must not be mistaken for configuration.
 */
final class ConfigKeys {
    static final String HOST = "server.host";
    static final String PORT = "server.port";
    static final String TOKEN = "ptyctl.security.token";
    static final String TOKEN_FILE = "ptyctl.security.tokenFile";
    static final String VIEW_TOKEN = "ptyctl.security.viewToken";
    static final String ALLOWED_ORIGINS = "ptyctl.security.allowedOrigins";
    static final String ALLOWED_HOSTS = "ptyctl.security.allowedHosts";
    static final String SHELL = "ptyctl.terminals.shell";
    static final String COLS = "ptyctl.terminals.cols";
    static final String ROWS = "ptyctl.terminals.rows";
    static final String SCROLLBACK_LINES = "ptyctl.terminals.scrollbackLines";
    static final String REPLAY_BYTES = "ptyctl.terminals.replayBytes";
    static final String CLIENT_BACKLOG_BYTES = "ptyctl.terminals.clientBacklogBytes";
    static final String MAX_TERMINALS = "ptyctl.terminals.maxTerminals";
    static final String ANSWER_QUERIES = "ptyctl.terminals.answerQueries";
    static final String SHELL_INTEGRATION = "ptyctl.terminals.shellIntegration";
    static final String KILL_GRACE_MILLIS = "ptyctl.terminals.killGraceMillis";
    static final String TITLE_REPORTS = "ptyctl.terminals.titleReports";
    static final String RPC_MAX_LINE_BYTES = "ptyctl.rpc.maxLineBytes";
    static final String LOG_FORMAT = "ptyctl.log.format";
    static final String ID_PREFIX = "ptyctl.terminals.idPrefix";
    /** Read by the MCP adapter (mcp module), listed here so that the environment can set them too. */
    static final String MCP_TOOLS = "ptyctl.mcp.tools";
    static final String MCP_WAIT_CAP_MILLIS = "ptyctl.mcp.waitCapMillis";
    static final String MCP_SESSION_IDLE_MILLIS = "ptyctl.mcp.sessionIdleMillis";
    /** The short name SPEC §8 gives the token's variable. */
    static final String TOKEN_VARIABLE = "PTYCTL_TOKEN";

    static final List<String> ALL = List.of(HOST, PORT, TOKEN, TOKEN_FILE, VIEW_TOKEN, ALLOWED_ORIGINS, ALLOWED_HOSTS, SHELL,
            COLS, ROWS, SCROLLBACK_LINES, REPLAY_BYTES, CLIENT_BACKLOG_BYTES, MAX_TERMINALS, ANSWER_QUERIES,
            SHELL_INTEGRATION, KILL_GRACE_MILLIS, TITLE_REPORTS, RPC_MAX_LINE_BYTES, MCP_TOOLS, MCP_WAIT_CAP_MILLIS,
            MCP_SESSION_IDLE_MILLIS, LOG_FORMAT, ID_PREFIX);
    /** Keys whose values are lists; from the environment they are comma-separated. */
    static final List<String> LISTS = List.of(ALLOWED_ORIGINS, ALLOWED_HOSTS);
    /**
     * Helidon's own options directly under {@code server} (its {@code WebServer}'s and, inherited, its
     * {@code ListenerConfig}'s), as helidon-webserver's {@code META-INF/helidon/config-metadata.json} lists them;
     * a test checks this list against that file, so a Helidon upgrade that changes them fails it.
     */
    static final Set<String> HELIDON_SERVER_OPTIONS = Set.of("backlog", "bind-address", "concurrency-limit",
            "concurrency-limit-discover-services", "connection-config", "connection-options", "content-encoding",
            "enable-proxy-protocol", "error-handling", "features", "features-discover-services", "host",
            "idle-connection-period", "idle-connection-timeout", "ignore-invalid-named-routing",
            "max-concurrent-requests", "max-in-memory-entity", "max-payload-size", "max-tcp-connections",
            "media-context", "name", "port", "protocols", "protocols-discover-services", "receive-buffer-size",
            "requested-uri-discovery", "restore-response-headers", "shutdown-grace-period", "shutdown-hook",
            "smart-async-writes", "sockets", "tls", "use-nio", "write-buffer-size", "write-queue-length");

    private ConfigKeys() {
    }

    /** {@code ptyctl.terminals.maxTerminals} → {@code PTYCTL_TERMINALS_MAX_TERMINALS}. */
    static String environmentName(String key) {
        StringBuilder name = new StringBuilder(key.length() + 8);
        for (char c : key.toCharArray()) {
            if (c == '.') {
                name.append('_');
            } else if (Character.isUpperCase(c)) {
                name.append('_').append(c);
            } else {
                name.append(Character.toUpperCase(c));
            }
        }
        return name.toString().toUpperCase(Locale.ROOT);
    }

    /** The configuration keys set by {@code env}, with their values. */
    static Map<String, String> fromEnvironment(Function<String, String> env) {
        Map<String, String> values = new HashMap<>();
        String shortToken = env.apply(TOKEN_VARIABLE);
        if (shortToken != null) {
            values.put(TOKEN, shortToken);
        }
        for (String key : ALL) {
            String value = env.apply(environmentName(key));
            if (value != null) {
                values.put(key, value);
            }
        }
        return values;
    }
}
