package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ClientSeqMemoryTest {
    private final AtomicLong now = new AtomicLong();
    private final ClientSeqMemory memory = new ClientSeqMemory(now::get);

    private static void handle(ClientSeqMemory.Client client, long seq) {
        client.lock().lock();
        try {
            client.handled(seq);
        } finally {
            client.lock().unlock();
        }
    }

    @Test
    void aFrameNotGreaterThanTheHighestHandledIsADuplicate() {
        ClientSeqMemory.Client client = memory.touch("a");
        handle(client, 5);

        assertThat(client.alreadyHandled(5)).isTrue();
        assertThat(client.alreadyHandled(3)).isTrue();
        assertThat(client.alreadyHandled(6)).isFalse();
        assertThat(memory.touch("a").alreadyHandled(4)).isTrue();
        assertThat(memory.touch("b").alreadyHandled(1)).isFalse();
    }

    @Test
    void anIdleClientIsRememberedForTenMinutesAfterItsLastUse() {
        memory.connected("a");
        handle(memory.touch("a"), 7);
        now.addAndGet(ClientSeqMemory.RETENTION.toNanos() * 3); // connected: kept however long
        memory.disconnected("a");
        now.addAndGet(ClientSeqMemory.RETENTION.toNanos() - 1);
        memory.touch("other");

        assertThat(memory.touch("a").alreadyHandled(7)).isTrue();

        now.addAndGet(ClientSeqMemory.RETENTION.toNanos());
        memory.touch("third");

        assertThat(memory.size()).isEqualTo(1);
        assertThat(memory.touch("a").alreadyHandled(7)).isFalse();
    }

    @Test
    void aFloodOfClientIdsIsBoundedAndSparesConnectedOnes() {
        memory.connected("kept");
        handle(memory.touch("kept"), 1);
        for (int i = 0; i < ClientSeqMemory.MAX_CLIENTS * 3; i++) {
            memory.touch("flood-" + i);
        }

        assertThat(memory.size()).isLessThanOrEqualTo(ClientSeqMemory.MAX_CLIENTS + 1);
        assertThat(memory.touch("kept").alreadyHandled(1)).isTrue();
    }

    @Test
    void idsAreRememberedForAtLeastTheTenMinutesTheSpecPromises() {
        // The other tests count from RETENTION; this one keeps it at SPEC §5.3's figure.
        assertThat(ClientSeqMemory.RETENTION).isGreaterThanOrEqualTo(Duration.ofMinutes(10));
    }
}
