package dev.ptyctl.fault;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.RawWebSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;

/**
 * What a protocol-2 client has received of a terminal's output: the bytes of complete output frames, as a running
 * sha256 and a cursor (the seq of the last complete frame), and how many reset frames came.
 */
final class BinaryStream {
    static final int KIND_OUTPUT = 1;
    static final int KIND_RESET = 2;

    private final MessageDigest sha;
    /** Guarded by {@code this}, so that another thread can wait for it to move ({@link #awaitCursor}). */
    private long cursor;
    private long resets;

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
                long at = cursor();
                if (seq - at != data.remaining()) {
                    throw new AssertionError("output frame ending at " + seq + " has " + data.remaining()
                            + " bytes but the client stood at " + at);
                }
                sha.update(data);
            }
            moveTo(seq);
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

    private synchronized void moveTo(long seq) {
        cursor = seq;
        notifyAll();
    }

    /**
     * Waits until the cursor has reached {@code target} (another thread reads the frames); false when it has not
     * within {@code timeout}.
     */
    synchronized boolean awaitCursor(long target, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); cursor < target; left = deadline - System.nanoTime()) {
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    synchronized long cursor() {
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
