package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitRequest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A wait on the output for a regular expression that backtracks for ever ({@code (.*a){20}b} over a line of a's) is
 * answered with an error naming the expression, through the SDK's long wait too: a search the server cuts cannot
 * say what it has not read, so its {@code continueAt} stays where it began, and a long wait asking again from there
 * ran the same search again, request after request, to the end of its timeout, and then said only "not matched".
 */
class RunawayRegexWaitE2eTest {
    private static final String TOKEN = "e2e-runaway-token";

    @Test
    void aLongWaitForARegexThatBacktracksForEverEndsWithAnErrorNamingIt() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("runaway-" + UUID.randomUUID())
                    .command("/bin/sh", "-c", "printf '%s\\n' " + "a".repeat(64) + "; exec sleep 120").cwd("/tmp")
                    .build());
            try (RpcClient rpc = server.rpc(terminals, terminal)) {
                rpc.waitFor(WaitRequest.builder().match("aaaa").timeout(Duration.ofSeconds(20)).build());
                // 30 minutes: requests of the server's longest (10 minutes) one after the other, with continueAt.
                WaitRequest runaway = WaitRequest.builder().match("(.*a){20}b").regex(true).since(0)
                        .timeout(Duration.ofMinutes(30)).build();
                assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThatThrownBy(() -> rpc.waitFor(runaway))
                        .isInstanceOf(RpcException.class)
                        .hasMessageContaining("(.*a){20}b")
                        .hasMessageContaining("backtracks"));
                // The connection and the terminal go on: a sane expression is found.
                assertThat(rpc.waitFor(WaitRequest.builder().match("a{64}").regex(true).since(0)
                        .timeout(Duration.ofSeconds(20)).build()).matched()).isTrue();
            } finally {
                terminals.delete(terminal.terminalId());
            }
        }
    }
}
