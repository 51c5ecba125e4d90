package dev.ptyctl.service.terminals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whether the server's task limit leaves room for another terminal: the pids controller of its control group
 * (systemd's {@code TasksMax}, a container's pids limit), cgroup v1 or v2, read from {@code /proc/self/cgroup} and
 * {@code /sys/fs/cgroup} at each create (Linux; elsewhere, or where the files cannot be read, there is no check). A
 * create at the limit failed half-way, once its program or one of its threads could not be started (503
 * {@code task_limit} since 5 Dec 2026); refusing it before anything starts says which limit and how far, and lets the
 * readiness check send new terminals elsewhere. {@code ulimit -u}, which counts every process of the user on the
 * machine, is not read: creates that meet it still fail half-way, with the same answer.
 */
final class TaskBudget {
    /** A terminal's tasks while it is busy: its program (more if it starts others), reader, screen and writer. */
    static final int PER_TERMINAL = 4;
    /**
     * Tasks kept for the server's own stop: the JVM runs a SIGTERM in a thread it starts then, and each shutdown hook
     * in one more. With none left the SIGTERM was lost ("Exception java.lang.OutOfMemoryError occurred dispatching
     * signal SIGTERM to handler- the VM may need to be forcibly terminated") and the server ran on until SIGKILL;
     * with two, the server's own stop could not start and its programs were ended by the other hook alone (measured
     * with a pids cgroup). Terminals' programs can still take them, by starting programs of their own.
     */
    static final int STOP_RESERVE = 4;
    private static final Path SELF = Path.of("/proc/self/cgroup");
    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    private TaskBudget() {
    }

    /** Why another terminal cannot be started now for want of tasks, or empty when it can (or nothing says). */
    static Optional<String> shortage() {
        try {
            return shortage(Files.readAllLines(SELF), ROOT);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The same for a process whose {@code /proc/PID/cgroup} says {@code membership}, with the hierarchies mounted
     * under {@code root}: the group's own limit and each of its ancestors' count, the tightest wins.
     */
    static Optional<String> shortage(List<String> membership, Path root) throws IOException {
        Optional<Path> group = pidsGroup(membership, root);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        for (Path level = group.get(); level.startsWith(root); level = level.getParent()) {
            Path max = level.resolve("pids.max");
            Path current = level.resolve("pids.current");
            if (!Files.isReadable(max) || !Files.isReadable(current)) {
                continue; // the root of a hierarchy has neither
            }
            String limit = Files.readString(max).strip();
            if (limit.equals("max")) {
                continue;
            }
            long cap = Long.parseLong(limit);
            long used = Long.parseLong(Files.readString(current).strip());
            if (cap - used < PER_TERMINAL + STOP_RESERVE) {
                return Optional.of("the server's task limit is reached: " + used + " of " + cap + " tasks in use ("
                        + max + ": systemd's TasksMax, a container's pids limit); a terminal needs about "
                        + PER_TERMINAL + " (its program and three threads) and " + STOP_RESERVE + " are kept for "
                        + "stopping the server: raise the limit or close terminals");
            }
        }
        return Optional.empty();
    }

    /** The folder of the pids controller's group in {@code membership}: v1's {@code pids} line, else v2's. */
    private static Optional<Path> pidsGroup(List<String> membership, Path root) {
        Optional<Path> unified = Optional.empty();
        for (String line : membership) {
            String[] fields = line.split(":", 3);
            if (fields.length < 3) {
                continue;
            }
            String path = fields[2].startsWith("/") ? fields[2].substring(1) : fields[2];
            if (List.of(fields[1].split(",")).contains("pids")) {
                return Optional.of(root.resolve("pids").resolve(path));
            }
            if (fields[0].equals("0") && fields[1].isEmpty()) {
                unified = Optional.of(root.resolve(path));
            }
        }
        return unified;
    }
}
