package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.RawWebSocket;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay: one client is cut off over and over while a stream flows (TCP resets, in the middle of a frame, while its
 * backlog has paused it, during a reset frame, after a close handshake) and reconnects each time with the seq it
 * last had. What it assembles must be byte for byte what a client that never disconnected got, and the stream
 * itself; and it must never have needed a reset frame, since it always came back for bytes the server still kept.
 */
class ReplayFaultTest {
    private static final int LINE = 76;

    @TempDir
    Path dir;

    @Test
    void aClientCutOffOverAndOverAssemblesExactlyTheStream() throws Exception {
        int mib = Fault.size(2, 20);
        int disconnects = Fault.size(60, 1000);
        Random random = Fault.random("replay");
        Path file = dir.resolve("stream.txt");
        byte[] content = content(random, mib << 20);
        Files.write(file, content);
        String expected = sha256("R".getBytes(StandardCharsets.US_ASCII), content);
        long total = 1 + content.length;
        int chunks = Fault.size(200, 2000);
        int chunk = (content.length + chunks - 1) / chunks;
        // The whole stream stays in the replay buffer: a client that comes back is always owed bytes the server
        // has. A small backlog limit, so that a client that stops reading is soon paused.
        try (FaultServer server = FaultServer.start(FaultServer.buffers((mib + 1) << 20, 128 << 10))) {
            String id = server.createGated("replay", "i=0; while [ $i -lt " + chunks + " ]; do dd if=" + file
                    + " bs=" + chunk + " skip=$i count=1 status=none; i=$((i+1)); done; read done");
            BinaryStream reference = new BinaryStream();
            RawWebSocket referenceSocket = server.attach(id, "protocol=2&lastOutputSeq=0", 0);
            BinaryStream cut = new BinaryStream();
            RawWebSocket first = server.attach(id, "protocol=2&lastOutputSeq=0", 32 << 10);
            while (cut.cursor() < 1) { // the "R": the shell is past stty
                cut.take(first.next());
            }
            referenceSocket.sendText(FaultServer.GO);
            CompletableFuture<Integer> referenceExit = CompletableFuture.supplyAsync(() -> {
                try {
                    return reference.readToExit(referenceSocket);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            first.reset();

            int[] byMode = new int[Mode.values().length];
            int whileStreaming = 0;
            long budgetMean = total / disconnects;
            for (int d = 0; d < disconnects && cut.cursor() < total; d++) {
                Mode mode = Mode.values()[random.nextInt(byMode.length)];
                byMode[mode.ordinal()]++;
                whileStreaming += reference.cursor() < total ? 1 : 0;
                long budget = (long) (random.nextDouble() * 2 * budgetMean);
                mode.run(server, id, cut, reference, budget, random, total);
            }
            try (RawWebSocket last = server.attach(id, "protocol=2&lastOutputSeq=" + cut.cursor(), 0)) {
                while (cut.cursor() < total) {
                    cut.take(last.next());
                }
                last.sendText("{\"type\":\"input\",\"clientId\":\"cut\",\"clientSeq\":1,\"data\":\"done\\n\"}");
                assertThat(cut.readToExit(last)).isZero();
            }
            assertThat(referenceExit.get()).isZero();
            referenceSocket.close();

            assertThat(reference.sha256()).as("the client that never disconnected").isEqualTo(expected);
            assertThat(cut.sha256()).as("the client cut off %d times", disconnects).isEqualTo(expected);
            assertThat(cut.resets()).as("reset frames on reconnects for bytes still kept").isZero();
            String modes = java.util.Arrays.toString(byMode) + " " + java.util.Arrays.toString(Mode.values());
            Fault.report("replay", disconnects + " disconnects of one client during a " + mib + " MiB stream ("
                    + whileStreaming + " while the program was still writing); by kind " + modes,
                    "sha256 identical to a client that never disconnected and to the stream (" + expected.substring(0, 16)
                            + "…); reset frames: " + cut.resets(), "ReplayFaultTest");
        }
    }

    /** Ways to lose the connection. Each leaves {@code cut} at the seq of its last complete output frame. */
    private enum Mode {
        TCP_RESET {
            @Override
            void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random, long total)
                    throws Exception {
                socket.reset();
            }
        },
        MID_FRAME {
            @Override
            void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random, long total)
                    throws Exception {
                if (cut.cursor() < total) {
                    socket.readRaw(1 + random.nextInt(12)); // the head of the next frame and maybe a few bytes
                }
                socket.reset();
            }
        },
        BACKLOG_PAUSE {
            @Override
            void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random, long total)
                    throws Exception {
                // Read nothing until the stream has run a MiB past this client (far beyond its 128 KiB backlog
                // limit: the server has paused it) or has ended; then drop.
                long target = Math.min(total, cut.cursor() + (1 << 20));
                if (!reference.awaitCursor(target, Duration.ofSeconds(60))) {
                    throw new AssertionError("the reference client did not reach " + target + " within 60 s");
                }
                socket.reset();
            }
        },
        DURING_A_RESET {
            @Override
            RawWebSocket connect(FaultServer server, String id, BinaryStream cut) throws Exception {
                // A seq the server cannot have: it answers with a reset frame, which this client abandons halfway.
                return server.attach(id, "protocol=2&lastOutputSeq=" + (cut.cursor() + (1L << 40)), 0);
            }

            @Override
            long read(RawWebSocket socket, BinaryStream cut, long budget, long total) throws Exception {
                while (true) {
                    RawWebSocket.Frame frame = socket.next();
                    if (frame.opcode() == RawWebSocket.BINARY) {
                        assertThat(frame.payload()[0]).as("the first output frame is a reset").isEqualTo((byte) 2);
                        return 0;
                    }
                }
            }

            @Override
            void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random, long total)
                    throws Exception {
                socket.reset();
            }
        },
        CLOSE_HANDSHAKE {
            @Override
            void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random, long total)
                    throws Exception {
                socket.send(true, 0, RawWebSocket.CLOSE, new byte[] {0x03, (byte) 0xE8});
                socket.close();
            }
        };

        void run(FaultServer server, String id, BinaryStream cut, BinaryStream reference, long budget, Random random,
                 long total) throws Exception {
            RawWebSocket socket = connect(server, id, cut);
            read(socket, cut, budget, total);
            cutOff(socket, cut, reference, random, total);
        }

        RawWebSocket connect(FaultServer server, String id, BinaryStream cut) throws Exception {
            return server.attach(id, "protocol=2&lastOutputSeq=" + cut.cursor(), 32 << 10);
        }

        /** Reads whole frames until {@code budget} more bytes arrived or the stream is complete. */
        long read(RawWebSocket socket, BinaryStream cut, long budget, long total) throws Exception {
            long start = cut.cursor();
            while (cut.cursor() - start < budget && cut.cursor() < total) {
                cut.take(socket.next());
            }
            return cut.cursor() - start;
        }

        abstract void cutOff(RawWebSocket socket, BinaryStream cut, BinaryStream reference, Random random,
                             long total) throws Exception;
    }

    /** Seeded random bytes as base64 lines: printable, so the emulator behind the log has nothing to answer. */
    private static byte[] content(Random random, int bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes + LINE);
        byte[] raw = new byte[LINE * 3 / 4];
        while (out.size() < bytes) {
            random.nextBytes(raw);
            out.writeBytes(Base64.getEncoder().encode(raw));
            out.write('\n');
        }
        return java.util.Arrays.copyOf(out.toByteArray(), bytes);
    }

    static String sha256(byte[]... parts) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (byte[] part : parts) {
            sha.update(part);
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
