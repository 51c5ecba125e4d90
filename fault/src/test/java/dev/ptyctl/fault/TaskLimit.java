package dev.ptyctl.fault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A cgroup (v1 pids controller) that caps how many tasks, threads and processes, a process may have: the limit a
 * systemd service's {@code TasksMax} or a container's pids limit sets. Needs root and a mounted pids hierarchy.
 */
final class TaskLimit implements AutoCloseable {
    private static final Path PIDS = Path.of("/sys/fs/cgroup/pids");
    private final Path group;

    private TaskLimit(Path group) {
        this.group = group;
    }

    /** A new group holding {@code pid} (all its threads), no limit yet; empty where no pids cgroup can be made. */
    static Optional<TaskLimit> around(long pid) {
        try {
            Path group = Files.createDirectory(PIDS.resolve("ptyctl-fault-" + pid));
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
            return Optional.of(new TaskLimit(group));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** The tasks in the group now. */
    long current() throws IOException {
        return Long.parseLong(Files.readString(group.resolve("pids.current")).strip());
    }

    /** Caps the group at {@code max} tasks; -1 for no cap. */
    void limit(long max) throws IOException {
        Files.writeString(group.resolve("pids.max"), max < 0 ? "max" : Long.toString(max));
    }

    /** Moves the process back to the root group and removes this one. */
    @Override
    public void close() throws IOException {
        limit(-1);
        for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
            Files.writeString(PIDS.resolve("cgroup.procs"), pid.strip());
        }
        Files.delete(group);
    }
}
