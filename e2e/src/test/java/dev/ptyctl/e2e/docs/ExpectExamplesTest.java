package dev.ptyctl.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.TextPattern;
import dev.ptyctl.client.WaitMatch;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.client.dsl.Mark;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalAssertions;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import dev.ptyctl.protocol.ProcessExit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pexpect-style examples of docs/sdk.md and docs/testing.md: waits for any of several texts, which one came, what
 * a pattern captured, and a program that ends first, against an ssh-like login (src/test/resources/programs/login.sh:
 * a host key question, a password read without echo, a y/n question, a REPL) in a real terminal.
 */
@WithTerminal(command = "/bin/bash", cols = 80, rows = 24)
class ExpectExamplesTest {
    private static final String LOGIN = "exec bash src/test/resources/programs/login.sh";

    @Test
    void theSdkBranchesOnWhichPromptCameAndReadsWhatAPatternCaptured(TerminalDriver t) throws Exception {
        RpcClient client = t.rpc();
        String password = "hunter2";
        // tag::expect-any[]
        client.writeLine(LOGIN);
        WaitResult asked = client.waitForAny(List.of("(yes/no", "password:"), Duration.ofSeconds(30));
        if (asked.found().orElseThrow().index() == 0) {          // a first connection: accept the host key
            client.writeLine("yes");
            client.waitFor("password:", Duration.ofSeconds(30)); // not the question, still on the screen above
        }
        client.writeLine(password);
        WaitResult login = client.waitFor(WaitRequest.builder()
                .anyOf(TextPattern.regex("session (\\d+)"), TextPattern.literal("Permission denied"))
                .timeout(Duration.ofSeconds(30)).build());
        if (!login.matched()) {                                   // timed out, or ended first: which, and how
            throw new IllegalStateException(login.exited().map(end -> "ssh " + end.describe())
                    .orElse("no answer") + ":\n" + login.screen().text());
        }
        WaitMatch welcome = login.found().orElseThrow();
        String session = welcome.index() == 0 ? welcome.group(1) : null;   // pexpect's child.match.group(1)
        // end::expect-any[]
        assertThat(asked.found().orElseThrow().index()).isZero();
        assertThat(session).matches("\\d{4}");
        assertThat(welcome.start()).as("where on the screen").get().extracting(Cursor::col).isEqualTo(27);
        client.waitFor("[y/N]", Duration.ofSeconds(30));
        client.writeLine("n");
        client.waitFor("deploy>", Duration.ofSeconds(30));
        client.writeLine("quit");
        WaitResult bye = client.waitFor("never printed", Duration.ofSeconds(30));
        assertThat(bye.exited()).as(bye.toString()).contains(ProcessExit.exited(0));
        assertThat(bye.timedOut()).isFalse();
    }

    @Test
    void theSdkLoopsOverTheOutputAndAnswersTheSameQuestionTwiceAsAsked(TerminalDriver t) throws Exception {
        RpcClient client = t.rpc();
        List<String> passwords = new ArrayList<>(List.of("wrong", "hunter2"));
        List<Integer> seen = new ArrayList<>();
        // tag::expect-loop[]
        WaitRequest expect = WaitRequest.builder().anyOf(TextPattern.literal("(yes/no"),
                        TextPattern.literal("password: "), TextPattern.regex("session (\\d+)"),
                        TextPattern.literal("Permission denied ("))
                .timeout(Duration.ofSeconds(30)).build();
        long since = client.writeLine("TRIES=3 " + LOGIN).outputSeq();   // what the program prints after this
        String session = null;
        while (session == null) {                                       // pexpect's while True: i = child.expect([...])
            WaitResult r = client.waitFor(expect.newBuilder().since(since).build());
            WaitMatch found = r.found().orElseThrow(() -> new IllegalStateException(r.exited()
                    .map(end -> "ssh " + end.describe()).orElse("no answer") + ":\n" + r.screen().text()));
            since = r.nextSince().orElseThrow();                        // the next wait reads on after this match
            seen.add(found.index());
            switch (found.index()) {
                case 0 -> client.writeLine("yes");
                case 1 -> client.writeLine(passwords.removeFirst());    // asked again after a wrong one
                case 2 -> session = found.group(1);
                default -> throw new IllegalStateException("refused: " + found.text());
            }
        }
        // end::expect-loop[]
        assertThat(seen).containsExactly(0, 1, 1, 2);
        assertThat(session).matches("\\d{4}");
        assertThat(t.rpc().read().text()).contains("Permission denied, please try again.");
    }

    @Test
    void theDslSaysWhichTextCameAndWhatAPatternCaptured(TerminalDriver t) {
        t.typeLine(LOGIN);
        // tag::dsl-expect-any[]
        if (t.waitForAny("(yes/no", "password:").index() == 0) {  // pexpect's i = child.expect([...])
            t.typeLine("yes").waitFor("password:");
        }
        t.typeLine("hunter2");
        String session = t.waitForAny(Duration.ofSeconds(30), TextPattern.regex("session (\\d+)"),
                TextPattern.literal("Permission denied")).group(1);   // null when it was the second
        // end::dsl-expect-any[]
        assertThat(session).matches("\\d{4}");
    }

    @Test
    void theDslSaysThatTheProgramEndedFirstRatherThanTimingOut(TerminalDriver t) {
        t.typeLine("KNOWN_HOST=1 " + LOGIN).waitFor("password:").typeLine("wrong");
        long start = System.nanoTime();
        assertThatThrownBy(() -> t.waitForAny(Duration.ofSeconds(30), TextPattern.regex("session (\\d+)"),
                TextPattern.literal("deploy> ")))
                .isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the screen to contain any of /session (\\d+)/, \"deploy> \" within"
                        + " 30 s; the program exited with 5 first")
                .hasMessageContaining("Permission denied");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aReplIsDrivenOnWhatItDrawsAfterEachLineNotOnThePromptStillShown(TerminalDriver t) {
        t.typeLine("KNOWN_HOST=1 " + LOGIN).waitFor("password:").typeLine("hunter2").waitFor("[y/N] ").typeLine("n")
                .waitFor("deploy> ");
        // tag::dsl-expect-after-any[]
        Mark typed = t.mark();
        t.typeLine("status");                      // waitFor("deploy> ") would match the prompt it was typed at
        int which = t.expectAfter(typed).anyOf("deploy> ", "unknown command");
        // end::dsl-expect-after-any[]
        assertThat(which).isZero();
        assertThat(t.screen().text()).contains("release 1.4.2: healthy (3/3 pods)\ndeploy>");
        Mark again = t.mark();
        t.typeLine("bogus");
        assertThat(t.expectAfter(again).anyOf("healthy", "unknown command")).isEqualTo(1);
    }

    @Test
    void theDslBranchesOnWhichLocatorIsVisibleOnItsCopyOfTheScreen(TerminalDriver t) {
        t.typeLine("KNOWN_HOST=1 " + LOGIN).waitFor("password:").typeLine("hunter2");
        int which = t.waitForAny(t.getByText("Permission denied"), t.getByText("[y/N]"));
        assertThat(which).isEqualTo(1);
        t.typeLine("y").waitFor("deploy> ").typeLine("status");
        TerminalAssertions.assertThat(t.getByText("healthy (3/3 pods)")).isVisible();
    }
}
