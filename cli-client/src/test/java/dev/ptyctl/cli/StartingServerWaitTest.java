package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcConnectionException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.NetworkInterface;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client refused by a server that is starting waits for it, and only then: the start markers
 * ({@link StartMarkers}) and the wait ({@link StartingServerWait}), on a clock and a sleeper of the test's (no real
 * pauses: "did not wait" is "did not sleep").
 */
class StartingServerWaitTest {
    private static final long ME = ProcessHandle.current().pid();
    private static final ListenTarget PORT = ListenTarget.port(5174);

    @TempDir
    Path tmp;

    private StartMarkers markers;
    private final List<Duration> pauses = new ArrayList<>();
    private final StringWriter err = new StringWriter();
    /** The test's clock: each pause moves it on by {@link #PAUSE_LENGTH}. */
    private long now;
    private Runnable onPause = () -> { };
    private static final Duration PAUSE_LENGTH = Duration.ofMillis(400);
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void markersUnderTheTestsTmpdir() {
        markers = StartMarkers.of(Map.of("TMPDIR", tmp.toString())::get);
    }

    @AfterEach
    void stopProcesses() throws InterruptedException {
        for (Process process : started) {
            process.destroyForcibly().waitFor();
        }
    }

    private StartingServerWait waiting() {
        return new StartingServerWait(markers, () -> now, pause -> {
            pauses.add(pause);
            now += PAUSE_LENGTH.toNanos();
            onPause.run();
        }, new PrintWriter(err, true));
    }

    private static RpcConnectionException refused(ListenTarget target) {
        return new RpcConnectionException(RpcAddress.tcp("127.0.0.1", target.port()), "cannot connect",
                new ConnectException("Connection refused"));
    }

    private Path markerOf(long pid) {
        return tmp.resolve(StartMarkers.FOLDER_PREFIX + uid()).resolve(StartMarkers.SUBFOLDER)
                .resolve(Long.toString(pid));
    }

    private static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aRefusedAddressThatNoStarterNamesFailsAtOnce() {
        RpcConnectionException failure = refused(PORT);
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> waiting().retry(PORT, failure, () -> attempts.incrementAndGet()))
                .isSameAs(failure);

