package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@link WaitingForInputAdvice}: one text, in each front door's verbs. */
class WaitingForInputAdviceTest {
    /** Spells keys and text plainly, so the steps a text names can be read back. */
    static final WaitingForInputAdvice.Verbs VERBS = new WaitingForInputAdvice.Verbs("TYPE", "FOLLOW",
            "SEE", "CTRL-D", "CTRL-C", "GIVE-SECRET", steps -> steps.stream().map(step -> switch (step) {
                case QuitKeys.Key key -> "KEY " + key.name();
                case QuitKeys.Ctrl ctrl -> "CTRL " + ctrl.letter();
                case QuitKeys.Text text -> "TEXT " + text.text();
            }).collect(Collectors.joining(", ", "SEND[", "]")));

    @Test
    void aProgramThatReadsKeysIsTypedIntoFollowedAndEndedInTheFrontDoorsVerbs() {
        assertThat(WaitingForInputAdvice.of(VERBS, "`cat -v`", Optional.of("cat"), WaitingForInputAdvice.Input.KEYS, false)).isEqualTo(
                "`cat -v` waits for keyboard input (an interactive program); type into it with TYPE and follow it "
                        + "with FOLLOW, end it with its quit command (exit, CTRL-D, q) or CTRL-C");
        assertThat(WaitingForInputAdvice.of(VERBS, "`vim`", Optional.empty(), WaitingForInputAdvice.Input.KEYS, true))
                .startsWith("`vim` waits for keyboard input (an interactive full-screen program: SEE shows it); ");
    }

    @Test
    void aWellKnownProgramIsEndedWithItsOwnQuitKeys() {
        assertThat(WaitingForInputAdvice.of(VERBS, "`python3`", Optional.of("python3"), WaitingForInputAdvice.Input.KEYS, false))
                .endsWith(", end it with SEND[CTRL d] or CTRL-C");
        assertThat(WaitingForInputAdvice.of(VERBS, "`vim notes.txt`", Optional.of("vim"), WaitingForInputAdvice.Input.KEYS, true))
                .endsWith(", end it with SEND[KEY Escape, TEXT :q, KEY Enter] (:q! instead of :q discards unsaved "
                        + "changes) or CTRL-C");
    }

    @Test
    void aPasswordIsGivenAsTheFrontDoorSaysNeverGuessed() {
        assertThat(WaitingForInputAdvice.of(VERBS, "it", Optional.of("ssh"), WaitingForInputAdvice.Input.HIDDEN, false)).isEqualTo("it waits for "
                + "hidden input (a password prompt); GIVE-SECRET, or stop it with CTRL-C");
    }

    @Test
    void aProgramThatReadsLinesIsGivenLinesAndEndedWithCtrlDWhateverItIs() {
        // Ctrl-D at a line's start is the line discipline's end of input: the advice for cat is the one for apt.
        assertThat(WaitingForInputAdvice.of(VERBS, "`apt install vim`", Optional.of("apt"),
                WaitingForInputAdvice.Input.LINES, false)).isEqualTo("`apt install vim` waits for a line of input "
                + "(it reads the terminal line by line); type a line ending with Enter with TYPE and follow it with "
                + "FOLLOW, end its input with SEND[CTRL d] at the start of a line or stop it with CTRL-C");
    }
}
