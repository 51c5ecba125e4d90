package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link WaitingForInputAdvice}: one text, in each front door's verbs. */
class WaitingForInputAdviceTest {
    private static final WaitingForInputAdvice.Verbs VERBS = new WaitingForInputAdvice.Verbs("TYPE", "FOLLOW",
            "SEE", "CTRL-D", "CTRL-C", ", HAND-OVER,");

    @Test
    void aProgramThatReadsKeysIsTypedIntoFollowedAndEndedInTheFrontDoorsVerbs() {
        assertThat(WaitingForInputAdvice.of(VERBS, "`python3`", false, false)).isEqualTo("`python3` waits for "
                + "keyboard input (an interactive program); type into it with TYPE and follow it with FOLLOW, end it "
                + "with its quit command (exit, CTRL-D, q) or CTRL-C");
        assertThat(WaitingForInputAdvice.of(VERBS, "`vim`", false, true))
                .startsWith("`vim` waits for keyboard input (an interactive full-screen program: SEE shows it); ");
    }

    @Test
    void aPasswordIsAskedOfTheUserNeverGuessed() {
        assertThat(WaitingForInputAdvice.of(VERBS, "it", true, false)).isEqualTo("it waits for hidden input (a "
                + "password prompt); ask the user for it, HAND-OVER, rather than guessing, and type it with TYPE, or "
                + "stop it with CTRL-C");
    }
}
