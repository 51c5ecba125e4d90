package dev.ptyctl.protocol;

import static dev.ptyctl.protocol.WaitingForInputAdviceTest.VERBS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link BusyShellAdvice}: what holds the shell and how to end it, in each front door's verbs. */
class BusyShellAdviceTest {
    @Test
    void aWellKnownProgramIsEndedWithItsOwnQuitKey() {
        assertThat(BusyShellAdvice.of(VERBS, Optional.of("less /etc/passwd"), Optional.of("less"), true,
                "the command", "WAIT")).isEqualTo("busy running `less /etc/passwd` (a full-screen program: SEE "
                + "shows it), and the command would have gone to it. End it first (SEND[TEXT q], or SEND[CTRL c]) "
                + "or wait until it finishes (WAIT)");
    }

    @Test
    void theProgramIsNamedWhenTheShellGaveNoCommandLine() {
        assertThat(BusyShellAdvice.of(VERBS, Optional.empty(), Optional.of("python3"), false, "\"ls\"", "WAIT"))
                .isEqualTo("busy running python3, and \"ls\" would have gone to it. End it first (SEND[CTRL d], or "
                        + "SEND[CTRL c]) or wait until it finishes (WAIT)");
    }

    @Test
    void anUnknownProgramGetsTheGenericWay() {
        assertThat(BusyShellAdvice.of(VERBS, Optional.of("sleep 30"), Optional.of("sleep"), false, "the command",
                "WAIT")).contains("End it first (SEND[CTRL c]) or wait");
        assertThat(BusyShellAdvice.of(VERBS, Optional.of("./viewer"), Optional.of("viewer"), true, "the command",
                "WAIT")).contains("End it first (its quit key, e.g. SEND[TEXT q], or SEND[CTRL c]) or wait");
        assertThat(BusyShellAdvice.of(VERBS, Optional.empty(), Optional.empty(), false, "the command", "WAIT"))
                .startsWith("busy running a command, and");
    }

    @Test
    void aProgramOtherThanTheCommandLineSaysIsNamedToo() {
        assertThat(BusyShellAdvice.describe(Optional.of("make test"), Optional.of("cc1")))
                .isEqualTo("`make test` (now: cc1)");
        assertThat(BusyShellAdvice.describe(Optional.of("less notes.txt"), Optional.of("less")))
                .isEqualTo("`less notes.txt`");
    }
}
