package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.testing.FakeRpcServer;
import dev.ptyctl.client.testing.FakeWebSocketServer;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ws.BinaryOutputFrame;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A driver with a live view reads one screen: {@link TerminalDriver#screen()} and {@link TerminalDriver#assertScreen()}
 * show its own copy, as locators do, once the copy has every byte the server had written when asked; not the
 * server's {@code pty/read}, whose screen may trail the output already delivered. Played here by a scripted server
 * whose JSON-RPC screen is stale on purpose.
 */
class LiveCopyTest {
    private static final String SHOWN = "$ make\r\nok\r\n$ ";
    private FakeWebSocketServer http;
    private FakeRpcServer rpc;
    private TerminalsClient terminals;
    private TerminalDriver driver;
    private FakeWebSocketServer.Connection view;

    /** The REST terminal object as the server gives it, its output offset at {@code nextOutputSeq}. */
    private String terminalJson(long nextOutputSeq) {
        return "{\"terminalId\":\"t-1\",\"sessionId\":\"s\",\"pid\":42,\"running\":true,\"cols\":30,\"rows\":4,"
                + "\"nextOutputSeq\":" + nextOutputSeq + ",\"cwd\":\"/\",\"shell\":\"bash\",\"args\":[],"
                + "\"createdAt\":\"2026-01-01T00:00:00Z\",\"clients\":1,\"websocketPath\":\"/v1/terminals/t-1/socket\","
                + "\"rpc\":{\"host\":\"127.0.0.1\",\"port\":" + rpc.port() + "}}";
    }

    @BeforeEach
    void connect() throws Exception {
        http = FakeWebSocketServer.start();
        rpc = FakeRpcServer.startTcp();
        terminals = TerminalsClient.builder().baseUrl(http.url()).build();
        Terminal terminal = Terminal.fromJson(JsonSupport.parseObject(terminalJson(0)));
        driver = TerminalDriver.connect(terminals, terminal, null);
        view = http.accept();
        view.sendText("{\"type\":\"ready\",\"seq\":0,\"protocol\":2}");
        view.sendText("{\"type\":\"size\",\"seq\":0,\"cols\":30,\"rows\":4}");
        byte[] output = SHOWN.getBytes(StandardCharsets.UTF_8);
        view.sendBinary(new BinaryOutputFrame(false, output.length, output).encode()); // seq: the offset after it
    }

    @AfterEach
    void close() throws Exception {
        driver.close();
        terminals.close();
        rpc.close();
        http.close();
    }

    @Test
    void screenAndAssertScreenReadTheCopyLocatorsRead() {
        // pty/read would answer with the screen from before "ok": the server's emulator had not applied it yet
        rpc.reply("{'screen':'$ make\\n','cursor':{'row':1,'col':7},'size':{'cols':30,'rows':4}}");
        http.refuseNext(200, terminalJson(SHOWN.length())); // the catch-up's question: how far has the output got?

        Screen screen = driver.screen();
        assertThat(screen.text()).isEqualTo("$ make\nok\n$\n");
        assertThat(screen.cursor()).isEqualTo(new Cursor(3, 3));
        http.refuseNext(200, terminalJson(SHOWN.length()));
        driver.assertScreen().row(2, "ok").cursorAt(3, 3);
        TerminalAssertions.assertThat(driver.getByText("ok")).isVisible();
    }
}
