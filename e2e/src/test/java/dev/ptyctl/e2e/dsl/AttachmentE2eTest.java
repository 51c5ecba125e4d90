package dev.ptyctl.e2e.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.FrameAck;
import dev.ptyctl.client.FrameRefusedException;
import dev.ptyctl.client.ReconnectPolicy;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link TerminalAttachment} against the real server, with connections cut under it by a proxy. */
@WithTerminal(command = {"/bin/bash"}, cols = 80, rows = 24, timeoutSeconds = 20)
class AttachmentE2eTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ReconnectPolicy QUICK = new ReconnectPolicy(Duration.ofMillis(20), Duration.ofMillis(500), 2, 0.5, 200);

    private static URI server() {
        return URI.create(System.getProperty("ptyctl.url"));
    }

    @Test
    void inputSentAsTheConnectionDropsRunsExactlyOnceAndNoOutputIsLostOrRepeated(Terminal terminal, TerminalDriver rpc)
            throws Exception {
        rpc.waitForPrompt();
        OutputLog log = new OutputLog();
        try (CuttableProxy proxy = CuttableProxy.to(server());
                TerminalAttachment attachment = TerminalAttachment.builder(proxy.url(), terminal.terminalId())
                        .listener(log).reconnect(QUICK).connect()) {
            // The first connection starts with a reset; cut before it arrived, the attachment would rightly get
            // another one, which redraws the screen and would show its lines twice to this test.
            log.awaitReset(WAIT);
            for (int i = 1; i <= 3; i++) {
                var typed = attachment.input("echo once-$((" + i + " * 1000 + 7))\r");
                proxy.cut(); // the frame may or may not have reached the server: either way it runs once
                FrameAck ack = typed.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertThat(ack.clientSeq()).isEqualTo(i);
                log.awaitText("once-" + i + "007\r\n", WAIT);
            }
            // The log above is the output as read, which the server's screen may trail by a chunk: until the screen
            // shows the third echo's output, its shell integration may still report the prompt before that command
            // (the command's start mark not yet applied), and run() would take it for the prompt it waits for. Once
            // it shows it, the shell is known busy until its next prompt, which can come later still (CI-AM, load 20:
            // run() found the shell busy running the third echo).
            rpc.waitFor("once-3007");
            rpc.waitForPrompt();
            rpc.run("echo done").output();
            log.awaitText("done\r\n", WAIT);
            assertThat(attachment.connectionsOpened()).isGreaterThanOrEqualTo(4);
            assertThat(attachment.unackedFrames()).isZero();
        }
        String output = log.text();
        for (int i = 1; i <= 3; i++) {
            assertThat(output.split("once-" + i + "007\r\n", -1)).as("echo %d ran once and was shown once", i).hasSize(2);
        }
        assertThat(log.problems()).as("every chunk continues where the previous ended").isEmpty();
        assertThat(log.resets()).as("only the first connection starts with a reset").isEqualTo(1);
    }

    @Test
    void aResizeSetsThePtySizeAndEveryClientHearsOfIt(Terminal terminal, TerminalDriver rpc) throws Exception {
        OutputLog log = new OutputLog();
        try (TerminalAttachment attachment = TerminalAttachment.builder(server(), terminal.terminalId()).listener(log)
                .connect()) {
            log.awaitSize(new TerminalSize(80, 24), WAIT);
            attachment.resize(90, 20).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            log.awaitSize(new TerminalSize(90, 20), WAIT);
            assertThat(rpc.run("stty size").output()).isEqualTo("20 90\n");
            assertThat(attachment.size()).contains(new TerminalSize(90, 20));
        }
    }

    @Test
    void rawBytesReachTheProgramExactlyAsSent(Terminal terminal, TerminalDriver rpc) throws Exception {
        rpc.waitForPrompt();
        try (TerminalAttachment attachment = TerminalAttachment.builder(server(), terminal.terminalId()).connect()) {
            // Raw mode, so that the terminal passes the bytes through as they are; READY quoted so that only the
            // output, not the echoed command line, shows it.
            attachment.input("stty raw -echo; echo RE''ADY; od -An -tx1 -N6; stty sane\r")
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS);
            rpc.waitFor("READY");
            // A click in X10 encoding: ESC [ M, 32 + button, then 32 + column and 32 + row as single bytes. Sent as
            // text, 0x85 and 0x99 would reach the program as the UTF-8 c2 85 and c2 99.
            // tag::attachment-bytes[]
            // button 1 at column 101, row 121: single bytes past 0x7f
            byte[] click = {0x1b, '[', 'M', 0x20, (byte) (32 + 101), (byte) (32 + 121)};
            attachment.input(click).get(5, TimeUnit.SECONDS);
            // end::attachment-bytes[]
            rpc.waitFor("1b 5b 4d 20 85 99");
        }
    }

    @Test
    void aViewerCannotType(Terminal terminal) throws Exception {
        try (TerminalAttachment viewer = TerminalAttachment.builder(server(), terminal.terminalId()).viewOnly(true)
                .connect()) {
            assertThatThrownBy(() -> viewer.input("rm -rf ~\r").get(WAIT.toSeconds(), TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(FrameRefusedException.class)
                    .hasMessageContaining("not allowed in view mode");
        }
    }

    @Test
    void attachingToATerminalTheServerDoesNotHaveQuotesTheServersSentence(Terminal terminal) {
        // The upgrade's refusal has the REST API's {error, message} body; it was plain text, and the SDK could only
        // say "the server refused the WebSocket upgrade: HTTP/1.1 404 Not Found".
        assertThatThrownBy(() -> TerminalAttachment.builder(server(), terminal.terminalId() + "-gone")
                .token(System.getProperty("ptyctl.token", System.getenv("PTYCTL_TOKEN"))).connect())
                .isInstanceOfSatisfying(AttachmentException.class, e -> assertThat(e.httpStatus()).hasValue(404))
                .hasMessageContaining("refused the attachment with HTTP 404: no terminal with id "
                        + terminal.terminalId() + "-gone");
    }

    @Test
    void closeTerminalEndsTheProgramAndTheAttachmentHearsItsExit(Terminal terminal) throws Exception {
        try (TerminalAttachment attachment = TerminalAttachment.builder(server(), terminal.terminalId()).connect()) {
            attachment.closeTerminal();
            assertThat(attachment.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(129); // SIGHUP
        }
    }
}
