package dev.ptyctl.service.terminals;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.protocol.TerminalEvent;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.pty.TaskLimitException;
import dev.ptyctl.service.pty.ThreadLimit;
import dev.ptyctl.service.terminals.TerminalRequestException.Reason;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Every terminal of a {@code ptyctl server}, by terminal id and by session (SPEC §5.1).
 *
 * <p>The session rule: a create request for a session that has a live terminal gets that terminal; otherwise a new
 * one is spawned, unless the request is {@code attachOnly}. Two requests for one session at the same moment get one
 * terminal: the first reserves the session with a pending entry and the second waits for it. The limit counts
 * live and pending terminals. Exited terminals stay readable until deleted or replaced; at most
 * {@link #MAX_EXITED_KEPT} of them are kept, the oldest shut down first.
 */
public final class TerminalRegistry implements AutoCloseable {
    /** Enough to read what a few dozen finished programs left on screen; each costs its replay buffer. */
    static final int MAX_EXITED_KEPT = 32;
    private static final int ID_BYTES = 8;
    private static final System.Logger LOG = System.getLogger(TerminalRegistry.class.getName());

    private final TerminalSettings settings;
    private final RpcPlacement rpcPlacement;
    private final String token;
    private final Function<String, String> serverEnv;
    private final TerminalEvents events = new TerminalEvents();
    private final SecureRandom random = new SecureRandom();
    private final Object lock = new Object();
    /** Every registered terminal, live or exited. */
    private final Map<String, HostedTerminal> byId = new ConcurrentHashMap<>();
    /** The newest terminal of each session, or its creation in progress. Guarded by {@link #lock}. */
    private final Map<String, CompletableFuture<HostedTerminal>> bySession = new ConcurrentHashMap<>();
    /** Whether the process has descriptors to spare for another terminal; asked under {@link #lock}. */
    private final DescriptorBudget descriptors = DescriptorBudget.ofThisProcess();
    /** What runs once a terminal's program has started, before it is registered: nothing, or a test's hold. */
    private final Consumer<HostedTerminal> started;
    /**
     * Completes when {@link #close()} begins, with the number of creations under way: from then on no creation starts,
     * and each one under way is waited for and its terminal ended with the rest.
     */
    private final CompletableFuture<Integer> closing = new CompletableFuture<>();

    /** Whether a create request spawned the terminal (201) or found a live one (200). */
    public record Outcome(HostedTerminal terminal, boolean created) {
    }

    /**
     * @param rpcPlacement where terminals' own JSON-RPC endpoints listen
     * @param token        the token JSON-RPC clients must present with {@code pty/auth}, or null for none
     * @param serverEnv    the server's environment ({@code SHELL}, {@code PATH})
     */
    public TerminalRegistry(TerminalSettings settings, RpcPlacement rpcPlacement, String token,
                            Function<String, String> serverEnv) {
        this(settings, rpcPlacement, token, serverEnv, terminal -> { });
    }

    /** @param started run once each terminal's program has started, before it is registered (tests hold it there) */
    TerminalRegistry(TerminalSettings settings, RpcPlacement rpcPlacement, String token,
                     Function<String, String> serverEnv, Consumer<HostedTerminal> started) {
        this.settings = Objects.requireNonNull(settings);
        this.rpcPlacement = Objects.requireNonNull(rpcPlacement);
        this.token = token;
        this.serverEnv = Objects.requireNonNull(serverEnv);
        this.started = Objects.requireNonNull(started);
    }

    /** The events of every terminal of this registry. */
    public TerminalEvents events() {
        return events;
    }

    /** The settings new terminals are made with. */
    public TerminalSettings settings() {
        return settings;
    }

    /**
     * Finds the session's live terminal or spawns one (SPEC §5.1).
     *
     * @throws TerminalRequestException INVALID for a bad field, NOT_REGISTERED for {@code attachOnly} without a
     *                                  live terminal, LIMIT_REACHED at {@code maxTerminals}, TASK_LIMIT when a task
     *                                  limit leaves no thread or process for it, SPAWN_FAILED when the
     *                                  program could not be started
     */
    public Outcome create(CreateRequest request) throws TerminalRequestException, InterruptedException {
        String sessionId = TerminalSpec.checkSessionId(request.sessionId());
        TerminalSpec spec = request.attachOnly() ? null : TerminalSpec.resolve(request, settings, serverEnv);
        while (true) {
            CompletableFuture<HostedTerminal> reserved = new CompletableFuture<>();
            CompletableFuture<HostedTerminal> existing = reserveOrFind(sessionId, request.attachOnly(), reserved);
            if (existing == null) {
                return new Outcome(spawn(spec, reserved), true);
            }
            HostedTerminal found = await(existing);
            if (found != null && found.running()) {
                return new Outcome(found, false);
            }
            // The creation we waited for failed, or its terminal exited meanwhile: decide again.
        }
    }

    /** Returns the session's current entry to wait on, or null after reserving it with {@code reserved}. */
    private CompletableFuture<HostedTerminal> reserveOrFind(String sessionId, boolean attachOnly,
                                                           CompletableFuture<HostedTerminal> reserved)
            throws TerminalRequestException {
        synchronized (lock) {
            if (closing.isDone()) {
                throw new TerminalRequestException(Reason.SPAWN_FAILED, "the server is shutting down");
            }
            CompletableFuture<HostedTerminal> current = bySession.get(sessionId);
            if (current != null && (!current.isDone() || isLive(current))) {
                return current;
            }
            if (attachOnly) {
                throw new TerminalRequestException(Reason.NOT_REGISTERED,
                        "no live terminal is registered for session " + sessionId);
            }
            if (liveOrPendingCount() >= settings.maxTerminals()) {
                throw new TerminalRequestException(Reason.LIMIT_REACHED, "the server already runs "
                        + settings.maxTerminals() + " terminals (ptyctl.terminals.maxTerminals)");
            }
            Optional<String> shortage = descriptors.shortage();
            if (shortage.isPresent()) {
                throw new TerminalRequestException(Reason.LIMIT_REACHED, shortage.get());
            }
            Optional<String> tasks = TaskBudget.shortage(startingCount());
            if (tasks.isPresent()) {
                throw new TerminalRequestException(Reason.TASK_LIMIT, tasks.get());
            }
            bySession.put(sessionId, reserved);
            return null;
        }
    }

    private HostedTerminal spawn(TerminalSpec spec, CompletableFuture<HostedTerminal> reserved)
            throws TerminalRequestException {
        String id = newId();
        long startNanos = System.nanoTime();
        try {
            return HostedTerminal.start(id, spec, settings, rpcPlacement, token, this::publishSize,
                    this::publishTitle, t -> closeById(t.terminalId()), t -> register(t, reserved, startNanos));
        } catch (IOException | RuntimeException | Error e) {
            // The terminal has ended already (HostedTerminal.start): only what register() did before it failed is left.
            byId.remove(id);
            failed(spec, reserved);
            if (e instanceof Error error && !ThreadLimit.reached(error)) {
                throw error;
            }
            // A thread that cannot be created is a limit closing terminals lifts: a failed create, not a server error.
            boolean taskLimit = e instanceof TaskLimitException || ThreadLimit.reached(e);
            String reason = "cannot start " + spec.shell() + ": "
                    + (e instanceof Error ? ThreadLimit.explain(e) : e.getMessage());
            EventLog.get().terminalFailed(spec.sessionId(), spec.shell(), reason);
            throw new TerminalRequestException(taskLimit ? Reason.TASK_LIMIT : Reason.SPAWN_FAILED, reason, e);
        }
    }

    /**
     * Takes a terminal whose program has started into the registry, from {@link HostedTerminal#start}: should this
     * fail, the start ends the terminal, and {@link #spawn} forgets it.
     */
    private void register(HostedTerminal terminal, CompletableFuture<HostedTerminal> reserved, long startNanos) {
        started.accept(terminal);
        // Logged and announced before the reservation completes: a delete of the session waits for it, and its
        // terminal.deleted then comes after this terminal.created, not before.
        EventLog.get().terminalCreated(terminal.terminalId(), terminal.sessionId(), terminal.session().pid(),
                terminal.spec().shell());
        byId.put(terminal.terminalId(), terminal);
        ServerMetrics.get().spawned(System.nanoTime() - startNanos);
        events.publish(new TerminalEvent(TerminalEvent.CREATED, TerminalJson.describe(terminal, 0)));
        terminal.session().onExit().thenAccept(code -> exited(terminal, code));
        reserved.complete(terminal);
    }

    /** A creation that failed gives its session back. */
    private void failed(TerminalSpec spec, CompletableFuture<HostedTerminal> reserved) {
        synchronized (lock) {
            bySession.remove(spec.sessionId(), reserved);
        }
        reserved.complete(null);
    }

    private void exited(HostedTerminal terminal, ProcessExit end) {
        terminal.exited();
        EventLog.get().terminalExited(terminal.terminalId(), end);
        events.publish(new TerminalEvent(TerminalEvent.EXITED, end.addTo(TerminalJson.identity(terminal)).build()));
        pruneExited();
    }

    private void publishTitle(HostedTerminal terminal) {
        events.publish(new TerminalEvent(TerminalEvent.TITLE,
                TerminalJson.title(TerminalJson.identity(terminal), terminal.liveTitle()).build()));
    }

    private void publishSize(HostedTerminal terminal) {
        int[] size = terminal.session().inspect(screen -> new int[] {screen.cols(), screen.rows()});
        events.publish(new TerminalEvent(TerminalEvent.SIZE,
                TerminalJson.identity(terminal).add("cols", size[0]).add("rows", size[1]).build()));
    }

    /** Shuts down the oldest exited terminals beyond {@link #MAX_EXITED_KEPT}. */
    private void pruneExited() {
        List<HostedTerminal> exited = new ArrayList<>(byId.values().stream().filter(t -> !t.running()).toList());
        exited.sort(Comparator.comparing(HostedTerminal::createdAt));
        for (int i = 0; i < exited.size() - MAX_EXITED_KEPT; i++) {
            remove(exited.get(i));
        }
    }

    /**
     * Why no terminal could be started now for want of file descriptors (see {@link DescriptorBudget}), or empty: what
     * the readiness check reports besides {@code maxTerminals}.
     */
    public Optional<String> descriptorShortage() {
        synchronized (lock) {
            return descriptors.shortageNow();
        }
    }

    /** Why no terminal could be started now for want of tasks (see {@link TaskBudget}), or empty. */
    public Optional<String> taskShortage() {
        return TaskBudget.shortage();
    }

    /** The terminal with this id, live or exited. */
    public Optional<HostedTerminal> find(String terminalId) {
        return Optional.ofNullable(byId.get(terminalId));
    }

    /** Every terminal, oldest first. */
    public List<HostedTerminal> list() {
        return byId.values().stream().sorted(Comparator.comparing(HostedTerminal::createdAt)).toList();
    }

    /**
     * Ends and forgets the terminal with this id.
     *
     * @return {@link Closing#LIVE} when it was live, {@link Closing#EXITED} when its program had exited (it is
     *         forgotten all the same), {@link Closing#NONE} when there was none (or another close took it first)
     */
    public Closing closeById(String terminalId) {
        HostedTerminal terminal = byId.get(terminalId);
        if (terminal == null) {
            return Closing.NONE;
        }
        boolean wasLive = terminal.running();
        if (!remove(terminal)) {
            return Closing.NONE;
        }
        return wasLive ? Closing.LIVE : Closing.EXITED;
    }

    /** Ends and forgets the session's terminal; see {@link #closeById}. Waits for a creation in progress. */
    public Closing closeBySession(String sessionId) throws InterruptedException {
        CompletableFuture<HostedTerminal> current = bySession.get(sessionId);
        HostedTerminal terminal = current == null ? null : await(current);
        return terminal == null ? Closing.NONE : closeById(terminal.terminalId());
    }

    /** Removes {@code terminal} from both maps and shuts it down; true when this call removed it. */
    private boolean remove(HostedTerminal terminal) {
        if (!byId.remove(terminal.terminalId(), terminal)) {
            return false;
        }
        EventLog.get().terminalDeleted(terminal.terminalId(), terminal.running());
        synchronized (lock) {
            CompletableFuture<HostedTerminal> current = bySession.get(terminal.sessionId());
            if (current != null && current.getNow(null) == terminal) {
                bySession.remove(terminal.sessionId());
            }
        }
        terminal.shutdown();
        return true;
    }

    /**
     * Shuts every terminal down in parallel and tells event subscribers the server is stopping. Creations already
     * under way are waited for first (a spawn takes milliseconds), and their terminals end with the rest: a program
     * started while the server stopped was ended only later by its create's thread, which the exiting JVM did not
     * wait for, so one that ignores SIGHUP outlived the server.
     */
    @Override
    public void close() {
        List<CompletableFuture<HostedTerminal>> creating;
        synchronized (lock) {
            creating = bySession.values().stream().filter(entry -> !entry.isDone()).toList();
            closing.complete(creating.size());
        }
        for (CompletableFuture<HostedTerminal> creation : creating) {
            try {
                await(creation);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break; // end what is registered at least
            }
        }
        List<Thread> closers = new ArrayList<>();
        for (HostedTerminal terminal : List.copyOf(byId.values())) {
            closers.add(Thread.ofVirtual().name("close-" + terminal.terminalId()).start(() -> remove(terminal)));
        }
        for (Thread closer : closers) {
            try {
                closer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        events.close();
    }

    /** Completes when {@link #close()} has begun, with the number of creations under way that it waits for. */
    CompletableFuture<Integer> closing() {
        return closing.copy();
    }

    private boolean isLive(CompletableFuture<HostedTerminal> entry) {
        HostedTerminal terminal = entry.getNow(null);
        return terminal != null && terminal.running() && byId.containsKey(terminal.terminalId());
    }

    /** Creates under way: reserved, their terminal not yet registered or failed. Call under {@link #lock}. */
    private int startingCount() {
        return (int) bySession.values().stream().filter(entry -> !entry.isDone()).count();
    }

    private int liveOrPendingCount() {
        int count = 0;
        for (CompletableFuture<HostedTerminal> entry : bySession.values()) {
            if (!entry.isDone() || isLive(entry)) {
                count++;
            }
        }
        return count;
    }

    private String newId() {
        byte[] bytes = new byte[ID_BYTES];
        random.nextBytes(bytes);
        return settings.idPrefix() + HexFormat.of().formatHex(bytes);
    }

    private static HostedTerminal await(CompletableFuture<HostedTerminal> entry) throws InterruptedException {
        try {
            return entry.get();
        } catch (ExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "terminal creation failed", e);
            return null;
        }
    }
}
