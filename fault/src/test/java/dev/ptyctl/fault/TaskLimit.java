package dev.ptyctl.fault;

import dev.ptyctl.testsupport.Tools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opentest4j.TestAbortedException;

/**
 * A control group with the pids controller, cgroup v1 or v2, that caps how many tasks (threads and processes) a
 * process may have: the limit a systemd service's {@code TasksMax} or a container's pids limit sets. Needs root and a
 * hierarchy it may write.
 *
 * <p>Where none can be made the test is skipped and listed in {@code ./run-tests}' summary, under {@code CI=true} as
 * well, unlike a missing program: whether a pids controller is mounted and writable is the kernel's and the machine's
 * (a container's read-only cgroupfs, a v2 hierarchy whose every group holds processes), nothing {@code ./run-tests}
 * can install, and a CI machine we do not control must not fail for it.
 */
final class TaskLimit implements AutoCloseable {
    /** What a test needs that a machine may lack, as {@code ./run-tests}' summary line names it (no comma: it splits). */
    static final String NEED = "a pids cgroup (root and a writable cgroup v1 or v2 pids controller)";
    private static final Path MOUNTS = Path.of("/proc/self/mountinfo");
    private final Path group;
    /** The group the process came from, where {@link #close()} returns it and whatever it started. */
    private final Path home;

    private TaskLimit(Path group, Path home) {
        this.group = group;
        this.home = home;
    }

    /**
     * A new group holding {@code pid} (all its threads), no limit yet. Where none can be made, {@code test} is
     * skipped and listed in {@code ./run-tests}' summary.
     */
    static TaskLimit around(long pid, String test) {
        List<String> failures = new ArrayList<>();
        try {
            List<String> membership = Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"));
            for (Place place : places(Files.readAllLines(MOUNTS), membership)) {
                Optional<TaskLimit> made = make(place, pid, failures);
                if (made.isPresent()) {
                    return made.get();
                }
            }
        } catch (IOException e) {
            failures.add(e.toString());
        }
        Tools.listSkipped(test, NEED);
        throw new TestAbortedException("cannot make a pids cgroup" + (failures.isEmpty()
                ? ": no pids controller is mounted" : ": " + String.join("; ", failures)));
    }

    /**
     * Where a group could be made for a process whose {@code /proc/PID/cgroup} says {@code membership}, given the
     * mounts {@code mountinfo} lists: v1's pids hierarchy first, then v2's.
     */
    static List<Place> places(List<String> mountinfo, List<String> membership) {
        List<Place> places = new ArrayList<>();
        for (String mount : mountinfo) {
            // "id parent dev root mountpoint options [optional...] - fstype source superoptions"
            String[] sides = mount.split(" - ", 2);
            String[] before = sides[0].split(" ");
            String[] after = sides.length < 2 ? new String[0] : sides[1].split(" ");
            if (before.length < 5 || after.length < 3) {
                continue;
            }
            Path point = Path.of(before[4]);
            String root = before[3];
            if (after[0].equals("cgroup") && List.of(after[2].split(",")).contains("pids")) {
                // v1 has no rule against a group with processes having children: the top of the hierarchy will do.
                places.add(0, new Place(false, List.of(point), within(point, root, member(membership, "pids"))));
            } else if (after[0].equals("cgroup2")) {
                Path own = within(point, root, member(membership, ""));
                places.add(new Place(true, v2Parents(point, own), own));
            }
        }
        return places;
    }

    /**
     * The v2 groups whose children get the pids controller. v2 lets no group but the root both hold processes and
     * give its children controllers ("no internal processes"), so the process's own group, which holds the test's JVM
     * too, cannot be one: an ancestor that already gives {@code pids} to its children is, nearest first, and last the
     * top of the mount, which may still be given it (the host's root group; a container's whose processes sit in a
     * child group).
     */
    private static List<Path> v2Parents(Path point, Path own) {
        List<Path> parents = new ArrayList<>();
        for (Path level = own.getParent(); level != null && level.startsWith(point) && !level.equals(point);
                level = level.getParent()) {
            if (subtreeControl(level).contains("pids")) {
                parents.add(level);
            }
        }
        parents.add(point);
        return parents;
    }

    /** The group (folder) under {@code point}, a mount of the hierarchy's {@code root}, for membership {@code path}. */
    private static Path within(Path point, String root, Optional<String> path) {
        if (path.isEmpty()) {
            return point;
        }
        Path member = Path.of(path.get()).normalize();
        Path mounted = Path.of(root);
        if (!member.startsWith(mounted)) {
            return point; // outside what is mounted here (another cgroup namespace's view)
        }
        Path resolved = point.resolve(mounted.relativize(member).toString()).normalize();
        return resolved.startsWith(point) ? resolved : point;
    }

    /** The path of the membership line for {@code controller} ({@code ""}: v2's line), or empty. */
    private static Optional<String> member(List<String> membership, String controller) {
        for (String line : membership) {
            String[] fields = line.split(":", 3);
            if (fields.length == 3 && (controller.isEmpty() ? fields[0].equals("0") && fields[1].isEmpty()
                    : List.of(fields[1].split(",")).contains(controller))) {
                return Optional.of(fields[2]);
            }
        }
        return Optional.empty();
    }

    private static String subtreeControl(Path group) {
        try {
            return Files.readString(group.resolve("cgroup.subtree_control"));
        } catch (IOException e) {
            return "";
        }
    }

    /** A group under one of {@code place}'s parents with {@code pid} in it, or empty with why in {@code failures}. */
    static Optional<TaskLimit> make(Place place, long pid, List<String> failures) {
        for (Path parent : place.parents()) {
            Path group = parent.resolve("ptyctl-fault-" + pid);
            try {
                if (place.v2() && !subtreeControl(parent).contains("pids")) {
                    Files.writeString(parent.resolve("cgroup.subtree_control"), "+pids");
                }
                Files.createDirectory(group);
                try {
                    Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
                } catch (IOException | RuntimeException e) {
                    Files.delete(group);
                    throw e;
                }
                return Optional.of(new TaskLimit(group, place.home()));
            } catch (IOException | UnsupportedOperationException e) {
                failures.add(group + ": " + e);
            }
        }
        return Optional.empty();
    }

    /** The tasks in the group now. */
    long current() throws IOException {
        return Long.parseLong(Files.readString(group.resolve("pids.current")).strip());
    }

    /** Caps the group at {@code max} tasks; -1 for no cap. */
    void limit(long max) throws IOException {
        Files.writeString(group.resolve("pids.max"), max < 0 ? "max" : Long.toString(max));
    }

    /** Moves the process, and what it started, back to the group it came from and removes this one. */
    @Override
    public void close() throws IOException {
        limit(-1);
        for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
            Files.writeString(home.resolve("cgroup.procs"), pid.strip());
        }
        Files.delete(group);
    }

    /**
     * A mounted hierarchy that may have the pids controller: {@code parents}, in order, are where a group may be made
     * (under v2, {@code v2}, one that gives its children {@code pids}), {@code home} the group the process is in.
     */
    record Place(boolean v2, List<Path> parents, Path home) {
    }
}
