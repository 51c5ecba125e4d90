package dev.ptyctl.service.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RFC 6455 §5.5.1 at the last place every frame passes: after a close frame, whoever writes it, no frame reaches
 * the socket. (Helidon writes the close frame itself when it refuses a client's frame, while a terminal client's
 * sender may be writing on its own thread.)
 */
class CloseIsLastWriterTest {
    private static final int TEXT = 0x81;
    private static final int BINARY = 0x82;
    private static final int CLOSE = 0x88;
    private static final int PING = 0x89;

    /** Records the first byte of every frame that reaches the socket. */
    private static final class Socket implements DataWriter {
        final List<Integer> frames = new ArrayList<>();

        @Override
        public void write(BufferData... buffers) {
            for (BufferData buffer : buffers) {
                write(buffer);
            }
        }

        @Override
        public void write(BufferData buffer) {
            frames.add(buffer.get(0) & 0xFF);
        }

        @Override
        public void writeNow(BufferData... buffers) {
            write(buffers);
        }

        @Override
        public void writeNow(BufferData buffer) {
            write(buffer);
        }
    }

    private static BufferData frame(int firstByte, int... payload) {
        BufferData data = BufferData.create(2 + payload.length);
        data.write(firstByte);
        data.write(payload.length);
        for (int b : payload) {
            data.write(b);
        }
        return data;
    }

    @Test
    void framesBeforeTheCloseFrameGoOutAndNothingAfterIt() {
        Socket socket = new Socket();
        DataWriter writer = new CloseIsLastContext.CloseIsLastWriter(socket);

        writer.writeNow(frame(TEXT, '{', '}'));
        writer.writeNow(frame(PING));
        writer.writeNow(frame(CLOSE, 0x03, 0xEA)); // 1002
        writer.writeNow(frame(BINARY, 1, 2, 3)); // the sender's output, a moment too late
        writer.write(frame(TEXT, '{', '}'));
        writer.writeNow(frame(CLOSE, 0x03, 0xE8)); // a second close is not sent either

        assertThat(socket.frames).containsExactly(TEXT, PING, CLOSE);
    }

    @Test
    void aDataFrameWhosePayloadLooksLikeACloseDoesNotEndTheConnection() {
        Socket socket = new Socket();
        DataWriter writer = new CloseIsLastContext.CloseIsLastWriter(socket);

        writer.writeNow(frame(BINARY, CLOSE, CLOSE));
        writer.writeNow(frame(TEXT, CLOSE));
        writer.writeNow(frame(0x08)); // a close frame without the FIN bit is still a close frame

        writer.writeNow(frame(TEXT));

        assertThat(socket.frames).containsExactly(BINARY, TEXT, 0x08);
    }
}
