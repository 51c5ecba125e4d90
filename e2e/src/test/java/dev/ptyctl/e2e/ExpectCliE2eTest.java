package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code ptyctl wait} as a shell script ported from pexpect uses it, against an ssh-like login
 * (src/test/resources/programs/login.sh) in a real terminal: several {@code --match} print which came, {@code --group}
 * what a pattern captured, and a program that ends first exits 5, not 1.
 */
class ExpectCliE2eTest {
    private static final String LOGIN = "bash " + Ptyctl.ROOT.resolve("e2e/src/test/resources/programs/login.sh");

    @Test
    void aScriptBranchesOnWhichPromptCameAndReadsTheCapturedSession() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp(LOGIN)) {
            var asked = served.cli("wait", "--match", "password:", "--match", "(yes/no", "--timeout", "30000")
                    .assertExit(0);
            assertThat(asked.stdout()).isEqualTo("1\n");
            served.cli("write", "--text", "yes", "--key", "Enter").assertExit(0);
            // what comes next: until the prompt is drawn the question alone is on screen, and would answer at once
            served.cli("wait", "--match", "password:", "--timeout", "30000").assertExit(0);
            var password = served.cli("wait", "--match", "password:", "--match", "(yes/no", "--timeout", "30000")
                    .assertExit(0);
            assertThat(password.stdout()).as("the question stays above: the new prompt is lower").isEqualTo("0\n");
            served.cli("write", "--text", "hunter2", "--key", "Enter").assertExit(0);
            var session = served.cli("wait", "--regex", "--match", "session (\\d+)", "--match", "Permission denied",
                    "--group", "1", "--timeout", "30000").assertExit(0);
            assertThat(session.stdout()).matches("0\n\\d{4}\n");
        }
    }

    @Test
    void aLoginThatEndsBeforeTheTextComesExitsFiveNotOne() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp("env KNOWN_HOST=1 " + LOGIN)) {
            served.cli("wait", "--match", "password:", "--timeout", "30000").assertExit(0);
            served.cli("write", "--text", "wrong", "--key", "Enter").assertExit(0);
            var ended = served.cli("wait", "--match", "Welcome", "--timeout", "30000").assertExit(5);
            assertThat(ended.stderr()).isEqualTo("ptyctl: the program exited with 5; \"Welcome\" is not on its final "
                    + "screen\n");
            served.cli("wait", "--match", "never", "--timeout", "200").assertExit(5);
        }
    }
}
