package dev.ptyctl.service.terminals;

import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SpawnOptions;
import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.rpc.RpcDispatcher;
import dev.ptyctl.service.rpc.RpcEndpoint;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.shell.LiveTitle;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.shell.ShellIntegration;
import dev.ptyctl.service.shell.TitleTimers;
import dev.ptyctl.service.shell.TitleTracker;
import dev.ptyctl.service.ws.AttachableTerminal;
import dev.ptyctl.vt.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One terminal the server hosts: the program in its PTY, the output log every byte of its output goes into from
 * the first one (replay, recordings), the arrival times of that output, and its own JSON-RPC endpoint on a
 * loopback address (SPEC §4, §5.1; {@link RpcPlacement}). The shell learns where it is through {@code PTYCTL_TERMINAL_ID} and
 * {@code PTYCTL_RPC}.
 *
 * <p>Every protocol uses {@link #session()}, which reports resizes (see {@link ObservedSession}). The terminal
 * stays in the registry after its program exits (screen, status and recording remain readable) until it is
 * deleted or pruned as one of the oldest exited ones.
 */
public final class HostedTerminal implements AttachableTerminal {
    private final String id;
    private final TerminalSpec spec;
    private final Instant createdAt;
    private final OutputLog output;
    private final OutputTimeline timeline;
    private final RpcEndpoint rpc;
    private final Consumer<HostedTerminal> closer;
    /** What runs when the JSON-RPC endpoint closes: the WebSocket clients of {@code /rpc} close with it. */
    private final Set<Runnable> rpcCloseListeners = ConcurrentHashMap.newKeySet();
    private volatile PtySession pty;
    private volatile TerminalSession session;
    private volatile PromptTracker prompts;
    private volatile TitleTracker titles;
    private volatile RpcDispatcher rpcDispatcher;
    /** The emulator's title when last looked at, to pass on only changes; guarded by the session's lock. */
    private String lastRawTitle = "";

    private HostedTerminal(String id, TerminalSpec spec, OutputLog output, OutputTimeline timeline, RpcEndpoint rpc,
                           Consumer<HostedTerminal> closer) {
        this.id = id;
        this.spec = spec;
        this.createdAt = Instant.now();
        this.output = output;
        this.timeline = timeline;
        this.rpc = rpc;
        this.closer = closer;
    }

    /**
     * Binds the terminal's JSON-RPC endpoint, spawns the program, starts serving the endpoint and hands the terminal
     * over. Until {@code handOver} has returned, the terminal is this method's alone: whatever fails on the way (an
     * {@link Error} too, such as a thread that cannot be created), in {@code handOver} as well, ends the program and
     * closes every descriptor the terminal holds before the failure goes on to the caller. Nothing else would: a
     * program started by a create that then failed ran on with nobody to end it, holding its PTY and its port.
     *
     * @param onResize called with the terminal after each resize, on the resizing thread
     * @param closer   what {@link #close()} does: the registry removes and shuts the terminal down
     * @param handOver takes the running terminal into the registry; may throw, which ends it
     * @throws IOException when no port can be bound or the PTY cannot be started
     */
    static HostedTerminal start(String id, TerminalSpec spec, TerminalSettings settings, RpcPlacement rpcPlacement,
                                String token, Consumer<HostedTerminal> onResize, Consumer<HostedTerminal> onTitle,
                                Consumer<HostedTerminal> closer, Consumer<HostedTerminal> handOver)
            throws IOException {
        RpcEndpoint rpc = RpcEndpoint.bindTcp(rpcPlacement.host(), 0, rpcPlacement.maxLineBytes());
        OutputLog output = new OutputLog(settings.replayBytes());
        OutputTimeline timeline = new OutputTimeline(spec.cols(), spec.rows(), System.nanoTime());
        HostedTerminal terminal = new HostedTerminal(id, spec, output, timeline, rpc, closer);
        terminal.titles = new TitleTracker(TitleTracker.DEFAULT_HOLD, TitleTimers.shared(),
                title -> onTitle.accept(terminal));
        try {
            Map<String, String> env = new HashMap<>(spec.env());
            // Ours win over the request's: a ptyctl command in the shell must find this very terminal.
            env.put("PTYCTL_TERMINAL_ID", id);
            env.put("PTYCTL_RPC", rpc.address());
            ShellIntegration.Launch launch = settings.shellIntegration()
                    ? ShellIntegration.integrate(spec.command(), env) : null;
            if (launch == null || !launch.integrated()) {
                ShellIntegration.unpin(env); // no integration script there to set them after the start-up files
            }
            // With shell integration the prompt marks are followed from byte 0 (pty/wait {prompt}, ptyctl run).
            terminal.prompts = launch != null ? new PromptTracker(launch.integrated(), launch.exitNotice()) : null;
            // The log and the timeline take output as read (clients need not wait for the emulator); titles and
            // prompts as applied, so that they agree with the screen.
            SpawnOptions options = spawnOptions(spec, settings, env, launch).withOutputListener(output)
                    .withOutputListener(timeline).withOutputListener(ServerMetrics.get()::outputRead)
                    .withScreenListener(terminal::watchTitle);
            terminal.pty = PtySession.spawn(terminal.prompts == null ? options
                    : options.withScreenListener(terminal.prompts));
            // Output applied before spawn() returned was seen by watchTitle without a session to read the title
            // from. A program whose first output sets its title and then waits (an agent, `printf ...; sleep`)
            // prints nothing more: its title was lost, the page's tab never got it (a flaky title test, seen under
            // load). So the title is looked at once more now.
            terminal.noticeTitle();
            terminal.session = new ObservedSession(terminal.pty, (cols, rows) -> {
                timeline.resized(cols, rows);
                onResize.accept(terminal);
            });
            terminal.rpcDispatcher = new RpcDispatcher(terminal.session, token, terminal.prompts, terminal.output,
                    ServerMetrics.get()::rpcCall);
            rpc.start(terminal.rpcDispatcher);
            rpc.closed().thenRun(terminal::rpcEndpointClosed);
            handOver.accept(terminal);
            return terminal;
        } catch (Throwable e) {
            terminal.exited(); // no title timer of a terminal that never was may fire later
            terminal.shutdown();
            throw e;
        }
    }

    /** @param launch the shell integration's launch, null when integration is off */
    private static SpawnOptions spawnOptions(TerminalSpec spec, TerminalSettings settings, Map<String, String> env,
                                             ShellIntegration.Launch launch) {
        List<String> command = spec.command();
        if (launch != null) {
            command = launch.command();
            env.putAll(launch.environment());
        }
        return new SpawnOptions(command, spec.cwd(), spec.cols(), spec.rows(), env, settings.scrollbackLines(),
                settings.serverAnswersAtStart(), settings.killGrace()).withMaxScreenLag(settings.screenLagBytes())
                .withTitleReports(settings.titleReports());
    }

    @Override
    public String terminalId() {
        return id;
    }

    /**
     * After each chunk of output is applied (on the session's emulator thread, under the session lock, which is
     * re-entrant): hands a changed title (OSC 0/2) to the title tracker, which applies the SPEC §5.8 hold and glyph
     * rules.
     */
    private void watchTitle(byte[] data, int offset, int length, long outputSeqAfter) {
        noticeTitle();
    }

    /**
     * Passes the emulator's title on to the tracker when it changed. From the emulator thread after each chunk, and
     * once from start() after spawn(): output applied before then found no session yet. Under the session's lock
     * (which the emulator thread holds already), so the two never pass on titles out of order, and the lock order
     * stays session, then tracker.
     */
    private void noticeTitle() {
        PtySession current = pty;
        if (current == null) {
            return; // output before spawn() returned: start() looks again
        }
        current.inspect(emulator -> {
            String title = emulator.title();
            if (!title.equals(lastRawTitle)) {
                lastRawTitle = title;
                titles.titleSet(title);
            }
            return null;
        });
    }

    /** The recorded live title and activity (SPEC §5.8), if any. */
    public java.util.Optional<LiveTitle> liveTitle() {
        return titles.current();
    }

    /** The terminal has exited: its live title goes (SPEC §5.8). */
    void exited() {
        titles.terminalExited();
    }

    @Override
    public java.util.Optional<ServerFrame.Title> title() {
        return titles.current().map(live -> new ServerFrame.Title(java.util.Optional.of(live.title()),
                live.activity().map(LiveTitle.Activity::wireName)));
    }

    @Override
    public boolean shellRunningCommand() {
        PromptTracker tracker = prompts;
        return tracker != null && tracker.state() == PromptTracker.State.RUNNING;
    }

    /** The shell's prompt marks, when the terminal was started with shell integration. */
    public java.util.Optional<PromptTracker> prompts() {
        return java.util.Optional.ofNullable(prompts);
    }

    /** The session this terminal belongs to. */
    public String sessionId() {
        return spec.sessionId();
    }

    /** What was asked for, with defaults filled in. */
    public TerminalSpec spec() {
        return spec;
    }

    /** When the terminal was created. */
    public Instant createdAt() {
        return createdAt;
    }

    @Override
    public TerminalSession session() {
        return session;
    }

    @Override
    public OutputLog output() {
        return output;
    }

    /** The host of the terminal's JSON-RPC endpoint as clients dial it: a loopback address ({@link RpcPlacement}). */
    public String rpcHost() {
        return rpc.host();
    }

    /** The TCP port of the terminal's JSON-RPC endpoint on {@link #rpcHost()}. */
    public int rpcPort() {
        return rpc.port();
    }

    /**
     * The JSON-RPC dispatcher of this terminal, shared by its TCP endpoint and the server's HTTP port
     * ({@code /v1/terminals/{id}/rpc}), so both answer alike.
     */
    public RpcDispatcher rpcDispatcher() {
        return rpcDispatcher;
    }

    /** After a {@code pty/kill} that came through the HTTP port: the TCP endpoint closes too, as after its own. */
    public void closeRpcEndpoint() {
        rpc.close();
    }

    /**
     * Runs {@code listener} when the terminal's JSON-RPC endpoint closes (after {@code pty/kill} from any client, or
     * when the terminal is deleted): the JSON-RPC connections open then end with it, the HTTP port's WebSockets as the
     * socket's. After that, nothing is registered: the terminal stays readable through the server's port (status,
     * the last screen) until it is deleted, as through REST. Closing the returned handle forgets the listener (a
     * connection that ended).
     */
    public AutoCloseable onRpcEndpointClosed(Runnable listener) {
        rpcCloseListeners.add(listener);
        if (rpc.closed().isDone()) {
            rpcCloseListeners.remove(listener); // closed before this connection came: it stays
        }
        return () -> rpcCloseListeners.remove(listener);
    }

    private void rpcEndpointClosed() {
        for (Runnable listener : List.copyOf(rpcCloseListeners)) {
            if (rpcCloseListeners.remove(listener)) {
                listener.run();
            }
        }
    }

    /** Whether the program is still running. */
    public boolean running() {
        return session.progress().running();
    }

    /** The path of the terminal's WebSocket, {@code /v1/terminals/{id}/socket}. */
    public String websocketPath() {
        return "/v1/terminals/" + id + "/socket";
    }

    /** A client's {@code close} frame: the terminal ends for every client and leaves the registry. */
    @Override
    public void close() {
        closer.accept(this);
    }

    /**
     * Ends the program (hang-up, grace period, kill), its endpoint and its threads, and closes their descriptors.
     * Idempotent; also for a terminal whose start failed before or after its program was spawned.
     */
    void shutdown() {
        PtySession spawned = pty;
        if (spawned != null) {
            spawned.close();
        }
        rpc.close();
    }

    /** The output still kept, as an asciicast v2 file (SPEC §5.1). */
    public String asciicast() {
        byte[] bytes;
        long startSeq;
        while (true) {
            startSeq = output.firstKeptSeq();
            bytes = keptOutput(startSeq);
            if (bytes != null) {
                break;
            }
        }
        String title = session.inspect(Terminal::title);
        return AsciicastRecording.write(new AsciicastRecording.Input(bytes, startSeq, timeline.snapshot(),
                createdAt, title, spec.shell()));
    }

    /** The log's bytes from {@code startSeq} to its end, or null when they were overwritten while being copied. */
    private byte[] keptOutput(long startSeq) {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        byte[] chunk = new byte[64 * 1024];
        long seq = startSeq;
        while (true) {
            OutputLog.Read read = output.read(seq, chunk, true);
            switch (read.status()) {
                case BYTES -> {
                    copy.write(chunk, 0, read.length());
                    seq = read.endSeq();
                }
                case TOO_OLD -> {
                    return null;
                }
                default -> {
                    return copy.toByteArray();
                }
            }
        }
    }
}
