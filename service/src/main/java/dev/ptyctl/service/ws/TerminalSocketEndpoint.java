package dev.ptyctl.service.ws;

import io.helidon.webserver.websocket.WsRouting;
import io.helidon.websocket.WsSession;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * {@code GET /v1/terminals/{id}/socket?lastOutputSeq=N[&protocol=2][&mode=view][&clientId=ID]}: the terminal
 * WebSocket (SPEC §5.2–§5.7, {@code docs/protocol-websocket.md}).
 *
 * <p>The upgrade is authorised by the {@link UpgradePolicy} (403 with its reason), an unknown terminal gets 404
 * and an unknown {@code mode} 400. An accepted client first gets a {@code size} frame, then every byte after
 * {@code lastOutputSeq} (or one reset frame), then live output, acks and the rest. Per terminal, the state that
 * must outlive a connection (who sets the size, which client frames were applied) lives in a
 * {@link SharedTerminal}, dropped once the program has exited and its last client has gone. A terminal whose
 * program has ended (while the server keeps it) still takes clients: each gets the size, the replay or reset (the
 * program's last screen), then the {@code exit} frame and the close, as a client attached at the exit does.
 */
public final class TerminalSocketEndpoint {
    /** The route, in Helidon's path pattern syntax. */
    public static final String PATH = "/v1/terminals/{id}/socket";
    private static final String PREFIX = "/v1/terminals/";
    private static final String SUFFIX = "/socket";

    private final Function<String, Optional<AttachableTerminal>> lookup;
    private final UpgradePolicy policy;
    private final SocketSettings settings;
    private final ConcurrentHashMap<String, SharedTerminal> shared = new ConcurrentHashMap<>();

    private TerminalSocketEndpoint(Function<String, Optional<AttachableTerminal>> lookup, UpgradePolicy policy,
                                   SocketSettings settings) {
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Registers GET /v1/terminals/{id}/socket on the builder. {@code lookup} finds terminals by id, running or ended:
     * a client of an ended terminal gets its output (the last screen) and the exit, then the close.
     */
    public static void register(WsRouting.Builder routing,
                                Function<String, Optional<AttachableTerminal>> lookup,
                                UpgradePolicy policy, SocketSettings settings) {
        create(lookup, policy, settings).routing(routing);
    }

    /** An endpoint not yet registered; use {@link #routing} to register it and keep it to ask {@link #clients}. */
    public static TerminalSocketEndpoint create(Function<String, Optional<AttachableTerminal>> lookup,
                                                UpgradePolicy policy, SocketSettings settings) {
        return new TerminalSocketEndpoint(lookup, policy, settings);
    }

    /** Registers the endpoint's route on {@code routing}. */
    public void routing(WsRouting.Builder routing) {
        routing.endpoint(PATH, () -> new SocketConnection(this));
    }

    /** How many WebSocket clients are attached to terminal {@code terminalId} (SPEC §5.1 {@code clients}). */
    public int clients(String terminalId) {
        SharedTerminal state = shared.get(terminalId);
        return state == null ? 0 : state.clientCount();
    }

    /** How many WebSocket clients are attached to all terminals. */
    public int clients() {
        int total = 0;
        for (SharedTerminal state : shared.values()) {
            total += state.clientCount();
        }
        return total;
    }

    /**
     * Tells the clients of terminal {@code terminalId} its current size: call it after resizing the terminal by
     * other means (JSON-RPC {@code pty/resize}). Clients that already know the size are not told again.
     */
    public void sizeChanged(String terminalId) {
        SharedTerminal state = shared.get(terminalId);
        if (state != null) {
            state.sizeChanged();
        }
    }

    /** Tells the clients of terminal {@code terminalId} its live title changed (a {@code title} frame). */
    public void titleChanged(String terminalId) {
        SharedTerminal state = shared.get(terminalId);
        if (state != null) {
            state.titleChanged();
        }
    }

    /** The id in {@code /v1/terminals/{id}/socket}, if the path has that shape. */
    static Optional<String> terminalId(String path) {
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) {
            return Optional.empty();
        }
        String id = path.substring(PREFIX.length(), path.length() - SUFFIX.length());
        return id.isEmpty() || id.contains("/") ? Optional.empty() : Optional.of(id);
    }

    UpgradePolicy policy() {
        return policy;
    }

    SocketSettings settings() {
        return settings;
    }

    Optional<AttachableTerminal> lookup(String terminalId) {
        return lookup.apply(terminalId);
    }

    /** Attaches a client to {@code terminal}, creating the terminal's shared state on first use. */
    ClientAttachment attach(AttachableTerminal terminal, ConnectionParams params, WsSession socket) {
        SharedTerminal state = shared.compute(terminal.terminalId(), (id, existing) ->
                existing != null && existing.terminal() == terminal ? existing : newShared(terminal));
        return state.attach(params, socket);
    }

    private SharedTerminal newShared(AttachableTerminal terminal) {
        SharedTerminal[] created = new SharedTerminal[1];
        created[0] = new SharedTerminal(terminal, settings, () -> shared.remove(terminal.terminalId(), created[0]));
        return created[0];
    }

    /** Detaches a client whose connection closed. */
    void detach(ClientAttachment attachment) {
        attachment.shared().detach(attachment);
    }
}
