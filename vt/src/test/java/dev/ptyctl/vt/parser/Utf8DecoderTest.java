package dev.ptyctl.vt.parser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.fixtures.Chunking;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class Utf8DecoderTest {

    private static int[] decode(List<byte[]> chunks) {
        Utf8Decoder decoder = new Utf8Decoder();
        int[] all = new int[0];
        for (byte[] chunk : chunks) {
            int[] out = new int[chunk.length + 1];
            int n = decoder.decode(chunk, 0, chunk.length, out);
            int old = all.length;
            all = Arrays.copyOf(all, old + n);
            System.arraycopy(out, 0, all, old, n);
        }
        return all;
    }

    private static int[] decode(int... bytes) {
        byte[] data = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            data[i] = (byte) bytes[i];
        }
        return decode(List.of(data));
    }

    private static final int R = Utf8Decoder.REPLACEMENT;

    @Test
    void decodesOneToFourByteCharacters() {
        String text = "aé€😀";
        assertThat(decode(List.of(text.getBytes(StandardCharsets.UTF_8)))).containsExactly(text.codePoints().toArray());
    }

    @Test
    void charactersSplitAcrossChunksAtEveryByteDecodeTheSame() {
        byte[] bytes = "xé€😀y".getBytes(StandardCharsets.UTF_8);
        int[] expected = "xé€😀y".codePoints().toArray();
        for (List<byte[]> split : Chunking.everyTwoWaySplit(bytes)) {
            assertThat(decode(split)).containsExactly(expected);
        }
        assertThat(decode(Chunking.ONE_BYTE.split(bytes))).containsExactly(expected);
    }

    @Test
    void strayContinuationBytesBecomeOneReplacementEach() {
        assertThat(decode(0x80, 'a', 0xBF, 0xBF)).containsExactly(R, 'a', R, R);
    }

    @Test
    void invalidLeadBytesBecomeReplacements() {
        assertThat(decode(0xC0, 0xC1, 0xF5, 0xFF, 'a')).containsExactly(R, R, R, R, 'a');
    }

    @Test
    void truncatedSequenceIsOneReplacementAndTheBreakingByteIsKept() {
        assertThat(decode(0xE2, 0x82, 'x')).containsExactly(R, 'x');
        assertThat(decode(0xF0, 0x9F, 0x98, 0xE2, 0x82, 0xAC)).containsExactly(R, 0x20AC);
    }

    @Test
    void overlongAndSurrogateFormsAreRejected() {
        assertThat(decode(0xE0, 0x80, 0xAF)).containsExactly(R, R, R);
        assertThat(decode(0xED, 0xA0, 0x80)).containsExactly(R, R, R);
        assertThat(decode(0xF4, 0x90, 0x80, 0x80)).containsExactly(R, R, R, R);
    }

    @Test
    void truncationAcrossChunksIsDetectedInTheNextChunk() {
        Utf8Decoder decoder = new Utf8Decoder();
        int[] out = new int[4];
        assertThat(decoder.decode(new byte[] {(byte) 0xE2}, 0, 1, out)).isZero();
        assertThat(decoder.hasPendingBytes()).isTrue();
        int n = decoder.decode(new byte[] {'a'}, 0, 1, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(R, 'a');
    }

    @Test
    void byteOrderMarkIsDropped() {
        assertThat(decode(0xEF, 0xBB, 0xBF, 'a')).containsExactly('a');
    }

    @Test
    void c1ControlsEncodedAsUtf8DecodeToTheirCodePoints() {
        assertThat(decode(0xC2, 0x9B)).containsExactly(0x9B);
    }

    @Test
    void decodesFromAnOffset() {
        Utf8Decoder decoder = new Utf8Decoder();
        int[] out = new int[8];
        int n = decoder.decode("xxhi".getBytes(StandardCharsets.US_ASCII), 2, 2, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly('h', 'i');
    }
}