        assertThat(pauses).isEmpty();
        assertThat(attempts).hasValue(0);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aStarterOfAnotherAddressIsNotWaitedFor() throws IOException {
        markers.write(ME, "serve", ListenTarget.port(5175));
        RpcConnectionException failure = refused(PORT);

        assertThatThrownBy(() -> waiting().retry(PORT, failure, () -> "connected")).isSameAs(failure);

        assertThat(pauses).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aStarterOfThePortOnThisMachineIsNotWaitedForByAClientOfAnotherHost() throws IOException {
        // `ptyctl ls --url http://remote-host:5174` while a local serve starts on 5174: the marker is this machine's
        markers.write(ME, "serve", PORT);
        ListenTarget remote = ListenTarget.of(RpcAddress.tcp("192.0.2.1", PORT.port()));
        RpcConnectionException failure = refused(PORT);
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> waiting().retry(remote, failure, () -> attempts.incrementAndGet()))
                .isSameAs(failure);
        AtomicInteger probes = new AtomicInteger();
        waiting().awaitListening(ListenTarget.of(URI.create("http://remote.invalid:" + PORT.port())),
                () -> probes.incrementAndGet() > 0);

        assertThat(attempts).hasValue(0);
        assertThat(probes).hasValue(0);
        assertThat(pauses).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aStarterOfThePortCountsForEveryHostOfThisMachine() throws IOException {
        markers.write(ME, "serve", PORT);
        List<String> hosts = new ArrayList<>(List.of("localhost", "LOCALHOST", "127.0.0.1", "127.0.0.2", "[::1]",
                "0.0.0.0"));
        NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst().ifPresent(address -> hosts.add(address.getHostAddress()));

        for (String host : hosts) {
            assertThat(markers.find(ListenTarget.of(URI.create("http://" + host + ":" + PORT.port()))))
                    .as(host).isPresent();
        }
        assertThat(markers.find(ListenTarget.of(RpcAddress.tcp("::1", PORT.port())))).isPresent();
        assertThat(markers.find(ListenTarget.of(URI.create("http://192.0.2.1:" + PORT.port())))).isEmpty();
    }

    @Test
    void aStarterOfTheAddressIsWaitedForUntilItListensAndTheWaitIsNamedOnce() throws IOException {
        markers.write(ME, "serve", PORT);
        AtomicInteger attempts = new AtomicInteger();

        String result = waiting().retry(PORT, refused(PORT), () -> {
            if (attempts.incrementAndGet() < 5) {
                throw refused(PORT);
            }
            return "connected";
        });

        assertThat(result).isEqualTo("connected");
        assertThat(attempts).hasValue(5);
        assertThat(pauses).hasSize(5).containsOnly(StartingServerWait.POLL);
        // the notice comes once the wait passes a second (the test's clock: 0.4 s a pause), and only once
        assertThat(err.toString()).isEqualTo("ptyctl: waiting for `ptyctl serve` (pid " + ME + ") to listen on port "
                + "5174..." + System.lineSeparator());
    }

    @Test
    void aShortWaitSaysNothing() throws IOException {
        markers.write(ME, "server", PORT);

        assertThat(waiting().retry(PORT, refused(PORT), () -> "connected")).isEqualTo("connected");

        assertThat(pauses).hasSize(1);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aFailureOtherThanARefusalIsNotWaitedOn() throws IOException {
        markers.write(ME, "serve", PORT);
        IOException timedOut = new RpcConnectionException(RpcAddress.tcp("127.0.0.1", 5174), "no reply", null);

        assertThatThrownBy(() -> waiting().retry(PORT, timedOut, () -> "connected")).isSameAs(timedOut);

        assertThat(pauses).isEmpty();
    }

    @Test
    void theWaitEndsWhenTheStarterEndsWithoutListening() throws Exception {
        Process starter = start("sleep", "300");
        markers.write(starter.pid(), "serve", PORT);
        onPause = () -> {
            if (pauses.size() == 3) {
                try {
                    starter.destroyForcibly().waitFor(); // reaped: gone, not a zombie
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        };
        RpcConnectionException last = refused(PORT);
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> waiting().retry(PORT, refused(PORT), () -> {
            attempts.incrementAndGet();
            throw last;
        })).isSameAs(last);

        assertThat(attempts).hasValue(3);
        assertThat(markerOf(starter.pid())).as("the ended starter's marker is cleaned up").doesNotExist();
    }

    @Test
    void theWaitIsBoundedWhileTheStarterLives() throws IOException {
        markers.write(ME, "serve", PORT);
        RpcConnectionException last = refused(PORT);

        assertThatThrownBy(() -> waiting().retry(PORT, refused(PORT), () -> {
            throw last;
        })).isSameAs(last);

        assertThat((long) pauses.size()).isEqualTo(StartingServerWait.PATIENCE.toNanos() / PAUSE_LENGTH.toNanos());
    }

    @Test
    void aMarkerOfAProcessThatHasEndedIsDeletedAndNotWaitedFor() throws Exception {
        Process ended = start("true");
        ended.waitFor(1, TimeUnit.MINUTES);
        markers.write(ME, "serve", PORT);
        Files.move(markerOf(ME), markerOf(ended.pid()));

        assertThat(markers.find(PORT)).isEmpty();
        assertThat(markerOf(ended.pid())).doesNotExist();
    }

    @Test
    void aPidTakenOverByAnotherProcessDoesNotPassForTheStarter() throws IOException {
        // the starter crashed, leaving its marker, and this process got its pid: a start time that is not ours
        markers.write(ME, "serve", PORT);
        Files.writeString(markerOf(ME), "serve port 5174\nstarted 1\n");

        assertThat(markers.find(PORT)).isEmpty();
    }

    @Test
    void aSocketIsMatchedByItsAbsolutePath() throws IOException {
        Path socket = tmp.resolve("term.sock");
        markers.write(ME, "serve", ListenTarget.socket(socket));

        Path relative = Path.of("").toAbsolutePath().relativize(socket);
        assertThat(markers.find(ListenTarget.socket(relative)))
                .contains(new StartMarkers.Starter(ME, "serve", ListenTarget.socket(socket)));
        assertThat(markers.find(ListenTarget.socket(tmp.resolve("other.sock")))).isEmpty();
        assertThat(markers.find(PORT)).isEmpty();
    }

    @Test
    void theLaunchersMarkerWithoutAStartTimeIsReadToo() throws IOException {
        markers.write(ME, "serve", PORT);
        Files.writeString(markerOf(ME), "serve port 5174\nstarted \n");

        assertThat(markers.find(PORT)).contains(new StartMarkers.Starter(ME, "serve", PORT));
    }

    @Test
    void aRestCommandWaitsUntilTheMarkerIsGone() throws IOException {
        markers.write(ME, "server", PORT);
        onPause = () -> {
            if (pauses.size() == 4) {
                markers.remove(ME); // the server listens
            }
        };

        waiting().awaitListening(PORT, () -> false);

        assertThat(pauses).hasSize(4);
        assertThat(err.toString()).contains("waiting for `ptyctl server` (pid " + ME + ") to listen on port 5174");
        pauses.clear();
        waiting().awaitListening(PORT, () -> false);
        assertThat(pauses).isEmpty();
    }

    @Test
    void aRestCommandDoesNotWaitForASecondServerStartingWhereOneListensAlready() throws IOException {
        // `ptyctl server &` twice: the second will fail to bind, and the first answers meanwhile
        markers.write(ME, "server", PORT);

        waiting().awaitListening(PORT, () -> true);

        assertThat(pauses).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void theCliRefusedByAPortWhileAnotherServerStartsFailsAtOnceAsBefore(@TempDir Path dir) throws IOException {
        markers.write(ME, "serve", ListenTarget.port(5175));

        Cli.Result result = Cli.run(Map.of("TMPDIR", tmp.toString()), "status", "--socket",
                dir.resolve("missing.sock").toString());

        assertThat(result.exitCode()).isEqualTo(ExitCode.CANNOT_CONNECT);
        assertThat(result.err()).isEqualTo("ptyctl: connection refused: is `ptyctl serve` (or a terminal of `ptyctl "
                + "server`) listening on " + dir.resolve("missing.sock") + "?" + System.lineSeparator());
        assertThat(markerOf(ME)).as("the other starter's marker stays").exists();
    }

    private Process start(String... command) throws IOException {
        Process process = new ProcessBuilder(command).start();
        started.add(process);
        return process;
    }
}
