package dev.ptyctl.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void theUnitPrintedIsTheOneTheNumberIsIn() {
        assertThat(Durations.describe(Duration.ofSeconds(5))).isEqualTo("5 s");
        assertThat(Durations.describe(Duration.ofSeconds(10).plusMillis(5000))).isEqualTo("15 s");
        assertThat(Durations.describe(Duration.ofMillis(1500))).isEqualTo("1500 ms");
        assertThat(Durations.describe(Duration.ofMillis(200))).isEqualTo("200 ms");
        // Under a millisecond is "0 ms", not "0 s" (the client SDK's REST transport printed that).
        assertThat(Durations.describe(Duration.ofNanos(500_000))).isEqualTo("0 ms");
        assertThat(Durations.describe(Duration.ZERO)).isEqualTo("0 ms");
    }
}
