package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkingTest {
    private static final byte[] DATA = "\u001b[1;31mhello \u4e16\u754c\u001b[0m\r\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void everyChunkingReassemblesTheStreamExactly() {
        for (Chunking chunking : Chunking.values()) {
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            chunking.split(DATA, 42).forEach(joined::writeBytes);
            assertThat(joined.toByteArray()).as(chunking.label()).isEqualTo(DATA);
        }
    }

    @Test
    void byteChunkingHasOnePiecePerByte() {
        assertThat(Chunking.BYTES.split(DATA, 0)).hasSize(DATA.length).allSatisfy(p -> assertThat(p).hasSize(1));
    }

    @Test
    void randomChunkingRepeatsForTheSameSeedAndVariesWithIt() {
        List<byte[]> first = Chunking.RANDOM.split(DATA, 7);
        List<byte[]> again = Chunking.RANDOM.split(DATA, 7);
        List<byte[]> other = Chunking.RANDOM.split(DATA, 8);
        assertThat(again).usingRecursiveComparison().isEqualTo(first);
        assertThat(other).usingRecursiveComparison().isNotEqualTo(first);
        assertThat(first).hasSizeGreaterThan(1).allSatisfy(p -> assertThat(p).isNotEmpty());
    }

    @Test
    void randomChunkingLeavesOneByteAlone() {
        assertThat(Chunking.RANDOM.split(new byte[] {65}, 1)).singleElement().isEqualTo(new byte[] {65});
    }
}
