package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SPEC §5.6: a client at or above 30 ms of smoothed round trip gets output batched for srtt / 4, at most 16 ms. */
class BatchDelayTest {
    private static final long MS = 1_000_000;

    @Test
    void lowLatencyClientsGetOutputAsItComes() {
        assertThat(ClientSender.batchDelayNanos(0)).isZero();
        assertThat(ClientSender.batchDelayNanos(29.9)).isZero();
    }

    @Test
    void highLatencyClientsWaitAQuarterOfTheirRoundTripUpToSixteenMilliseconds() {
        assertThat(ClientSender.batchDelayNanos(30)).isEqualTo(7_500_000);
        assertThat(ClientSender.batchDelayNanos(40)).isEqualTo(10 * MS);
        assertThat(ClientSender.batchDelayNanos(64)).isEqualTo(16 * MS);
        assertThat(ClientSender.batchDelayNanos(200)).isEqualTo(16 * MS);
    }
}
