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

    private static Path limit(Path group, String max, long current) throws IOException {
        Files.createDirectories(group);
        Files.writeString(group.resolve("pids.max"), max + "\n");
        Files.writeString(group.resolve("pids.current"), current + "\n");
        return group;
    }
}
