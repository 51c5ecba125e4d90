package dev.ptyctl.fault;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.RawWebSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a protocol-2 client has received of a terminal's output: the bytes of complete output frames, as a running
 * sha256 and a cursor (the seq of the last complete frame), and how many reset frames came.
 */
final class BinaryStream {
    static final int KIND_OUTPUT = 1;
    static final int KIND_RESET = 2;

    private final MessageDigest sha;
    private volatile long cursor;
    private long resets;
    /** Opens once the cursor has passed byte 0. */
    private final CountDownLatch firstByte = new CountDownLatch(1);

    BinaryStream() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Takes one frame: binary output is added, a reset frame is counted (its data is a picture of the screen, not
     * part of the stream) and moves the cursor to its seq. Returns the exit code when the frame is the exit frame,
     * else -1.
     */
    int take(RawWebSocket.Frame frame) {
        if (frame.opcode() == RawWebSocket.BINARY) {
            ByteBuffer data = ByteBuffer.wrap(frame.payload());
            int kind = data.get();
            long seq = data.getLong();
            if (kind == KIND_RESET) {
                resets++;
            } else {
                if (seq - cursor != data.remaining()) {
                    throw new AssertionError("output frame ending at " + seq + " has " + data.remaining()
                            + " bytes but the client stood at " + cursor);
                }
                sha.update(data);
            }
            cursor = seq;
            if (seq > 0) {
                firstByte.countDown();
            }
        } else if (frame.opcode() == RawWebSocket.TEXT && frame.text().startsWith("{\"type\":\"exit\"")) {
            return JsonSupport.parseObject(frame.text()).getInt("exitCode");
        }
        return -1;
    }

    /** Reads frames from {@code socket} until the exit frame; returns the exit code. */
    int readToExit(RawWebSocket socket) throws IOException {
        while (true) {
            int exit = take(socket.next());
            if (exit >= 0) {
                return exit;
            }
        }
    }

    /** Waits until the cursor has passed byte 0; false when it has not within {@code timeout}. */
    boolean awaitFirstByte(Duration timeout) throws InterruptedException {
        return firstByte.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    long cursor() {
        return cursor;
    }

    long resets() {
        return resets;
    }

    String sha256() {
        try {
            return java.util.HexFormat.of().formatHex(((MessageDigest) sha.clone()).digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }
}
