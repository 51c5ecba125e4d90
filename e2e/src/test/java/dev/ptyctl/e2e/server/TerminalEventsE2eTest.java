package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.ReconnectPolicy;
import dev.ptyctl.client.Terminal;

import dev.ptyctl.client.TerminalEvents;
import dev.ptyctl.client.TerminalEventsListener;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.e2e.dsl.CuttableProxy;
import dev.ptyctl.protocol.TerminalEvent;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link TerminalEvents}, the SDK's client of the event socket, against a real server (and a proxy that cuts it). */
class TerminalEventsE2eTest {
    private static final String TOKEN = "e2e-events-token";
    private static final long WAIT_SECONDS = Bounds.HANG.toSeconds();
    private static final ReconnectPolicy QUICK = new ReconnectPolicy(Duration.ofMillis(20), Duration.ofMillis(500), 2,
            0.5, 200);

    /** The listener's calls, one line each, in order, for the test to take. */
    private static final class Recorder implements TerminalEventsListener {
        private final BlockingQueue<String> calls = new LinkedBlockingQueue<>();

        @Override
        public void onSubscribed() {
            calls.add("subscribed");
        }

        @Override
        public void onEvent(TerminalEvent event) {
            calls.add(event.name() + " " + event.terminalId().orElse("-"));
        }

        @Override
        public void onStateChanged(ConnectionState state) {
            calls.add("state " + state);
        }

        @Override
        public void onConnectionFailure(AttachmentException failure) {
            calls.add("failure " + failure.getMessage());
        }

        /** The next call that starts with {@code prefix}, skipping others (title and size events, say). */
        String next(String prefix) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            for (String call; (call = calls.poll(until - System.nanoTime(), TimeUnit.NANOSECONDS)) != null; ) {
                if (call.startsWith(prefix)) {
                    return call;
                }
            }
            throw new AssertionError("no call starting with \"" + prefix + "\" within " + WAIT_SECONDS + " s (load"
                    + " average " + Bounds.loadAverage() + ")");
        }
    }

    private static ServerProcess server() throws Exception {
        return ServerProcess.start(Map.of("PTYCTL_TOKEN", TOKEN), "--port", "0");
    }

    private static TerminalsClient terminals(ServerProcess server) throws Exception {
        return TerminalsClient.builder().baseUrl(server.url()).token(TOKEN).build();
    }

    private static Terminal cat(TerminalsClient terminals) throws Exception {
        return terminals.create(CreateTerminalRequest.builder("events-" + UUID.randomUUID()).command("/bin/cat").build());
    }

    @Test
    void terminalsCreatedAndClosedArriveAsEventsAfterTheSubscription() throws Exception {
        Recorder recorder = new Recorder();
        try (ServerProcess server = server(); TerminalsClient terminals = terminals(server);
                TerminalEvents events = TerminalEvents.builder(URI.create(server.url())).token(TOKEN)
                        .listener(recorder).connect()) {
            assertThat(recorder.calls.poll()).as("connect() returns once subscribed").isEqualTo("subscribed");
            assertThat(events.state()).isEqualTo(ConnectionState.CONNECTED);
            Terminal terminal = cat(terminals);
            assertThat(recorder.next("terminal.created")).isEqualTo("terminal.created " + terminal.terminalId());
            terminals.delete(terminal.terminalId());
            assertThat(recorder.next("terminal.exited")).isEqualTo("terminal.exited " + terminal.terminalId());
        }
        assertThat(recorder.next("state")).isEqualTo("state " + ConnectionState.CLOSED);
    }

    @Test
    void theTerminalsClientSubscribesWithItsOwnToken() throws Exception {
        Recorder recorder = new Recorder();
        try (ServerProcess server = server(); TerminalsClient terminals = terminals(server);
                TerminalEvents events = terminals.events(recorder)) {
            assertThat(recorder.calls.poll()).as("events() returns once subscribed").isEqualTo("subscribed");
            Terminal terminal = cat(terminals);
            assertThat(recorder.next("terminal.created")).isEqualTo("terminal.created " + terminal.terminalId());
            terminals.delete(terminal.terminalId());
            assertThat(recorder.next("terminal.exited")).isEqualTo("terminal.exited " + terminal.terminalId());
        }
    }

    @Test
    void aCutConnectionIsSubscribedAgainAndEventsAfterItArrive() throws Exception {
        Recorder recorder = new Recorder();
        try (ServerProcess server = server(); TerminalsClient terminals = terminals(server);
                CuttableProxy proxy = CuttableProxy.to(URI.create(server.url()));
                TerminalEvents events = TerminalEvents.builder(proxy.url()).token(TOKEN).reconnect(QUICK)
                        .listener(recorder).connect()) {
            recorder.next("subscribed");
            proxy.cut();
            assertThat(recorder.next("failure")).contains("/v1/events");
            assertThat(recorder.next("state")).isEqualTo("state " + ConnectionState.RECONNECTING);
            recorder.next("subscribed"); // the moment to list again: what happened while cut is not sent
            assertThat(events.subscriptions()).isEqualTo(2);
            Terminal terminal = cat(terminals);
            assertThat(recorder.next("terminal.created")).isEqualTo("terminal.created " + terminal.terminalId());
            terminals.delete(terminal.terminalId());
        }
    }

    @Test
    void aServerThatStopsIsReportedAndTheSubscriptionKeepsTrying() throws Exception {
        Recorder recorder = new Recorder();
        ServerProcess server = server();
        try (TerminalEvents events = TerminalEvents.builder(URI.create(server.url())).token(TOKEN).reconnect(QUICK)
                .listener(recorder).connect()) {
            recorder.next("subscribed");
            // SIGTERM: the server closes its event sockets with 1001 (going away) and waits for that frame to go out
            // before its process ends (only a server killed outright ends them without one: 1006).
            server.close();
            assertThat(recorder.next("failure")).contains("/v1/events (1001 ");
            assertThat(recorder.next("state")).isEqualTo("state " + ConnectionState.RECONNECTING);
            assertThat(events.state()).isNotEqualTo(ConnectionState.CLOSED);
        } finally {
            server.close();
        }
    }

    @Test
    void aWrongTokenIsRefusedAtOnceForGood() throws Exception {
        try (ServerProcess server = server()) {
            assertThatThrownBy(() -> TerminalEvents.builder(URI.create(server.url())).token("not-the-token").connect())
                    .isInstanceOfSatisfying(AttachmentException.class, e -> {
                        assertThat(e.httpStatus()).hasValue(401);
                        assertThat(e.permanent()).isTrue();
                    });
        }
    }
}
