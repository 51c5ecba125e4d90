package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task budget read from a cgroup v1 or v2 layout, as systemd and container runtimes set them up. */
class TaskBudgetTest {
    @TempDir
    Path root;

    @Test
    void aV1PidsGroupWithFewerThanATerminalsTasksLeftIsAShortageNamingItsFile() throws IOException {
        Path group = limit(root.resolve("pids/system.slice/ptyctl.service"), "44", 37);
        assertThat(TaskBudget.shortage(List.of("9:name=systemd:/system.slice/ptyctl.service",
                "8:pids:/system.slice/ptyctl.service", "0::/system.slice/ptyctl.service"), root))
                .hasValueSatisfying(why -> assertThat(why).startsWith("the server's task limit is reached: 37 of 44 "
                        + "tasks in use (" + group.resolve("pids.max")).contains("TasksMax"));
        limit(group, "45", 37); // a terminal's 4 and the stop's 4
        assertThat(TaskBudget.shortage(List.of("8:pids:/system.slice/ptyctl.service"), root)).isEmpty();
    }

    @Test
    void aV2GroupIsReadAndAnAncestorsLimitCountsToo() throws IOException {
        limit(root.resolve("kubepods/pod1"), "max", 3);
        limit(root.resolve("kubepods"), "100", 95);
        assertThat(TaskBudget.shortage(List.of("0::/kubepods/pod1"), root))
                .hasValueSatisfying(why -> assertThat(why).contains("95 of 100"));
        limit(root.resolve("kubepods"), "max", 98);
        assertThat(TaskBudget.shortage(List.of("0::/kubepods/pod1"), root)).as("no limit anywhere").isEmpty();
    }

    @Test
    void noPidsControllerOrUnreadableFilesAreNoCheck() throws IOException {
        assertThat(TaskBudget.shortage(List.of("4:memory:/x"), root)).isEmpty();
        assertThat(TaskBudget.shortage(List.of("0::/not/there"), root)).isEmpty();
    }

    @Test
    void systemdsTasksMaxIsTheUnitsOwnGroupUnderV2() throws IOException {
        Path unit = limit(root.resolve("system.slice/ptyctl.service"), "100", 93);
        limit(root.resolve("system.slice"), "max", 400);
        assertThat(TaskBudget.shortage(List.of("0::/system.slice/ptyctl.service"), root))
                .hasValueSatisfying(why -> assertThat(why).contains("93 of 100 tasks in use (" + unit.resolve("pids.max")));
        limit(unit, "101", 93);
        assertThat(TaskBudget.shortage(List.of("0::/system.slice/ptyctl.service"), root)).isEmpty();
    }

    @Test
    void aCreateUnderWayCountsItsTasksBeforeTheyShowInTheCount() throws IOException {
        limit(root.resolve("app"), "100", 89); // 11 spare: one terminal and the stop's 4, not two terminals
        assertThat(TaskBudget.shortage(List.of("0::/app"), root, 0)).isEmpty();
        assertThat(TaskBudget.shortage(List.of("0::/app"), root, 1)).as("another create has not started its own yet")
                .hasValueSatisfying(why -> assertThat(why).contains("89 of 100").contains("1 more being created"));
    }

    @Test
    void aCountThatCannotBeReadIsNoRefusalButAnotherLevelsLimitStillCounts() throws IOException {
        Path group = root.resolve("kubepods/pod1");
        for (String odd : List.of("", "  \n", "max max", "-", "12abc", "99999999999999999999999", "1.5")) {
            Files.createDirectories(group);
            Files.writeString(group.resolve("pids.max"), odd);
            Files.writeString(group.resolve("pids.current"), "3\n");
            assertThat(TaskBudget.shortage(List.of("0::/kubepods/pod1"), root)).as("pids.max '%s'", odd).isEmpty();
            Files.writeString(group.resolve("pids.max"), "100\n");
            Files.writeString(group.resolve("pids.current"), odd);
            assertThat(TaskBudget.shortage(List.of("0::/kubepods/pod1"), root)).as("pids.current '%s'", odd).isEmpty();
        }
        limit(root.resolve("kubepods"), "50", 45);
        Files.writeString(group.resolve("pids.max"), "garbage");
        assertThat(TaskBudget.shortage(List.of("0::/kubepods/pod1"), root)).as("the parent's limit, 45 of 50")
                .hasValueSatisfying(why -> assertThat(why).contains("45 of 50"));
    }

    @Test
    void surroundingSpacesAndACountAboveTheLimitAreRead() throws IOException {
        Path group = Files.createDirectories(root.resolve("app"));
        Files.writeString(group.resolve("pids.max"), " 40 \n");
        Files.writeString(group.resolve("pids.current"), "45"); // a v1 group takes in a process above its limit
        assertThat(TaskBudget.shortage(List.of("0::/app"), root))
                .hasValueSatisfying(why -> assertThat(why).contains("45 of 40"));
    }

    @Test
    void aGroupOutsideTheMountedHierarchyIsNoCheckNotTheMountsLimit() throws IOException {
        // A process outside its cgroup namespace's root sees "/../.." paths; the mount's top is then not its ancestor.
        limit(root, "10", 9);
        assertThat(TaskBudget.shortage(List.of("0::/../../system.slice/other.service"), root)).isEmpty();
        assertThat(TaskBudget.shortage(List.of("", "garbage", "0::"), root)).as("odd lines; v2's top")
                .hasValueSatisfying(why -> assertThat(why).contains("9 of 10"));
    }

    private static Path limit(Path group, String max, long current) throws IOException {
        Files.createDirectories(group);
        Files.writeString(group.resolve("pids.max"), max + "\n");
        Files.writeString(group.resolve("pids.current"), current + "\n");
        return group;
    }
}
