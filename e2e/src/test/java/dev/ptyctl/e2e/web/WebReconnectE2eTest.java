package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.dsl.CuttableProxy;
import dev.ptyctl.e2e.server.UsesServer;
import java.net.URI;
import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A page whose connection is cut again and again while a program streams output ends with exactly the server's
 * screen and scrollback: nothing lost, nothing twice, through replays (and resets, should a replay be too old).
 * The page is loaded through a TCP proxy that resets every connection on command, as a network failure does.
 */
@UsesServer
@BrowserTest
class WebReconnectE2eTest {
    private static final int DROPS = 20;
    /**
     * 20 bursts of 2,300 numbered lines of 116 bytes with CR LF: 5.1 MiB. Each burst waits for an Enter (not echoed),
     * so the test cuts the connection inside every burst without depending on how fast anything runs.
     */
    private static final String STREAM = "for i in $(seq 0 19); do read -rs; seq -f 'line %08.0f "
            + "abcdefghij".repeat(10) + "' $((i*2300+1)) $((i*2300+2300)); done; echo stream-done";
    /** How far into a burst the page must be before the cut: it is receiving it. */
    private static final long INTO_BURST = 64 * 1024;

    private Page page;

    /** After the test, so that a failure's screenshot shows the page. */
    @AfterEach
    void leave() {
        if (page != null) {
            page.leave();
        }
    }

    @Test
    void twentyDropsDuringAFiveMebibyteStreamLeaveTheBufferAsTheServerHasIt() throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url));
             CuttableProxy proxy = CuttableProxy.to(URI.create(url))) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("drops-" + UUID.randomUUID())
                    .command("/bin/bash", "--norc", "--noprofile").env("PS1", "drops> ").build());
            String id = terminal.terminalId();
            page = Page.in(proxy.url().toString()).open("/?t=" + id);
            try {
                page.waitForText(id, "drops>");
                try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                    rpc.write(Action.text(STREAM), Action.key(Key.ENTER));
                    long lastCut = 0; // the number of the connection cut last
                    for (int drop = 1; drop <= DROPS; drop++) {
                        long burstStart = terminals.get(id).nextOutputSeq();
                        long cut = lastCut;
                        rpc.write(Action.key(Key.ENTER));
                        // A connection after the one cut last (the page noticed that cut), receiving this burst.
                        page.waitUntil("the page is connected again and receiving burst " + drop, () ->
                                page.tabNumber(id, "socket.connections") > cut
                                && "open".equals(page.js("return window.ptyctl.tabs[arguments[0]].socket.state;", id))
                                && page.tabNumber(id, "socket.seq") > burstStart + INTO_BURST);
                        lastCut = page.tabNumber(id, "socket.connections");
                        proxy.cut();
                    }
                }
                try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
                    assertThat(rpc.waitFor("stream-done\n", java.time.Duration.ofSeconds(60)).matched()).isTrue();
                }
                page.waitUntil("the page has parsed everything the program wrote", () -> {
                    try {
                        return page.tabNumber(id, "parsedSeq") == terminals.get(id).nextOutputSeq();
                    } catch (Exception e) {
                        return false;
                    }
                });
                assertThat(page.tabNumber(id, "socket.connections")).as("connections").isGreaterThan(DROPS);
                assertThat(normalized(page.buffer(id))).isEqualTo(normalized(terminals.screen(id)));
                assertThat(page.buffer(id)).contains("line 00046000").contains("stream-done");
            } finally {
                terminals.delete(id);
            }
        }
    }

    /** Rows without trailing blanks, and no blank rows at the end (below the cursor). */
    private static String normalized(String text) {
        String joined = Arrays.stream(text.split("\n", -1)).map(String::stripTrailing)
                .collect(Collectors.joining("\n"));
        return joined.replaceAll("\n+$", "");
    }
}
