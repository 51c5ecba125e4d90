package dev.ptyctl.cli;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Notices that whatever reads the standard output went away while nothing is written to it ({@code ptyctl follow ID |
 * head} with a quiet terminal): a write would fail with EPIPE, but a follower of an idle program writes nothing, and
 * would wait for the program's next output, maybe forever, after {@code head} had its lines. As GNU {@code tail -f}
 * does, it asks {@code poll(2)} about the pipe: the write end of a pipe (or a socket) without a reader reports
 * {@code POLLERR}/{@code POLLHUP}. Only pipes and sockets are watched: a file or a terminal has no reader to lose.
 *
 * <p>{@code poll} is called through the JDK's foreign function API, looked up by reflection: the CLI is compiled for
 * Java 21, where that API is a preview, and runs on 22 and later, where it is final. On a JDK without it (21) nothing
 * is watched and the reader's going is noticed at the next write, as before.
 */
final class ReaderGoneWatch {
    private static final int STDOUT = 1;
    private static final short POLLERR = 0x008;
    private static final short POLLHUP = 0x010;
    /** {@code struct pollfd}: int fd, short events, short revents. */
    private static final int POLLFD_SIZE = 8;
    private static final int EVENTS = 4;
    private static final int REVENTS = 6;

    private ReaderGoneWatch() {
    }

    /**
     * Runs {@code gone} once, on a daemon thread of its own, when the standard output is a pipe or socket whose reader
     * has gone; does nothing at all for other standard outputs, or where {@code poll} cannot be called.
     */
    static void startOnStandardOutput(Runnable gone) {
        if (!standardOutputIsPipeOrSocket()) {
            return;
        }
        Poll poll;
        try {
            poll = Poll.bind();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return; // no foreign function API here: the next write notices, as before
        }
        Thread.ofPlatform().daemon().name("ptyctl-reader-gone").start(() -> awaitGone(poll, gone));
    }

    private static void awaitGone(Poll poll, Runnable gone) {
        try {
            ByteBuffer pollfd = poll.pollfd();
            pollfd.putInt(0, STDOUT);
            pollfd.putShort(EVENTS, (short) 0); // only the conditions poll always reports: error, hang-up
            while (true) {
                pollfd.putShort(REVENTS, (short) 0);
                if (poll.call() < 0) {
                    return; // interrupted or refused: stop watching rather than spin; the next write still notices
                }
                if ((pollfd.getShort(REVENTS) & (POLLERR | POLLHUP)) != 0) {
                    gone.run();
                    return;
                }
            }
        } catch (Throwable e) {
            // the watch is a help only: without it the next write notices
        }
    }

    private static boolean standardOutputIsPipeOrSocket() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + STDOUT)).toString();
            return target.startsWith("pipe:") || target.startsWith("socket:");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** {@code poll(&pollfd, 1, -1)} on one {@code struct pollfd} in native memory, bound through java.lang.foreign. */
    private record Poll(MethodHandle handle, Object segment, ByteBuffer pollfd) {
        static Poll bind() throws ReflectiveOperationException {
            Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
            Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
            Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
            Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
            Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
            Class<?> arenaType = Class.forName("java.lang.foreign.Arena");

            Object linker = linkerType.getMethod("nativeLinker").invoke(null);
            Object lookup = linkerType.getMethod("defaultLookup").invoke(linker);
            Optional<?> address = (Optional<?>) Class.forName("java.lang.foreign.SymbolLookup")
                    .getMethod("find", String.class).invoke(lookup, "poll");
            Object layouts = Array.newInstance(layoutType, 3);
            Array.set(layouts, 0, valueLayout.getField("ADDRESS").get(null));
            Array.set(layouts, 1, valueLayout.getField("JAVA_LONG").get(null)); // nfds_t
            Array.set(layouts, 2, valueLayout.getField("JAVA_INT").get(null));
            Object descriptor = descriptorType.getMethod("of", layoutType, layouts.getClass()).invoke(null,
                    valueLayout.getField("JAVA_INT").get(null), layouts);
            Method downcall = linkerType.getMethod("downcallHandle", segmentType, descriptorType,
                    optionType.arrayType());
            MethodHandle handle = (MethodHandle) downcall.invoke(linker, address.orElseThrow(), descriptor,
                    Array.newInstance(optionType, 0));
            Object arena = arenaType.getMethod("global").invoke(null);
            Object segment = arenaType.getMethod("allocate", long.class).invoke(arena, (long) POLLFD_SIZE);
            ByteBuffer pollfd = ((ByteBuffer) segmentType.getMethod("asByteBuffer").invoke(segment))
                    .order(ByteOrder.nativeOrder());
            return new Poll(handle, segment, pollfd);
        }

        /** Waits, without a timeout, until poll reports something; its result (-1 on an error). */
        int call() throws Throwable {
            return (int) handle.invokeWithArguments(segment, 1L, -1);
        }
    }
}
