package dev.ptyctl.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.FinishedCommand;
import dev.ptyctl.client.FrameAck;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.PromptWaitResult;
import dev.ptyctl.client.ReconnectPolicy;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.Selection;
import dev.ptyctl.client.Status;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalEvents;
import dev.ptyctl.client.TerminalEventsListener;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.client.WriteResult;
import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.protocol.TerminalEvent;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The examples of docs/sdk.md, run against a real server. */
@UsesServer
class SdkGuideExamplesTest {
    private final URI server = URI.create(System.getProperty("ptyctl.url"));

    @Test
    void terminalsClientCreatesListsReadsAndDeletes() throws Exception {
        String serverUrl = server.toString();
        // tag::terminals-client[]
        try (TerminalsClient terminals = TerminalsClient.builder()
                .baseUrl(serverUrl)                          // e.g. "http://127.0.0.1:8765"
                .token(System.getenv("PTYCTL_TOKEN"))        // null or empty: no token
                .build()) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("sdk-guide")
                    .command("/bin/bash")
                    .size(100, 30)
                    .env("GREETING", "hello")
                    .build());
            System.out.println(terminal.terminalId() + " pid " + terminal.pid() + " rpc " + terminal.rpc());

            List<Terminal> all = terminals.list();
            Terminal fresh = terminals.get(terminal.terminalId());
            String text = terminals.screen(terminal.terminalId());                // scrollback + screen
            String redraw = terminals.screen(terminal.terminalId(), ScreenFormat.VT); // escape sequences

