package dev.ptyctl.service.terminals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

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
        return shortage(0);
    }

    /**
     * The same while {@code starting} other terminals are being created: their program and threads may not have
     * started yet, and are not in the counts read. Two creates at once at the threshold would each have been let
     * through on the same count, and taken the tasks kept for the stop between them.
     */
    static Optional<String> shortage(int starting) {
        try {
            return shortage(Files.readAllLines(SELF), ROOT, starting);
        } catch (IOException | RuntimeException e) { // not Linux, or /proc unreadable: no check
            return Optional.empty();
        }
    }

    /**
     * The same for a process whose {@code /proc/PID/cgroup} says {@code membership}, with the hierarchies mounted
     * under {@code root}: the group's own limit and each of its ancestors' count, the tightest wins. A level whose
     * files are missing, unreadable or say something else than a count is passed over: a refusal is only ever for
     * numbers read.
     */
    static Optional<String> shortage(List<String> membership, Path root) {
        return shortage(membership, root, 0);
    }

    /** {@link #shortage(List, Path)} while {@code starting} other terminals are being created. */
    static Optional<String> shortage(List<String> membership, Path root, int starting) {
        Optional<Path> group = pidsGroup(membership, root);
        if (group.isEmpty() || !group.get().startsWith(root)) {
            return Optional.empty(); // outside what is mounted here ("/.." above a cgroup namespace's root)
        }
        for (Path level = group.get(); level.startsWith(root); level = level.getParent()) {
            Path max = level.resolve("pids.max");
            OptionalLong cap = count(max); // "max" (no limit) too; the root of a hierarchy has no files
            OptionalLong used = count(level.resolve("pids.current"));
            if (cap.isEmpty() || used.isEmpty()) {
                continue;
            }
            if (cap.getAsLong() - used.getAsLong() < (long) PER_TERMINAL * (1 + starting) + STOP_RESERVE) {
                return Optional.of("the server's task limit is reached: " + used.getAsLong() + " of "
                        + cap.getAsLong() + " tasks in use (" + max + ": systemd's TasksMax, a container's pids "
                        + "limit); a terminal needs about " + PER_TERMINAL + " (its program and three threads"
                        + (starting == 0 ? "" : "; " + starting + " more being created") + ") and "
                        + STOP_RESERVE + " are kept for stopping the server: raise the limit or close terminals");
            }
        }
        return Optional.empty();
    }

    /** The count in {@code file}, or empty when it is missing, unreadable or not a count (as v2's "max"). */
    private static OptionalLong count(Path file) {
        try {
            long count = Long.parseLong(Files.readString(file).strip());
            return count < 0 ? OptionalLong.empty() : OptionalLong.of(count);
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
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
                return Optional.of(root.resolve("pids").resolve(path).normalize());
            }
            if (fields[0].equals("0") && fields[1].isEmpty()) {
                unified = Optional.of(root.resolve(path).normalize());
            }
        }
        return unified;
    }
}
