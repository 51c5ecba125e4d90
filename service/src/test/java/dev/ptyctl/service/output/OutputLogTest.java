package dev.ptyctl.service.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OutputLogTest {

    private static void append(OutputLog log, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        log.output(bytes, 0, bytes.length, log.nextSeq() + bytes.length);
    }

    private static void appendBytes(OutputLog log, byte... bytes) {
        log.output(bytes, 0, bytes.length, log.nextSeq() + bytes.length);
    }

    private static String readAll(OutputLog log, long from) {
        byte[] buffer = new byte[1024];
        OutputLog.Read read = log.read(from, buffer, false);
        assertThat(read.status()).isEqualTo(OutputLog.ReadStatus.BYTES);
        return new String(buffer, 0, read.length(), StandardCharsets.UTF_8);
    }

    @Test
    void seqIsTheByteOffsetAfterTheData() {
        OutputLog log = new OutputLog(64);
        append(log, "hello");
        byte[] buffer = new byte[16];

        OutputLog.Read read = log.read(0, buffer, false);

        assertThat(log.nextSeq()).isEqualTo(5);
        assertThat(read).isEqualTo(new OutputLog.Read(OutputLog.ReadStatus.BYTES, 5, 5));
        assertThat(log.read(5, buffer, false).status()).isEqualTo(OutputLog.ReadStatus.UP_TO_DATE);
        assertThat(readAll(log, 2)).isEqualTo("llo");
    }

    @Test
    void keepsOnlyTheMostRecentCapacityBytesAcrossTheRingEdge() {
        OutputLog log = new OutputLog(8);
        append(log, "abcdef");
        append(log, "ghijkl");

        assertThat(log.firstKeptSeq()).isEqualTo(4);
        assertThat(readAll(log, 4)).isEqualTo("efghijkl");
        assertThat(log.read(3, new byte[16], false).status()).isEqualTo(OutputLog.ReadStatus.TOO_OLD);
        assertThat(log.keeps(3)).isFalse();
        assertThat(log.keeps(12)).isTrue();
    }

    @Test
    void aChunkLargerThanTheRingKeepsItsTail() {
        OutputLog log = new OutputLog(4);
        append(log, "0123456789");

        assertThat(log.firstKeptSeq()).isEqualTo(6);
        assertThat(readAll(log, 6)).isEqualTo("6789");
    }

    @Test
    void aSeqBeyondTheOutputIsTooNew() {
        OutputLog log = new OutputLog(16);
        append(log, "abc");

        assertThat(log.read(4, new byte[8], false).status()).isEqualTo(OutputLog.ReadStatus.TOO_NEW);
        assertThat(log.keeps(4)).isFalse();
    }

    @Test
    void readsNeverEndInsideAMultiByteCharacter() {
        OutputLog log = new OutputLog(64);
        append(log, "ab€cd"); // € is three bytes: offsets 2..4
        byte[] buffer = new byte[4];

        OutputLog.Read first = log.read(0, buffer, false);
        OutputLog.Read second = log.read(first.endSeq(), buffer, false);

        assertThat(first.endSeq()).isEqualTo(2);
        assertThat(new String(buffer, 0, second.length(), StandardCharsets.UTF_8)).isEqualTo("€c");
    }

    @Test
    void anIncompleteCharacterAtTheEndIsHeldBackUntilItCompletesOrIsForced() {
        OutputLog log = new OutputLog(64);
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        append(log, "x");
        appendBytes(log, euro[0], euro[1]);
        byte[] buffer = new byte[16];

        assertThat(log.read(0, buffer, false)).isEqualTo(new OutputLog.Read(OutputLog.ReadStatus.BYTES, 1, 1));
        assertThat(log.read(1, buffer, false).status()).isEqualTo(OutputLog.ReadStatus.PARTIAL_CHARACTER);
        assertThat(log.read(1, buffer, true)).isEqualTo(new OutputLog.Read(OutputLog.ReadStatus.BYTES, 2, 3));

        appendBytes(log, euro[2]);
        OutputLog.Read complete = log.read(1, buffer, false);
        assertThat(new String(buffer, 0, complete.length(), StandardCharsets.UTF_8)).isEqualTo("€");
    }

    @Test
    void invalidUtf8IsStillDelivered() {
        OutputLog log = new OutputLog(64);
        appendBytes(log, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 'z');
        byte[] buffer = new byte[3];

        OutputLog.Read read = log.read(0, buffer, false);

        assertThat(read.length()).isEqualTo(3);
    }

    @Test
    void aLogAttachedLateStartsAtTheFirstChunkItSees() {
        OutputLog log = new OutputLog(64);
        byte[] chunk = "later".getBytes(StandardCharsets.UTF_8);
        log.output(chunk, 0, chunk.length, 105);

        assertThat(log.nextSeq()).isEqualTo(105);
        assertThat(log.firstKeptSeq()).isEqualTo(100);
        assertThat(log.read(0, new byte[8], false).status()).isEqualTo(OutputLog.ReadStatus.TOO_OLD);
        assertThat(readAll(log, 100)).isEqualTo("later");
    }

    @Test
    void subscribersAreWokenAfterEveryChunkUntilTheyUnsubscribe() {
        OutputLog log = new OutputLog(64);
        AtomicInteger wakeUps = new AtomicInteger();
        OutputLog.Subscription subscription = log.subscribe(wakeUps::incrementAndGet);

        append(log, "a");
        append(log, "b");
        subscription.close();
        append(log, "c");

        assertThat(wakeUps).hasValue(2);
        assertThat(log.subscriberCount()).isZero();
    }

    @Test
    void randomChunksReadBackInRandomPiecesReassembleExactly() {
        Random random = new Random(42);
        OutputLog log = new OutputLog(4096);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        long cursor = 0;
        byte[] buffer = new byte[700];
        for (int round = 0; round < 2000; round++) {
            byte[] chunk = randomUtf8(random, random.nextInt(300)).getBytes(StandardCharsets.UTF_8);
            int cut = random.nextInt(chunk.length + 1);
            // Split the chunk at an arbitrary byte, as PTY reads do.
            log.output(chunk, 0, cut, log.nextSeq() + cut);
            log.output(chunk, cut, chunk.length - cut, log.nextSeq() + chunk.length - cut);
            written.writeBytes(chunk);
            for (OutputLog.Read r = log.read(cursor, buffer, false); r.status() == OutputLog.ReadStatus.BYTES;
                    r = log.read(cursor, buffer, false)) {
                String piece = new String(buffer, 0, r.length(), StandardCharsets.UTF_8);
                assertThat(piece).doesNotContain("\ufffd");
                read.write(buffer, 0, r.length());
                cursor = r.endSeq();
            }
        }
        assertThat(read.toByteArray()).isEqualTo(written.toByteArray());
    }

    @Test
    void aLargeLogKeepsEveryByteWhileItsMemoryGrowsWithTheOutput() {
        Random random = new Random(7);
        int capacity = 256 * 1024;
        OutputLog log = new OutputLog(capacity);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        while (written.size() < 3 * capacity) {
            byte[] chunk = new byte[1 + random.nextInt(9000)];
            random.nextBytes(chunk);
            log.output(chunk, 0, chunk.length, log.nextSeq() + chunk.length);
            written.writeBytes(chunk);
            // Everything still kept reads back exactly, before, during and after the ring's growth.
            long first = log.firstKeptSeq();
            assertThat(first).isEqualTo(Math.max(0, written.size() - capacity));
            byte[] kept = new byte[(int) (log.nextSeq() - first)];
            OutputLog.Read r = log.read(first, kept, 0, kept.length, true);
            assertThat(r.length()).isEqualTo(kept.length);
            assertThat(kept).isEqualTo(Arrays.copyOfRange(written.toByteArray(), (int) first,
                    written.size()));
        }
        assertThat(log.capacity()).isEqualTo(capacity);
    }

    static String randomUtf8(Random random, int codePoints) {
        StringBuilder text = new StringBuilder();
        int[] samples = {'a', 'Z', '\n', 'é', '€', '中', 0x1F600};
        for (int i = 0; i < codePoints; i++) {
            text.appendCodePoint(samples[random.nextInt(samples.length)]);
        }
        return text.toString();
    }
}
