package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.RawWebSocket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * Isolation: a client that stops reading costs the others nothing they would notice, and the PTY keeps its pace;
 * many clients on one terminal each get every byte.
 */
class IsolationFaultTest {
    @Test
    void manyClientsOnOneTerminalEachGetEveryByte() throws Exception {
        int clients = Fault.size(25, 100);
        int mib = Fault.size(2, 8);
        try (FaultServer server = FaultServer.start();
             ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            String id = server.createGated("many", "head -c " + (mib << 20) + " /dev/zero | tr '\\\\000' x; read done");
            List<RawWebSocket> sockets = new ArrayList<>();
            List<BinaryStream> streams = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                sockets.add(server.attach(id, "protocol=2&lastOutputSeq=0", 0));
                streams.add(new BinaryStream());
            }
            long total = 1 + ((long) mib << 20);
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                RawWebSocket socket = sockets.get(i);
                BinaryStream stream = streams.get(i);
                done.add(CompletableFuture.runAsync(() -> readUpTo(socket, stream, total), readers));
            }
            assertThat(streams.getFirst().awaitCursor(1, Duration.ofSeconds(60)))
                    .as("the first reader saw the gated terminal's first byte").isTrue();
            sockets.getFirst().sendText(FaultServer.GO);
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).join();
            String expected = streams.getFirst().sha256();
            for (BinaryStream stream : streams) {
                assertThat(stream.sha256()).isEqualTo(expected);
                assertThat(stream.resets()).isZero();
            }
            sockets.getFirst().sendText("{\"type\":\"input\",\"clientId\":\"m\",\"clientSeq\":1,\"data\":\"done\\n\"}");
            for (RawWebSocket socket : sockets) {
                socket.close();
            }
            Fault.report("isolation", clients + " clients on one terminal during a " + mib + " MiB stream",
                    "each got every byte (identical sha256, " + expected.substring(0, 16) + "…), 0 resets",
                    "IsolationFaultTest");
        }
    }

    private static void readUpTo(RawWebSocket socket, BinaryStream stream, long total) {
        try {
            while (stream.cursor() < total) {
                stream.take(socket.next());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aClientThatStopsReadingCostsAReadingClientLittleAndThePtyKeepsItsPace() throws Exception {
        int mib = Fault.size(16, 100);
        run(Math.min(mib, 16), false); // warm-up: the first run in a JVM pays for class loading and compilation
        long heapBefore = ProcessCensus.heapAfterGc();
        // Interleaved, three of each, medians: the machine's other load moves both kinds of run alike.
        List<Run> alones = new ArrayList<>();
        List<Run> stalleds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            alones.add(run(mib, false));
            stalleds.add(run(mib, true));
        }
        Run alone = median(alones);
        Run withStalled = median(stalleds);
        double ratio = withStalled.readerMibPerSecond() / alone.readerMibPerSecond();
        assertThat(withStalled.stalledBytes()).as("bytes sent to the client that read nothing")
                .isLessThan((long) 4 * (1 << 20) + (1 << 20));
        long heapAfter = ProcessCensus.heapAfterGc();
        Fault.report("isolation", "a client that stops reading while " + mib + " MiB flows to another",
                String.format("the reading client's throughput with it / without it: %.2f (%.0f vs %.0f MiB/s); "
                        + "the program's run time %.2f vs %.2f s; the stalled client was sent %d KiB (its backlog "
                        + "limit is 1 MiB); server heap after GC %d → %d MiB",
                        ratio, withStalled.readerMibPerSecond(), alone.readerMibPerSecond(),
                        withStalled.programSeconds(), alone.programSeconds(), withStalled.stalledBytes() >> 10,
                        heapBefore >> 20, heapAfter >> 20), "IsolationFaultTest");
    }

    /** The run with the median reader throughput. */
    private static Run median(List<Run> runs) {
        return runs.stream().sorted(java.util.Comparator.comparingDouble(Run::readerMibPerSecond)).toList()
                .get(runs.size() / 2);
    }

    /** Figures of one run: the reading client's throughput, the program's time, what the stalled client got. */
    private record Run(double readerMibPerSecond, double programSeconds, long stalledBytes) {
    }

    private static Run run(int mib, boolean stall) throws Exception {
        try (FaultServer server = FaultServer.start()) {
            long bytes = (long) mib << 20;
            String id = server.createGated("stall-" + stall, "head -c " + bytes + " /dev/zero | tr '\\\\000' x");
            RawWebSocket stalled = stall ? server.attach(id, "protocol=2&lastOutputSeq=0", 16 << 10) : null;
            BinaryStream reader = new BinaryStream();
            try (RawWebSocket socket = server.attach(id, "protocol=2&lastOutputSeq=0", 0)) {
                while (reader.cursor() < 1) {
                    reader.take(socket.next());
                }
                socket.sendText(FaultServer.GO);
                long start = System.nanoTime();
                int exit = reader.readToExit(socket);
                long end = System.nanoTime();
                assertThat(exit).isZero();
                assertThat(reader.cursor()).isEqualTo(bytes + 1);
                long stalledBytes = 0;
                if (stalled != null) {
                    stalledBytes = drainCount(stalled);
                }
                double seconds = (end - start) / 1e9;
                // The program ran while the reader read: with flow control per client, its time is the reader's.
                return new Run(mib / seconds, seconds, stalledBytes);
            }
        }
    }

    /** Bytes of output frames the stalled client was sent before its reset frame (or its end). */
    private static long drainCount(RawWebSocket stalled) throws IOException {
        long bytes = 0;
        try (stalled) {
            while (true) {
                RawWebSocket.Frame frame = stalled.next();
                if (frame.opcode() == RawWebSocket.BINARY) {
                    if (frame.payload()[0] == BinaryStream.KIND_RESET) {
                        return bytes;
                    }
                    bytes += frame.payload().length - 9;
                }
                if (frame.opcode() == RawWebSocket.CLOSE) {
                    return bytes;
                }
            }
        }
    }
}
