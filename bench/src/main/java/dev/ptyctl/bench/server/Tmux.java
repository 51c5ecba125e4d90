package dev.ptyctl.bench.server;

import dev.ptyctl.bench.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * tmux as the reference terminal server: {@code tmux -L benchN new-session -d -x 120 -y 40 'cat FILE; tmux wait-for
 * -S done'} then {@code tmux wait-for done}, a private server socket per run (so every run starts its own server,
 * as ptyctl's runs start their own terminal) and no configuration file. tmux gives no byte count: the run counts
 * as complete when cat has exited, after tmux has read everything cat wrote.
 */
final class Tmux implements CatContender {
    /** The session name {@link #startSession} gives, for {@code -t}. */
    static final String SESSION = "bench";
    private static final AtomicInteger RUNS = new AtomicInteger();
    private final String prefix = "ptyctl-bench-" + ProcessHandle.current().pid() + "-";
    private final Map<Workload, Samples> serverCpu = new EnumMap<>(Workload.class);

    @Override
    public String name() {
        return "tmux " + version();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Also records the tmux server's CPU time for the run ({@link #serverCpuMsPerMib}): after {@code done} the
     * session waits on a second channel, so the server is still there to be read from {@code /proc} after the clock
     * has stopped; then it is killed.
     */
    @Override
    public long run(CatWorkload workload) throws Exception {
        String socket = prefix + RUNS.incrementAndGet();
        long start = System.nanoTime();
        tmux(socket, "new-session", "-d", "-x", "120", "-y", "40",
                workload.catCommand() + "; tmux wait-for -S done; tmux wait-for end");
        tmux(socket, "wait-for", "done");
        long elapsed = System.nanoTime() - start;
        long serverPid = Long.parseLong(tmux(socket, "display-message", "-p", "#{pid}").strip());
        serverCpu.computeIfAbsent(workload.workload(), k -> new Samples())
                .add(ProcessCpu.nanos(serverPid) / 1e6 / workload.mib());
        killServer(socket);
        return elapsed;
    }

    /**
     * The tmux server's CPU time per MiB of file bytes in the recorded runs, start-up of its server included (a few
     * milliseconds): utime + stime of the server process, whose children (the shell, cat) are not counted.
     */
    Samples serverCpuMsPerMib(Workload workload) {
        return serverCpu.get(workload);
    }

    /** Drops the warm-up runs' figures. */
    void forgetWarmUp() {
        serverCpu.clear();
    }

    /** A session on its own server running {@code command}; returns the socket name. */
    String startSession(String command) throws IOException, InterruptedException {
        String socket = prefix + RUNS.incrementAndGet();
        tmux(socket, "new-session", "-d", "-s", SESSION, "-x", "120", "-y", "40", command);
        return socket;
    }

    void killServer(String socket) throws IOException, InterruptedException {
        new ProcessBuilder("tmux", "-L", socket, "kill-server").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /** Runs a tmux command on server {@code socket} and returns its standard output. */
    String tmux(String socket, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("tmux " + String.join(" ", args) + " failed");
        }
        return out;
    }

    static String version() {
        try {
            Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            return v.replace("tmux ", "");
        } catch (IOException | InterruptedException e) {
            return "(not found)";
        }
    }
}
