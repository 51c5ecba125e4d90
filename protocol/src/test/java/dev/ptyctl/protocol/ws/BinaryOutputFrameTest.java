package dev.ptyctl.protocol.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class BinaryOutputFrameTest {

    @Test
    void theLayoutIsKindThenBigEndianSeqThenData() {
        byte[] encoded = new BinaryOutputFrame(false, 0x0102030405060708L, new byte[] {'h', 'i'}).encode();

        assertThat(encoded).containsExactly(1, 1, 2, 3, 4, 5, 6, 7, 8, 'h', 'i');
        assertThat(new BinaryOutputFrame(true, 5, new byte[0]).encode()).containsExactly(2, 0, 0, 0, 0, 0, 0, 0, 5);
    }

    @Test
    void decodingGivesBackTheFrame() {
        BinaryOutputFrame frame = new BinaryOutputFrame(true, Long.MAX_VALUE, new byte[] {(byte) 0xff, 0});

        assertThat(BinaryOutputFrame.decode(frame.encode())).isEqualTo(frame);
        assertThat(BinaryOutputFrame.decode(ByteBuffer.wrap(frame.encode()))).isEqualTo(frame);
    }

    @Test
    void aShortFrameOrUnknownKindIsRejected() {
        assertThatThrownBy(() -> BinaryOutputFrame.decode(new byte[] {1, 0, 0})).hasMessageContaining("header");
        assertThatThrownBy(() -> BinaryOutputFrame.decode(new byte[] {3, 0, 0, 0, 0, 0, 0, 0, 0}))
                .hasMessageContaining("kind");
    }
}
