package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@link TaskLimit} makes its group on the layouts a CI machine may have: cgroup v1 (this project's usual
 * machine), v2 as systemd sets it up (the root gives its children {@code pids}), v2 in a container whose top group
 * holds the processes. Folders stand for the cgroup file system; the kernel's refusals (a v2 group with processes
 * cannot give its children controllers) are what v2 parents are chosen to avoid.
 */
class TaskLimitTest {
    @TempDir
    Path fs;

    @Test
    void cgroupV1sPidsHierarchyComesFirstAndItsTopIsTheParent() {
        Path pids = fs.resolve("pids");
        List<TaskLimit.Place> places = TaskLimit.places(List.of(
                "41 31 0:38 / " + fs.resolve("unified") + " rw,relatime - cgroup2 cgroup2 rw",
                "39 31 0:36 / " + pids + " rw,relatime shared:5 - cgroup cgroup rw,pids",
                "35 31 0:32 / " + fs.resolve("memory") + " rw,relatime - cgroup cgroup rw,memory"),
                List.of("8:pids:/user.slice", "4:memory:/x", "0::/user.slice"));
        assertThat(places).hasSize(2);
        assertThat(places.get(0)).isEqualTo(new TaskLimit.Place(false, List.of(pids), pids.resolve("user.slice")));
        assertThat(places.get(1).v2()).isTrue();
    }

    @Test
    void cgroupV2UsesTheNearestAncestorThatGivesItsChildrenPidsNeverTheOwnGroup() throws IOException {
        Path root = fs.resolve("cgroup");
        Path own = Files.createDirectories(root.resolve("user.slice/user-0.slice/session-3.scope"));
        Files.writeString(root.resolve("cgroup.subtree_control"), "cpu io memory pids\n");
        Files.writeString(root.resolve("user.slice/cgroup.subtree_control"), "memory pids\n");
        Files.writeString(root.resolve("user.slice/user-0.slice/cgroup.subtree_control"), "memory\n");
        Files.writeString(own.resolve("cgroup.subtree_control"), "\n");
        List<TaskLimit.Place> places = TaskLimit.places(
                List.of("30 23 0:26 / " + root + " rw,nosuid - cgroup2 cgroup2 rw,nsdelegate"),
                List.of("0::/user.slice/user-0.slice/session-3.scope"));
        assertThat(places).containsExactly(new TaskLimit.Place(true, List.of(root.resolve("user.slice"), root), own));

        List<String> failures = new ArrayList<>();
        Optional<TaskLimit> made = TaskLimit.make(places.get(0), 4242, failures);
        assertThat(made).as(failures.toString()).isPresent();
        assertThat(root.resolve("user.slice/ptyctl-fault-4242/cgroup.procs")).hasContent("4242");
    }

    @Test
    void aContainersTopGroupIsTriedLastAndGivenPidsWhenItHasNone() throws IOException {
        Path root = Files.createDirectories(fs.resolve("cgroup"));
        Files.writeString(root.resolve("cgroup.subtree_control"), "");
        List<TaskLimit.Place> places = TaskLimit.places(
                List.of("30 23 0:26 / " + root + " rw - cgroup2 cgroup2 rw"), List.of("0::/"));
        assertThat(places).containsExactly(new TaskLimit.Place(true, List.of(root), root));
        assertThat(TaskLimit.make(places.get(0), 7, new ArrayList<>())).isPresent();
        assertThat(root.resolve("cgroup.subtree_control")).hasContent("+pids");
    }

    @Test
    void nothingMountedOrNothingWritableIsNoGroupWithTheReasons() throws IOException {
        assertThat(TaskLimit.places(List.of("22 1 0:21 / /proc rw - proc proc rw"), List.of("0::/"))).isEmpty();

        Path missing = fs.resolve("not-mounted");
        List<String> failures = new ArrayList<>();
        assertThat(TaskLimit.make(new TaskLimit.Place(false, List.of(missing), missing), 7, failures)).isEmpty();
        assertThat(failures).singleElement().asString().contains("not-mounted/ptyctl-fault-7");
    }

    @Test
    void aMembershipOutsideTheMountOrEscapingItIsTheMountsTop() {
        Path root = fs.resolve("cgroup");
        String mount = "30 23 0:26 /kubepods/pod1 " + root + " rw - cgroup2 cgroup2 rw";
        assertThat(TaskLimit.places(List.of(mount), List.of("0::/kubepods/pod1/app")).getFirst().home())
                .isEqualTo(root.resolve("app"));
        assertThat(TaskLimit.places(List.of(mount), List.of("0::/other")).getFirst().home()).isEqualTo(root);
        assertThat(TaskLimit.places(List.of(mount), List.of("0::/kubepods/pod1/../../x")).getFirst().home())
                .isEqualTo(root);
    }
}
