package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * SPEC §8: hosted processes never outlive the server, even one whose create was under way when the stop came. The
 * registry holds that create after its program has started and before it is registered, where a stop used to miss
 * it.
 */
class TerminalRegistryStopTest {
    /** Bounds a broken test; a passing one ends on events long before. */
    private static final Duration BOUND = Duration.ofSeconds(30);

    @Test
    void stoppingWaitsForACreationUnderWayAndEndsItsProgram() throws Exception {
        CompletableFuture<Long> spawned = new CompletableFuture<>();
        CompletableFuture<Integer> awaitedByTheStop = new CompletableFuture<>();
        AtomicReference<TerminalRegistry> registry = new AtomicReference<>();
        TerminalSettings d = TerminalSettings.DEFAULTS;
        TerminalSettings settings = new TerminalSettings("/bin/sh", d.cols(), d.rows(), d.scrollbackLines(),
                d.replayBytes(), d.clientBacklogBytes(), d.maxTerminals(), d.answerQueries(), false,
                Duration.ofMillis(300), d.titleReports(), d.idPrefix());
        registry.set(new TerminalRegistry(settings, RpcPlacement.forServer("127.0.0.1", 1 << 20), null,
                System::getenv, terminal -> {
                    spawned.complete(terminal.session().pid());
                    // Held until the stop has begun, which then waits for this creation (its terminal is not
                    // registered yet); a stop that did not would end before the terminal is registered.
                    awaitedByTheStop.complete(registry.get().closing().orTimeout(BOUND.toSeconds(), TimeUnit.SECONDS)
                            .join());
                }));
        // A program that ignores the hang-up: only the stop's SIGKILL after the grace ends it.
        CreateRequest request = new CreateRequest("held", null, null, null, "/bin/sh",
                List.of("-c", "trap '' HUP; exec sleep 1000"), Map.of(), false, false);
        CompletableFuture<TerminalRegistry.Outcome> create = CompletableFuture.supplyAsync(() -> {
            try {
                return registry.get().create(request);
            } catch (TerminalRequestException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        long pid = spawned.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        CompletableFuture<Boolean> aliveWhenStopped = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            registry.get().close();
            aliveWhenStopped.complete(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        });
        assertThat(awaitedByTheStop.get(BOUND.toSeconds(), TimeUnit.SECONDS)).as("creations the stop waits for")
                .isEqualTo(1);
        assertThat(aliveWhenStopped.get(BOUND.toSeconds(), TimeUnit.SECONDS))
                .as("the program of a creation under way, once the stop returned").isFalse();
        assertThat(create.get(BOUND.toSeconds(), TimeUnit.SECONDS).terminal().running()).isFalse();
    }
}
