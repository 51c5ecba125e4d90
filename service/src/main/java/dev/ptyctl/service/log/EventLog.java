package dev.ptyctl.service.log;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.UriHosts;
import jakarta.json.JsonObjectBuilder;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * What an operator reads to follow a server: one line per event, on stderr, as text
 * ({@code 2026-12-02T01:02:03.456Z terminal.created terminalId=3f2a… sessionId=build pid=4242 program=/bin/bash})
 * or JSON lines ({@code {"time":"…","event":"terminal.created","terminalId":"3f2a…",…}}, {@code --log-format json}).
 *
 * <p>Events: {@code server.started}, {@code server.stopping}, {@code terminal.created}, {@code terminal.exited},
 * {@code terminal.deleted}, {@code client.attached},
 * {@code client.detached} (with the client's id and remote address) and {@code request.refused} (status, reason,
 * method, path without its query, remote address). A token can reach none of them: paths are logged without the
 * query (where a browser's {@code ?token=} is), and refusals by their reason, never by what was presented.
 *
 * <p>One log per process, like stderr itself; {@link #configure} picks the format and where lines go.
 */
public final class EventLog {
    /** How lines are written. */
    public enum Format {
        /** {@code time event key=value ...}, values with spaces or quotes in double quotes. */
        TEXT,
        /** One JSON object per line. */
        JSON;

        /**
         * {@code text} or {@code json}, in any case.
         *
         * @throws IllegalArgumentException naming the accepted values
         */
        public static Format parse(String text) {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "text" -> TEXT;
                case "json" -> JSON;
                default -> throw new IllegalArgumentException("the log format must be text or json, got \"" + text
                        + "\"");
            };
        }
    }

    private static volatile EventLog current = new EventLog(Format.TEXT, line -> System.err.println(line));

    /**
     * The client address of the HTTP request this thread is handling, set by the request filter around the rest of
     * the request ({@link #handlingRequestFrom}): a WebSocket endpoint that refuses an upgrade (unknown terminal, bad
     * query) learns it here, since Helidon's {@code WsListener.onHttpUpgrade} is given only the request line and
     * headers, and calls it on the thread that runs the filter. (A thread-local rather than a scoped value: the build
     * targets Java 21, where scoped values are a preview.)
     */
    private static final ThreadLocal<SocketAddress> REQUEST_REMOTE = new ThreadLocal<>();

    private final Format format;
    private final Consumer<String> sink;

    private EventLog(Format format, Consumer<String> sink) {
        this.format = format;
        this.sink = sink;
    }

    /** The process's log. */
    public static EventLog get() {
        return current;
    }

    /** Writes lines in {@code format} to {@code out} from now on. */
    public static void configure(Format format, PrintStream out) {
        configure(format, line -> out.println(line));
    }

    /** Writes lines in {@code format} to {@code sink} from now on (tests collect them). */
    public static void configure(Format format, Consumer<String> sink) {
        current = new EventLog(format, sink);
    }

    /**
     * The server listens.
     *
     * @param tokenRequired whether requests need the token (never the token itself)
     */
    public void serverStarted(String url, long pid, boolean tokenRequired) {
        write("server.started", "url", url, "pid", pid, "token", tokenRequired ? "required" : "none");
    }

    /** The server begins to stop: the programs of {@code runningTerminals} terminals are about to be hung up. */
    public void serverStopping(String url, long runningTerminals) {
        write("server.stopping", "url", url, "runningTerminals", runningTerminals);
    }

    /**
     * The server has stopped, {@code millis} after {@code server.stopping}: every hosted program ended and reaped, the
     * web server closed.
     */
    public void serverStopped(String url, long millis) {
        write("server.stopped", "url", url, "millis", millis);
    }

    /**
     * A terminal's program started.
     *
     * @param program the program alone: its arguments can carry secrets ({@code mysql -p...}), so they stay out
     */
    public void terminalCreated(String terminalId, String sessionId, long pid, String program) {
        write("terminal.created", "terminalId", terminalId, "sessionId", sessionId, "pid", pid, "program", program);
    }

    /**
     * A create could not start its program: the create was answered {@code 500 spawn_failed} with {@code reason} as
     * its message (a program that cannot be executed, a full disk under the shell integration's scripts, no
     * descriptors left), which no other line would show an operator.
     */
    public void terminalFailed(String sessionId, String program, String reason) {
        write("terminal.failed", "sessionId", sessionId, "program", program, "reason", reason);
    }

    /** A terminal's program exited, or a signal killed it ({@code signal}, its name, only then). */
    public void terminalExited(String terminalId, ProcessExit end) {
        if (end.bySignal()) {
            write("terminal.exited", "terminalId", terminalId, "exitCode", end.exitCode(), "signal",
                    end.signalName().orElseThrow());
        } else {
            write("terminal.exited", "terminalId", terminalId, "exitCode", end.exitCode());
        }
    }

    /** A terminal was closed and forgotten. */
    public void terminalDeleted(String terminalId, boolean wasRunning) {
        write("terminal.deleted", "terminalId", terminalId, "wasRunning", wasRunning);
    }

    /**
     * An MCP session over HTTP ended: its client deleted it ({@code reason} {@code deleted}) or left it idle for the
     * configured time ({@code idle}). {@code terminalsClosed} of the terminals it created were closed with it;
     * {@code terminalsKept} were created to outlive it.
     */
    public void mcpSessionEnded(String sessionId, String reason, int terminalsClosed, int terminalsKept) {
        write("mcp.session.ended", "sessionId", sessionId, "reason", reason, "terminalsClosed", terminalsClosed,
                "terminalsKept", terminalsKept);
    }

    /** A WebSocket client attached to a terminal. */
    public void clientAttached(String terminalId, String clientId, SocketAddress remote, boolean viewer) {
        write("client.attached", "terminalId", terminalId, "clientId", clientId, "remote", address(remote),
                "mode", viewer ? "view" : "interactive");
    }

    /** A WebSocket client's connection ended. */
    public void clientDetached(String terminalId, String clientId, SocketAddress remote) {
        write("client.detached", "terminalId", terminalId, "clientId", clientId, "remote", address(remote));
    }

    /**
     * A request was refused.
     *
     * @param reason  the refusal's code word ({@code unauthorized}, {@code origin_not_allowed}, ...)
     * @param message the server's fixed sentence for access refusals, or null (messages of other refusals can
     *                quote what the client sent, so they stay out of the log)
     * @param path    the request path, without its query
     */
    public void requestRefused(int status, String reason, String message, String method, String path,
                               SocketAddress remote) {
        if (message == null) {
            write("request.refused", "status", status, "reason", reason, "method", method, "path", path, "remote",
                    address(remote));
        } else {
            write("request.refused", "status", status, "reason", reason, "message", message, "method", method,
                    "path", path, "remote", address(remote));
        }
    }

    /**
     * A WebSocket upgrade refused by its endpoint (after the request filter let it through): logged with the remote
     * address {@link #handlingRequestFrom} set, the method {@code GET}, and the path without its query.
     *
     * @param message a fixed sentence of an access refusal, or null (other refusals can quote what was sent)
     */
    public void upgradeRefused(int status, String reason, String message, String path) {
        requestRefused(status, reason, message, "GET", path, REQUEST_REMOTE.get());
    }

    /** Runs the rest of a request's handling with its client address known to {@link #upgradeRefused}. */
    public static void handlingRequestFrom(SocketAddress remote, Runnable handling) {
        SocketAddress outer = REQUEST_REMOTE.get();
        REQUEST_REMOTE.set(remote);
        try {
            handling.run();
        } finally {
            if (outer == null) {
                REQUEST_REMOTE.remove();
            } else {
                REQUEST_REMOTE.set(outer);
            }
        }
    }

    /** {@code 192.0.2.7:51234} or {@code [2001:db8::1]:51234}: no host name lookup. */
    private static String address(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
            String host = inet.getAddress().getHostAddress();
            return UriHosts.bracketed(host) + ":" + inet.getPort();
        }
        return String.valueOf(remote);
    }

    private void write(String event, Object... fields) {
        String time = Instant.now().toString();
        sink.accept(format == Format.JSON ? json(time, event, fields) : text(time, event, fields));
    }

    private static String text(String time, String event, Object[] fields) {
        StringBuilder line = new StringBuilder(time).append(' ').append(event);
        for (int i = 0; i + 1 < fields.length; i += 2) {
            line.append(' ').append(fields[i]).append('=').append(quoted(String.valueOf(fields[i + 1])));
        }
        return line.toString();
    }

    /**
     * A value as it is, or in double quotes when it has blanks, quotes or control characters: {@code \} and {@code "}
     * escaped, and every control character as JSON writes it ({@code \n}, {@code \r}, {@code \t}, {@code \u001b}).
     * Values can come from clients (a session id, a request's path): an ESC or CR written as it is would reach the
     * terminal of an operator reading the log ({@code tail -f}), which would obey it: retitle it, erase it, or with a CR
     * draw over the line's start.
     */
    public static String quoted(String value) {
        boolean plain = !value.isEmpty() && value.chars().noneMatch(c -> c <= ' ' || c == '"' || c == '\\'
                || Character.isISOControl(c));
        if (plain) {
            return value;
        }
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\', '"' -> quoted.append('\\').append(c);
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    private static String json(String time, String event, Object[] fields) {
        JsonObjectBuilder line = JsonSupport.objectBuilder().add("time", time).add("event", event);
        for (int i = 0; i + 1 < fields.length; i += 2) {
            String key = (String) fields[i];
            switch (fields[i + 1]) {
                case Integer n -> line.add(key, n);
                case Long n -> line.add(key, n);
                case Boolean b -> line.add(key, b);
                case null -> line.addNull(key);
                default -> line.add(key, String.valueOf(fields[i + 1]));
            }
        }
        return line.build().toString();
    }
}
