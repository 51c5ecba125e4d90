package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Listeners given in {@link SpawnOptions} and output injected by the server (SPEC §5.2, §5.7). */
class OutputListenerTest {

    @Test
    void aListenerFromSpawnOptionsSeesEveryByteFromTheFirstOne() throws Exception {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        long[] lastSeq = {-1};
        OutputListener listener = (data, offset, length, seqAfter) -> {
            assertThat(seqAfter - length).isEqualTo(seen.size());
            seen.write(data, offset, length);
            lastSeq[0] = seqAfter;
        };
        try (PtySession session = PtySession.spawn(
                SpawnOptions.of(List.of("printf", "first bytes")).withOutputListener(listener))) {
            session.onExit().get(30, TimeUnit.SECONDS);

            assertThat(seen.toString(StandardCharsets.UTF_8)).isEqualTo("first bytes");
            assertThat(lastSeq[0]).isEqualTo(session.progress().outputSeq());
        }
    }

    @Test
    void injectedOutputReachesTheEmulatorAndTheListenersAtOneSeq() throws Exception {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        OutputListener listener = (data, offset, length, seqAfter) -> seen.write(data, offset, length);
        try (PtySession session = PtySession.spawn(
                SpawnOptions.of(List.of("sleep", "30")).withOutputListener(listener))) {
            long before = session.progress().outputSeq();

            session.injectOutput("\u001b[2Jinjected".getBytes(StandardCharsets.US_ASCII));

            assertThat(session.progress().outputSeq()).isEqualTo(before + 12);
            assertThat(seen.toString(StandardCharsets.US_ASCII)).endsWith("\u001b[2Jinjected");
            String firstRow = session.inspect(t -> t.rowText(0));
            assertThat(firstRow).isEqualTo("injected");
        }
    }
}
