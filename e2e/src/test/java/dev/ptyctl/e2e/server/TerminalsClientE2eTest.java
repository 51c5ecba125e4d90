package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CommandRunException;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.FinishedCommand;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcConnectionException;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.Status;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.e2e.ScreenWaits;
import jakarta.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK's REST client against the real {@code ptyctl server}: the whole life of a terminal, with a token. In the
 * e2e remote mode the server is in its own network namespace, reached through its HTTP(S) port alone.
 */
class TerminalsClientE2eTest {
    private static final String TOKEN = "e2e-terminals-token";

    @Test
    void aTerminalIsCreatedDrivenInspectedRecordedAndDeleted(@TempDir Path cwd) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("e2e-sdk")
                    .cwd(cwd.toString()).size(90, 20)
                    .command("/bin/bash", "--norc", "--noprofile").env("PS1", "sdk> ")
                    .build());

            assertThat(terminal.sessionId()).isEqualTo("e2e-sdk");
            assertThat(terminal.size()).isEqualTo(new TerminalSize(90, 20));
            assertThat(terminal.command()).containsExactly("/bin/bash", "--norc", "--noprofile");
            assertThat(terminal.cwd()).isEqualTo(cwd.toString());
            assertThat(terminal.running()).isTrue();
            assertThat(terminals.create(CreateTerminalRequest.builder("e2e-sdk").build()).terminalId())
                    .as("the session's live terminal is returned again").isEqualTo(terminal.terminalId());
            assertThat(terminals.list()).extracting(Terminal::terminalId).contains(terminal.terminalId());

            try (RpcClient rpc = server.rpc(terminals, terminal)) {
                // Screen rows are read with trailing spaces trimmed (SPEC §4.2): the prompt reads "sdk>".
                ScreenWaits.shows(rpc, "sdk>");
                rpc.write(Action.text("echo $((6*7)) from $PWD"), Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "42 from " + cwd);
            }
            assertThat(terminals.screen(terminal.terminalId())).contains("42 from " + cwd);
            assertThat(terminals.screen(terminal.terminalId(), ScreenFormat.VT)).startsWith("\u001bc")
                    .contains("42 from");
            assertThat(terminals.recording(terminal.terminalId())).startsWith("{\"version\":2")
                    .contains("42 from");

            assertThat(terminals.delete(terminal.terminalId())).isTrue();
            assertThat(terminals.delete(terminal.terminalId())).isFalse();
            assertThatThrownBy(() -> terminals.get(terminal.terminalId()))
                    .isInstanceOfSatisfying(RestException.class, e -> {
                        assertThat(e.status()).isEqualTo(404);
                        assertThat(e.error()).isEqualTo("not_found");
                    });
        }
    }

    @Test
    void aRequestWithoutASessionIdStartsANewTerminalEveryTime() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal first = terminals.create(CreateTerminalRequest.builder().command("/bin/cat").build());
            Terminal second = terminals.create(CreateTerminalRequest.builder().command("/bin/cat").build());
            try {
                assertThat(second.terminalId()).isNotEqualTo(first.terminalId());
                assertThat(List.of(first.sessionId(), second.sessionId()))
                        .allMatch(id -> id.matches("sdk-[0-9a-f]{16}"));
                assertThat(first.running() && second.running()).isTrue();
            } finally {
                terminals.delete(first.terminalId());
                terminals.delete(second.terminalId());
            }
        }
    }

    @Test
    void runGivesTheCommandsExitCodeAndOutputAndSaysWhyWhenItDidNotFinish() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal shell = terminals.create(CreateTerminalRequest.builder("e2e-run").build()); // the server's shell
            try (RpcClient rpc = server.rpc(terminals, shell)) {
                FinishedCommand failed = rpc.run("echo out; (exit 3)", Duration.ofSeconds(60));
                assertThat(failed.exitCode()).hasValue(3);
                assertThat(failed.output()).isEqualTo("out\n");

                assertThatThrownBy(() -> rpc.run("sleep 60", Duration.ofMillis(1500)))
                        .isInstanceOfSatisfying(CommandRunException.class, e -> {
                            assertThat(e.reason()).isEqualTo(CommandRunException.Reason.NOT_FINISHED);
                            assertThat(e.getMessage()).isEqualTo("`sleep 60` did not finish within 1500 ms; it still"
                                    + " runs: wait on with waitForPrompt(timeout), or stop it with"
                                    + " write(Action.key(Key.ctrl('c')))");
                        });
                rpc.write(Action.key(Key.ctrl('c')));
                assertThat(rpc.waitForPrompt(Duration.ofSeconds(30)).atPrompt()).as("Ctrl-C stopped the sleep").isTrue();
                assertThatThrownBy(() -> rpc.run("echo 'unclosed", Duration.ofSeconds(60)))
                        .isInstanceOfSatisfying(CommandRunException.class,
                                e -> assertThat(e.reason()).isEqualTo(CommandRunException.Reason.INCOMPLETE));
                assertThat(rpc.run("echo again", Duration.ofSeconds(60)).output()).as("usable after both")
                        .isEqualTo("again\n");
            }
        }
    }

    @Test
    void runInAProgramWithoutShellIntegrationSaysToWriteAndWaitInstead() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal cat = terminals.create(CreateTerminalRequest.builder("e2e-run-cat").command("/bin/cat").build());
            try (RpcClient rpc = server.rpc(terminals, cat)) {
                assertThatThrownBy(() -> rpc.run("ls", Duration.ofSeconds(30)))
                        .isInstanceOfSatisfying(RpcException.class, e -> {
                            assertThat(e.code()).isEqualTo(-32602);
                            assertThat(e.message()).startsWith("run(\"ls\") needs a shell with ptyctl's shell"
                                    + " integration (bash, zsh or fish started plainly, such as the server's default"
                                    + " shell): prompt: no shell integration marks have been seen")
                                    .endsWith("; here, type with writeLine(...) and wait with waitFor(...)");
                        });
            }
        }
    }

    @Test
    void waitForExitReturnsOnceTheProgramHasExitedWithItsCodeAndAfterATimeoutWhileItRuns() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal program = terminals.create(CreateTerminalRequest.builder("e2e-exit")
                    .command("/bin/sh", "-c", "read line; exit 3").build());
            // Two clients: one connection executes its requests in order, so a write sent on the waiting client
            // would queue behind the wait it is meant to end (whichever of the two the server reads first).
            try (RpcClient rpc = server.rpc(terminals, program); RpcClient typist = server.rpc(terminals, program)) {
                Status stillRunning = rpc.waitForExit(Duration.ofMillis(300));
                assertThat(stillRunning.running()).as("after the timeout, the program still reads").isTrue();

                CompletableFuture<Status> end = CompletableFuture.supplyAsync(() -> {
                    try {
                        return rpc.waitForExit(Duration.ofSeconds(60));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                typist.write(Action.text("go"), Action.key(Key.ENTER));
                Status exited = end.get(60, TimeUnit.SECONDS);
                assertThat(exited.running()).isFalse();
                assertThat(exited.exitCode()).hasValue(3);
                assertThat(rpc.waitForExit(Duration.ofSeconds(60)).exitCode()).as("at once, once exited").hasValue(3);
            }
        }
    }

    @Test
    void aCallPendingWhenTheServerStopsSaysTheServerIsStopping() throws Exception {
        assumeFalse(RemoteServer.active(), "stops a server of its own");
        ServerProcess process = ServerProcess.start(Map.of(), "--port", "0");
        try (ServerUnderTest server = ServerUnderTest.through(process.url()); TerminalsClient terminals =
                server.client()) {
            Terminal cat = terminals.create(CreateTerminalRequest.builder("e2e-stop").command("/bin/cat").build());
            try (RpcClient rpc = terminals.rpc(cat.terminalId())) {
                CompletableFuture<WaitResult> pending = rpc.callAsync("pty/wait",
                        Json.createObjectBuilder().add("match", "never").add("timeout", 60_000).build())
                        .thenApply(WaitResult::fromJson);
                process.terminate();
                assertThat(pending).failsWithin(Duration.ofSeconds(30)).withThrowableOfType(ExecutionException.class)
                        .havingCause().isInstanceOf(RpcConnectionException.class)
                        .withMessageContaining("(1001 the server is stopping)");
            }
        } finally {
            process.close();
        }
    }

    @Test
    void aTerminalsOwnPortWithoutTheTokenSaysHowToGiveIt() throws Exception {
        assumeFalse(RemoteServer.active(), "a terminal's own port is on the server's loopback");
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN); TerminalsClient terminals = server.client()) {
            Terminal cat = terminals.create(CreateTerminalRequest.builder("e2e-auth").command("/bin/cat").build());
            try (RpcClient rpc = RpcClient.connect(cat.rpc())) {
                assertThatThrownBy(rpc::read).isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.code()).isEqualTo(-32001);
                    assertThat(e.message()).isEqualTo("Unauthorized");
                    assertThat(e.getMessage()).isEqualTo("Unauthorized (code -32001): the server has a token; connect"
                            + " with RpcClient.builder().token(token) (or call auth(token) first)");
                });
            }
            try (RpcClient rpc = RpcClient.builder().token(TOKEN).connect(cat.rpc())) {
                assertThat(rpc.status().running()).isTrue();
            }
        }
    }

    @Test
    void refusalsCarryTheServersStatusAndMessage() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(TOKEN);
                TerminalsClient noToken = server.clientWithoutToken(); TerminalsClient terminals = server.client()) {
            assertThatThrownBy(noToken::list).isInstanceOfSatisfying(RestException.class,
                    e -> assertThat(e.status()).isEqualTo(401));
            assertThatThrownBy(() -> terminals.create(CreateTerminalRequest.builder("e2e-bad").cols(0).build()))
                    .isInstanceOfSatisfying(RestException.class, e -> {
                        assertThat(e.status()).isEqualTo(400);
                        assertThat(e.message()).contains("cols");
                    });
            assertThat(terminals.deleteSession("e2e-nobody")).isFalse();
            // the JSON-RPC socket of an unknown terminal is refused as the REST API refuses it, not with a ws:// URL
            for (ThrowingCallable unknown : List.<ThrowingCallable>of(() -> terminals.get("e2e-nope"),
                    () -> terminals.rpc("e2e-nope"))) {
                assertThatThrownBy(unknown).isInstanceOfSatisfying(RestException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.error()).isEqualTo("not_found");
                    assertThat(e.message()).isEqualTo("no terminal with id e2e-nope");
                });
            }
        }
    }
}
