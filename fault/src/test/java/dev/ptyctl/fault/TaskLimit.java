package dev.ptyctl.fault;

import dev.ptyctl.testsupport.Tools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * A cgroup (v1 pids controller) that caps how many tasks, threads and processes, a process may have: the limit a
 * systemd service's {@code TasksMax} or a container's pids limit sets. Needs root and a mounted, writable pids
 * hierarchy.
 */
final class TaskLimit implements AutoCloseable {
    /** What a test needs that a machine may lack, as {@code ./run-tests}' summary line names it. */
    static final String NEED = "a pids cgroup (root, cgroup v1's pids controller at /sys/fs/cgroup/pids)";
    private static final Path PIDS = Path.of("/sys/fs/cgroup/pids");
    private final Path group;

    private TaskLimit(Path group) {
        this.group = group;
    }

    /**
     * A new group holding {@code pid} (all its threads), no limit yet. Where none can be made, {@code test} is
     * skipped and listed in {@code ./run-tests}' summary, or under {@code CI=true} failed, as for a missing program.
     */
    static TaskLimit around(long pid, String test) {
        Path group = PIDS.resolve("ptyctl-fault-" + pid);
        try {
            Files.createDirectory(group);
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
            return new TaskLimit(group);
        } catch (IOException | UnsupportedOperationException e) {
            String why = "cannot make a pids cgroup at " + group + ": " + e;
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionFailedError(why + "; CI=true, so " + test + " fails instead of skipping");
            }
            Tools.listSkipped(test, NEED);
            throw new TestAbortedException(why);
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
