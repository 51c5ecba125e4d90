package dev.ptyctl.mcp;

import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.terminals.TerminalRegistry;
import dev.ptyctl.vt.serialize.TextSerializer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resources {@code terminal://{id}/screen}: a terminal's screen as text, and
 * {@code notifications/resources/updated} when it changes, at most {@link #MAX_UPDATES_PER_SECOND} a second per
 * terminal (the SDK sends them only to sessions that subscribed). A terminal is watched from the first time a tool of
 * this server touched it or its resource was read; each watch is one virtual thread blocked on the session's change
 * signal (no polling), which ends with the terminal or the server.
 */
final class ScreenResources implements AutoCloseable {
    /** A screen redrawn continuously (a progress bar) would otherwise flood the client. */
    static final int MAX_UPDATES_PER_SECOND = 10;
    static final String TEMPLATE = "terminal://{id}/screen";
    private static final Pattern URI = Pattern.compile("terminal://([^/]+)/screen");
    private static final System.Logger LOG = System.getLogger(ScreenResources.class.getName());

    private final TerminalRegistry registry;
    private final Supplier<McpSyncServer> server;
    private final Map<String, Thread> watchers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    ScreenResources(TerminalRegistry registry, Supplier<McpSyncServer> server) {
        this.registry = registry;
        this.server = server;
    }

    /** The resource template and its read handler. */
    McpServerFeatures.SyncResourceTemplateSpecification template() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder().uriTemplate(TEMPLATE)
                .name("terminal-screen").title("Terminal screen")
                .description("The screen of a ptyctl terminal as text, as terminal_read shows it; subscribe for "
                        + "updates when it changes (at most " + MAX_UPDATES_PER_SECOND + " a second).")
                .mimeType("text/plain").build();
        return new McpServerFeatures.SyncResourceTemplateSpecification(template, (exchange, request) -> {
            Matcher m = URI.matcher(request.uri());
            HostedTerminal terminal = m.matches() ? registry.find(m.group(1)).orElse(null) : null;
            if (terminal == null) {
                throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                        .message("No terminal for " + request.uri() + "; terminal_list shows the terminals").build();
            }
            watch(terminal);
            String screen = terminal.session().inspect(TextSerializer::screen);
            return new McpSchema.ReadResourceResult(List.of(
                    new McpSchema.TextResourceContents(request.uri(), "text/plain", screen)));
        });
    }

    /** Starts watching {@code terminal}'s screen, unless it is watched already. */
    void watch(HostedTerminal terminal) {
        if (closed || !terminal.running()) {
            return;
        }
        watchers.computeIfAbsent(terminal.terminalId(), id -> Thread.ofVirtual().name("mcp-screen-" + id)
                .start(() -> follow(id, terminal.session())));
    }

    private void follow(String id, TerminalSession session) {
        String uri = "terminal://" + id + "/screen";
        try {
            SessionProgress seen = session.progress();
            while (!closed) {
                SessionProgress now = session.awaitChange(seen.outputSeq(), System.nanoTime() + Long.MAX_VALUE / 4);
                if (now.outputSeq() == seen.outputSeq() && now.running()) {
                    continue;
                }
                server.get().notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri));
                if (!now.running()) {
                    break;
                }
                seen = now;
                Thread.sleep(1000 / MAX_UPDATES_PER_SECOND); // the throttle: changes meanwhile make one update
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "screen updates of " + id + " ended", e);
        } finally {
            watchers.remove(id);
        }
    }

    @Override
    public void close() {
        closed = true;
        watchers.values().forEach(Thread::interrupt);
    }
}