            boolean closed = terminals.delete(terminal.terminalId());            // true: it was running
            // end::terminals-client[]
            assertThat(all).extracting(Terminal::terminalId).contains(terminal.terminalId());
            assertThat(fresh.running()).isTrue();
            assertThat(text).isNotNull();
            assertThat(redraw).startsWith("\u001bc");
            assertThat(closed).isTrue();
        }
    }

    @Test
    void aPromptWaitGivesTheCommandsExitCodeAndOutput() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("sdk-guide-prompt")
                    .command("/bin/bash").build());
            try (RpcClient client = RpcClient.connect(terminal.rpc())) {
                client.waitForPrompt(Duration.ofSeconds(20));
                // tag::prompt-wait[]
                long typed = client.write(Action.text("ls /etc/hostname"), Action.key(Key.ENTER)).outputSeq();
                PromptWaitResult done = client.waitForPromptAfter(typed, Duration.ofSeconds(30));
                if (done.atPrompt()) {                                       // matched, and not a continuation prompt
                    FinishedCommand ls = done.command().orElseThrow();      // the last command the input ran
                    System.out.print(ls.exitCode().orElse(-1) + ": " + ls.output()); // 0: /etc/hostname
                }
                // end::prompt-wait[]
                assertThat(done.atPrompt()).as(done.toString()).isTrue();
                assertThat(done.command()).get().isEqualTo(new FinishedCommand(java.util.Optional.of("ls /etc/hostname"),
                        java.util.OptionalInt.of(0), "/etc/hostname\n", false));

                // tag::run-command[]
                FinishedCommand missing = client.run("ls /no/such/file", Duration.ofSeconds(30));
                if (missing.exitCode().orElse(-1) != 0) {
                    System.err.print(missing.output());          // ls: cannot access '/no/such/file': No such ...
                }
                // end::run-command[]
                assertThat(missing.exitCode()).hasValue(2);
                assertThat(missing.output()).startsWith("ls: cannot access '/no/such/file'");
            } finally {
                terminals.delete(terminal.terminalId());
            }
        }
    }

    @Test
    void terminalEventsArriveAfterTheSubscription() throws Exception {
        String serverUrl = server.toString();
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            try {
                // tag::terminal-events[]
                BlockingQueue<TerminalEvent> seen = new LinkedBlockingQueue<>();
                try (TerminalEvents events = TerminalEvents.builder(URI.create(serverUrl))
                        .token(System.getenv("PTYCTL_TOKEN"))                  // null or empty: no token
                        .listener(new TerminalEventsListener() {
                            @Override
                            public void onSubscribed() {                       // first, and again after every reconnect:
                                System.out.println("subscribed: list the terminals now");   // events before it are not sent
                            }

                            @Override
                            public void onEvent(TerminalEvent event) {
                                seen.add(event);
                            }
                        })
                        .connect()) {                                          // returns once subscribed
                    terminals.create(CreateTerminalRequest.builder("watched").command("/bin/cat").build());
                    TerminalEvent created = seen.poll(30, TimeUnit.SECONDS);   // its data: the new terminal
                    System.out.println(created.name() + " " + created.terminalId().orElseThrow()); // terminal.created 4f1c…
                }
                // end::terminal-events[]
            } finally {
                terminals.deleteSession("watched");
            }
        }
    }

    @Test
    void restErrorsAreTyped() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            // tag::rest-client-errors[]
            try {
                terminals.create(CreateTerminalRequest.builder("bad").cwd("/no/such/dir").build());
            } catch (RestException e) {
                System.err.println(e.status() + " " + e.error() + ": " + e.message()); // 400 invalid_request: ...
            }
            // end::rest-client-errors[]
            // The snippet passes whether or not create throws; this is what it shows happen.
            assertThatThrownBy(() -> terminals.create(CreateTerminalRequest.builder("bad").cwd("/no/such/dir").build()))
                    .isInstanceOfSatisfying(RestException.class, e -> {
                        assertThat(e.status()).isEqualTo(400);
                        assertThat(e.error()).isEqualTo("invalid_request");
                        assertThat(e.message()).contains("cwd is not an existing directory: /no/such/dir");
                    });
        }
    }

    @Test
    void rpcClientReachesATerminalThroughTheServersPort() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            String terminalId = terminals.create(CreateTerminalRequest.builder("sdk-guide-remote")
                    .command("/bin/bash").build()).terminalId();
            URI serverUrl = server;
            try {
                // tag::rpc-client-remote[]
                RpcAddress remote = RpcAddress.server(serverUrl, terminalId);   // e.g. https://build-host:8765
                try (RpcClient client = RpcClient.builder()
                        .token(System.getenv("PTYCTL_TOKEN"))                   // the server's token, if it has one
                        .connect(remote)) {
                    client.write(Action.text("echo over the server's port"), Action.key(Key.ENTER));
                    client.waitFor("over the server's port\n", Duration.ofSeconds(30));
                }
                // end::rpc-client-remote[]
                assertThat(terminals.screen(terminalId)).contains("over the server's port\n");
            } finally {
                terminals.delete(terminalId);
            }
        }
    }

    @Test
    void rpcClientDrivesATerminal() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("sdk-guide-rpc").command("/bin/bash").build());
            try {
                // tag::rpc-client[]
                try (RpcClient client = RpcClient.connect(terminal.rpc())) {   // or RpcClient.connect("127.0.0.1", port)
                    WriteResult written = client.write(Action.text("echo hello"), Action.key(Key.ENTER));
                    WaitResult result = client.waitFor("hello\n", Duration.ofSeconds(30));
                    if (!result.matched()) {
                        throw new AssertionError("no hello after " + result.waitedMs() + " ms:\n" + result.screen().text());
                    }
                    Screen bottom = client.read(Selection.bottom(3));
                    System.out.print(bottom.text() + "cursor " + bottom.cursor() + ", size " + bottom.size());
                    String redraw = client.screen(ScreenFormat.VT);          // escape sequences: screen + scrollback, colours, cursor

                    WaitResult quiet = client.waitFor(WaitRequest.builder()
                            .idle(Duration.ofMillis(300))                    // no output for 300 ms
                            .timeout(Duration.ofSeconds(5))
                            .build());
                    client.resize(120, 40);
                    Status status = client.status();                         // running, exit code, pid
                }
                // end::rpc-client[]
                // tag::rpc-errors[]
                try (RpcClient client = RpcClient.connect(terminal.rpc())) {
                    client.write(Action.key("Hyper+Q"));
                } catch (RpcException e) {
                    System.err.println(e.message() + " (code " + e.code() + ")");   // Unknown key: "Hyper+Q" (code -32602)
                }
                // end::rpc-errors[]
                try (RpcClient client = RpcClient.connect(terminal.rpc())) {
                    assertThat(client.read().text()).contains("hello");
                    assertThat(client.read().size().cols()).isEqualTo(120);
                }
            } finally {
                terminals.delete(terminal.terminalId());
            }
        }
    }

    @Test
    void attachmentStreamsOutputAndTypes() throws Exception {
        try (TerminalsClient terminals = TerminalsClient.of(server)) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("sdk-guide-ws").command("/bin/bash").build());
            String terminalId = terminal.terminalId();
            String serverUrl = server.toString(); // the guide shows the String overload: "http://127.0.0.1:8765"
            StringBuffer shown = new StringBuffer();
            try {
                // tag::attachment[]
                AttachmentListener listener = new AttachmentListener() {
                    @Override
                    public void onOutput(byte[] data, long seq, boolean reset) {
                        // reset: data redraws the whole terminal (it starts with ESC c)
                        shown.append(new String(data, StandardCharsets.UTF_8));
                    }

                    @Override
                    public void onExit(int exitCode) {
                        System.out.println("[exited with " + exitCode + "]");
                    }

                    @Override
                    public void onStateChanged(ConnectionState state) {
                        System.out.println("[" + state + "]");    // CONNECTED, RECONNECTING, CLOSED
                    }
                };
                try (TerminalAttachment attachment = TerminalAttachment.builder(serverUrl, terminalId)
                        .listener(listener)
                        .reconnect(ReconnectPolicy.DEFAULT)     // 200 ms doubling to 10 s, with jitter
                        .connect()) {
                    attachment.resize(120, 40);                 // this client's grid
                    CompletableFuture<FrameAck> typed = attachment.input("echo attached\r");
                    FrameAck ack = typed.get(10, TimeUnit.SECONDS); // applied once, at output offset ack.outputSeq()
                    // ... output arrives in onOutput; attachment.lastOutputSeq() is where a reconnect resumes
                }
                // end::attachment[]
                try (RpcClient client = RpcClient.connect(terminal.rpc())) {
                    assertThat(client.waitFor("attached\n", Duration.ofSeconds(10)).matched()).isTrue();
                }
                // The attachment was closed right after the ack; the program's answer may or may not have arrived.
                assertThat(shown.toString()).startsWith("\u001bc");
            } finally {
                terminals.delete(terminalId);
            }
        }
    }
}
