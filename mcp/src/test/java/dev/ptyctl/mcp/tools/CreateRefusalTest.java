package dev.ptyctl.mcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.terminals.TerminalRequestException;
import dev.ptyctl.service.terminals.TerminalRequestException.Reason;
import org.junit.jupiter.api.Test;

/** What terminal_create (and terminal_run, which starts its shell so) tells an agent when the server refuses. */
class CreateRefusalTest {
    @Test
    void theTaskLimitSaysWhatAnAgentCanDoAndThatRetryingAloneFails() {
        String sentence = TerminalCreateTool.refusal(new TerminalRequestException(Reason.TASK_LIMIT,
                "the server's task limit is reached: 37 of 44 tasks in use (/sys/fs/cgroup/pids/x/pids.max: systemd's "
                        + "TasksMax, a container's pids limit); a terminal needs about 4 (its program and three threads) "
                        + "and 4 are kept for stopping the server: raise the limit or close terminals"));
        assertThat(sentence).startsWith("Cannot create the terminal: the server's task limit is reached: 37 of 44")
                .contains("close terminals you no longer need with terminal_close")
                .contains("tell the user the server's task limit must be raised")
                .endsWith("retrying without either fails the same way.");
    }

    @Test
    void theTerminalLimitStillPointsAtTerminalClose() {
        assertThat(TerminalCreateTool.refusal(new TerminalRequestException(Reason.LIMIT_REACHED,
                "the server already runs 3 terminals (ptyctl.terminals.maxTerminals)")))
                .isEqualTo("Cannot create the terminal: the server already runs 3 terminals "
                        + "(ptyctl.terminals.maxTerminals). Close terminals you no longer need with terminal_close.");
    }
}
