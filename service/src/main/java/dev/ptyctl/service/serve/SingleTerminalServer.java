package dev.ptyctl.service.serve;

import dev.ptyctl.service.pty.CommandLine;
import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SpawnOptions;
import dev.ptyctl.service.pty.SharedThreads;
import dev.ptyctl.service.rpc.RpcCallObserver;
import dev.ptyctl.service.rpc.RpcDispatcher;
import dev.ptyctl.service.rpc.RpcEndpoint;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.service.shell.ShellIntegration;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * {@code ptyctl serve}: hosts one program in one PTY on one JSON-RPC endpoint, like {@code socket-pty serve}.
 *
 * <p>The endpoint is bound before the program is spawned, so a busy port or socket path fails without starting
 * anything. The server's emulator answers terminal queries (there is no other terminal to do it). When the
 * program exits by itself the endpoint stays up ({@code pty/status} and {@code pty/read} still work) until
 * {@code pty/kill} or {@link #close()}. A JVM shutdown hook does what {@link #close()} does, so SIGTERM also kills
 * the program and removes the socket file.
 */
public final class SingleTerminalServer implements AutoCloseable {
    private final PtySession session;
    private final RpcEndpoint endpoint;
    private final Thread shutdownHook;

    private SingleTerminalServer(PtySession session, RpcEndpoint endpoint) {
        this.session = session;
        this.endpoint = endpoint;
        this.shutdownHook = Thread.ofPlatform().name("ptyctl-serve-shutdown").unstarted(this::release);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Binds the endpoint, spawns the command and starts accepting connections.
     *
     * @throws IOException when the address cannot be bound or the command cannot be started; the message says
     *                     which and why
     */
    public static SingleTerminalServer start(ServeOptions options) throws IOException {
        SharedThreads.start(); // its connections and the program's exit watcher run on virtual threads
        RpcEndpoint endpoint = options.port() != null
                ? RpcEndpoint.bindTcp(options.port(), RpcEndpoint.DEFAULT_MAX_LINE_BYTES)
                : RpcEndpoint.bindUnix(options.socket(), RpcEndpoint.DEFAULT_MAX_LINE_BYTES);
        PtySession session;
        PromptTracker prompts = null;
        try {
            Path cwd = options.cwd() != null ? options.cwd() : Path.of("").toAbsolutePath();
            List<String> command = CommandLine.split(options.command());
            Map<String, String> env = new HashMap<>(addressVariables(options, endpoint));
            if (options.shellIntegration()) {
                ShellIntegration.Launch launch = ShellIntegration.integrate(command, env);
                command = launch.command();
                env.putAll(launch.environment());
                prompts = new PromptTracker(launch.integrated(), launch.exitNotice());
            }
            SpawnOptions spawn = new SpawnOptions(command, cwd, options.cols(), options.rows(), env,
                    SpawnOptions.DEFAULT_SCROLLBACK_LINES, true, SpawnOptions.DEFAULT_KILL_GRACE)
                    .withTitleReports(options.titleReports());
            session = PtySession.spawn(prompts == null ? spawn : spawn.withScreenListener(prompts));
        } catch (IOException | RuntimeException e) {
            endpoint.close();
            throw e;
        }
        endpoint.start(new RpcDispatcher(session, options.token(), prompts, RpcCallObserver.NONE));
        return new SingleTerminalServer(session, endpoint);
    }

    /**
     * Tells {@code ptyctl} commands run inside the hosted program where their terminal is (SPEC §7: scripts in a
     * hosted shell need no flags): {@code PTYCTL_RPC=127.0.0.1:PORT} or {@code PTYCTL_SOCKET=/absolute/path}.
     */
    private static Map<String, String> addressVariables(ServeOptions options, RpcEndpoint endpoint) {
        return options.port() != null ? Map.of("PTYCTL_RPC", endpoint.address())
                : Map.of("PTYCTL_SOCKET", options.socket().toAbsolutePath().toString());
    }

    /** {@code 127.0.0.1:PORT} or the socket path, as clients should use it. */
    public String address() {
        return endpoint.address();
    }

    /** The hosted process id. */
    public long pid() {
        return session.pid();
    }

    /**
     * Blocks until a client's {@code pty/kill} has been answered or {@link #close()} is called, then releases
     * everything as {@link #close()} does.
     *
     * @return the exit status for the {@code serve} process: 0 in both cases
     */
    public int awaitShutdown() throws InterruptedException {
        try {
            endpoint.closed().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        close();
        return 0;
    }

    /** Kills the process (hang-up, grace period, kill), closes the endpoint and removes the socket file. */
    @Override
    public void close() {
        release();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down and runs the hook (this very release) itself.
        }
    }

    /** What both {@link #close()} and a JVM shutdown (SIGTERM) do: nothing hosted or bound may outlive us. */
    private void release() {
        session.close();
        endpoint.close();
    }
}
