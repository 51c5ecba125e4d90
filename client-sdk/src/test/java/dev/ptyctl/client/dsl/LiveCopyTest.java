package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A driver with a live view reads one screen: {@link TerminalDriver#screen()} and {@link TerminalDriver#assertScreen()}
 * show its own copy, as locators do, once the copy has every byte the server had written when asked; not the
 * server's {@code pty/read}, whose screen may trail the output already delivered. Played here by a scripted server
 * whose JSON-RPC screen is stale on purpose: every {@code pty/read} through the server's port gets the screen from
 * before "ok".
 */
class LiveCopyTest {
    private static final String SHOWN = "$ make\r\nok\r\n$ ";
    /** {@code pty/read}'s result from before "ok": the server's emulator had not applied it yet. */
    private static final String STALE_READ =
            "{\"screen\":\"$ make\\n\",\"cursor\":{\"row\":1,\"col\":7},\"size\":{\"cols\":30,\"rows\":4}}";
    private FakeWebSocketServer http;
    private FakeWebSocketServer.Connection rpc;
    private TerminalsClient terminals;
    private TerminalDriver driver;
    private FakeWebSocketServer.Connection view;

    /** The REST terminal object as the server gives it, its output offset at {@code nextOutputSeq}. */
    private String terminalJson(long nextOutputSeq) {
        return terminalJson(nextOutputSeq, 30, 4);
    }

    /** The same, of a terminal of {@code cols} by {@code rows}. */
    private String terminalJson(long nextOutputSeq, int cols, int rows) {
        return "{\"terminalId\":\"t-1\",\"sessionId\":\"s\",\"pid\":42,\"running\":true,\"cols\":" + cols
                + ",\"rows\":" + rows + ","
                + "\"nextOutputSeq\":" + nextOutputSeq + ",\"cwd\":\"/\",\"shell\":\"bash\",\"args\":[],"
                + "\"createdAt\":\"2026-01-01T00:00:00Z\",\"clients\":1,\"websocketPath\":\"/v1/terminals/t-1/socket\","
                + "\"rpc\":{\"host\":\"127.0.0.1\",\"port\":1}}";
    }

    @BeforeEach
    void connect() throws Exception {
        http = FakeWebSocketServer.start();
        terminals = TerminalsClient.builder().baseUrl(http.url()).build();
        Terminal terminal = Terminal.fromJson(JsonSupport.parseObject(terminalJson(0)));
        driver = TerminalDriver.connect(terminals, terminal, null);
        rpc = http.accept(); // JSON-RPC through the server's port, then the live view
        assertThat(rpc.path()).isEqualTo("/v1/terminals/t-1/rpc");
        answerEveryReadWithTheStaleScreen(rpc);
        view = http.accept();
        assertThat(view.path()).isEqualTo("/v1/terminals/t-1/socket");
        view.sendText("{\"type\":\"ready\",\"seq\":0,\"protocol\":2}");
        view.sendText("{\"type\":\"size\",\"seq\":0,\"cols\":30,\"rows\":4}");
        byte[] output = SHOWN.getBytes(StandardCharsets.UTF_8);
        view.sendBinary(new BinaryOutputFrame(false, output.length, output).encode()); // seq: the offset after it
    }

    @AfterEach
    void close() throws Exception {
        driver.close();
        terminals.close();
        http.close();
    }

    private static void answerEveryReadWithTheStaleScreen(FakeWebSocketServer.Connection rpc) {
        Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    var request = rpc.readFrame();
                    rpc.sendText("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + STALE_READ + "}");
                }
            } catch (InterruptedException | AssertionError quietFor30Seconds) {
                // the test is over: nothing more will be asked
            }
        });
    }

    @Test
    void screenAndAssertScreenReadTheCopyLocatorsRead() {
        http.refuseNext(200, terminalJson(SHOWN.length())); // the catch-up's question: how far has the output got?

        Screen screen = driver.screen();
        assertThat(screen.text()).isEqualTo("$ make\nok\n$\n");
        assertThat(screen.cursor()).isEqualTo(new Cursor(3, 3));
        http.refuseNext(200, terminalJson(SHOWN.length()));
        driver.assertScreen().row(2, "ok").hasCursorAt(3, 3);
        TerminalAssertions.assertThat(driver.getByText("ok")).isVisible();
    }

    /**
     * The screen clears while a failure is being made: a catch-up with the output at that point (a question to the
     * server, the output arriving meanwhile) would show a screen other than the one the check looked at.
     */
    private void clearTheScreenAtTheNextQuestion() {
        byte[] clear = "\u001b[H\u001b[2Jcleared".getBytes(StandardCharsets.UTF_8);
        http.refuseNext(200, terminalJson(SHOWN.length() + clear.length), () -> view.sendBinary(
                new BinaryOutputFrame(false, SHOWN.length() + clear.length, clear).encode()));
    }

    @Test
    void aFailedLocatorAssertionShowsTheScreenWhereItFoundWhatItLists() {
        TerminalAssertions.assertThat(driver.getByText("ok")).isVisible(); // the view has the output
        clearTheScreenAtTheNextQuestion();

        TerminalAssertionError failure = catchThrowableOfType(TerminalAssertionError.class, () -> TerminalAssertions
                .assertThat(driver.getByText("ok")).within(Duration.ZERO).isHidden());

        assertThat(failure.expectation()).contains("found 1: \"ok\" at row 2, column 1");
        assertThat(failure.screen().text()).as("the screen \"ok\" was found on").isEqualTo("$ make\nok\n$\n");
        assertThat(driver.steps().steps().getLast().screen()).as("the failed step's picture, of the same moment")
                .contains(">ok<").doesNotContain("cleared");
    }

    @Test
    void aFailedScreenAssertionShowsTheScreenItChecked() {
        http.refuseNext(200, terminalJson(SHOWN.length())); // assertScreen's catch-up
        ScreenAssert checked = driver.assertScreen();
        clearTheScreenAtTheNextQuestion();

        TerminalAssertionError failure = catchThrowableOfType(TerminalAssertionError.class, () -> checked.row(2, "ko"));

        assertThat(failure.screen().text()).as("the screen row 2 was read from").isEqualTo("$ make\nok\n$\n");
        assertThat(driver.steps().steps().getLast().screen()).as("the failed step's picture")
                .contains(">ok<").doesNotContain("cleared");
    }

    @Test
    void aClickOnAProgramThatReportsNoMouseFailsSayingSoAndOneOffTheScreenIsRefused() {
        http.refuseNext(200, terminalJson(SHOWN.length())); // each click's catch-up
        http.refuseNext(200, terminalJson(SHOWN.length()));
        driver.timeout(Duration.ZERO);

        assertThatThrownBy(() -> driver.click(2, 1)).isInstanceOf(TerminalAssertionError.class)
                .hasMessageStartingWith("expected the program to turn mouse reporting on (CSI ? 1000 h) within 0 ms,"
                        + " to click row 2, column 1: a program reads no mouse until it does")
                .hasMessageContaining("(vim: set mouse=a; less: --mouse; tmux: set -g mouse on)")
                .hasMessageContaining("\nscreen 30x4");
        assertThatThrownBy(() -> driver.click(5, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("click(5, 1) is outside the 30x4 screen (rows and columns count from 1)");
    }

    @Test
    void aResizeIsOnTheCopyBeforeItsScreenIsRead() {
        // The server has the terminal at 40x6 (a resize), but the view's size frame is still on its way: a resize is
        // no output, so a catch-up with the output alone would read the old 30x4.
        http.refuseNext(200, terminalJson(SHOWN.length(), 40, 6));
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(300); // the frame's trip, longer than the read takes without waiting for it
            } catch (InterruptedException e) {
                return;
            }
            view.sendText("{\"type\":\"size\",\"seq\":" + SHOWN.length() + ",\"cols\":40,\"rows\":6}");
        });

        assertThat(driver.screen().size()).isEqualTo(new TerminalSize(40, 6));
    }

    @Test
    void aWaitAfterAMarkIsAStepWithTheWholeTextItWaitedFor() {
        http.refuseNext(200, terminalJson(SHOWN.length())); // the mark's question: how far has the output got?
        Mark mark = driver.mark();
        byte[] drawn = "done within 5 s".getBytes(StandardCharsets.UTF_8);
        view.sendBinary(new BinaryOutputFrame(false, SHOWN.length() + drawn.length, drawn).encode());

        driver.expectAfter(mark).text("done within 5 s", Duration.ofSeconds(10));

        assertThat(driver.steps().text()).as("the text is the step's, not cut at its own 'within'")
                .contains("\"done within 5 s\" to be drawn after the mark at output offset " + mark.seq() + " (");
    }

    @Test
    void aLocatorAssertionThatHeldSaysInItsStepWhereItFoundTheText() {
        // "make" is on the row the shell echoed the typed line to: a step placed there tells a reader of the failure
        // report that the assertion held before the program drew anything
        TerminalAssertions.assertThat(driver.getByText("make")).isVisible();
        TerminalAssertions.assertThat(driver.getByText("$")).hasCount(2);
        TerminalAssertions.assertThat(driver.getByText("nothing")).isHidden();

        assertThat(driver.steps().text())
                .contains("text \"make\" to be visible, found at row 1, column 3 (")
                .contains("2 of text \"$\", found at row 1, column 1 and 1 more (")
                .contains("text \"nothing\" not to be visible (");
    }

    @Test
    void aWaitForAnyLocatorSaysInItsStepWhichOneItFoundAndWhere() {
        assertThat(driver.waitForAny(driver.getByText("nothing"), driver.getByText("ok"))).isEqualTo(1);
        assertThat(driver.steps().text())
                .contains("any of text \"nothing\", text \"ok\" to be visible, found text \"ok\" at row 2, column 1 (");
    }
}
