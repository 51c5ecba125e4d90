package dev.ptyctl.service.pty;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * Every live process of the machine as {@code /proc} lists it, for {@link ProcessKiller}, which must find the
 * processes of a terminal's session and Linux lists no session's members, and for {@link ForegroundProcess}, which
 * looks for the members of a terminal's foreground process group. Reading {@code /proc/PID/stat} costs the
 * kernel about 10 µs a process, so a server stopping with hundreds of terminals, each searching the whole table at
 * the same moment, spent seconds on it (300 terminals: 4.5–6.2 s to stop; 1.5–1.7 s with shared scans).
 *
 * <p>Concurrent callers share scans, but never an old one: {@link #scan()} returns a table read entirely after it
 * was called. A caller that arrives while a scan runs waits for it to end and then for the next one, which it
 * shares with every other caller that arrived meanwhile, so a burst of any size costs at most two scans.
 */
final class ProcessTable {
    /** A live process as {@code /proc/PID/stat} describes it. */
    record Entry(long pid, long parent, long group, long session) {
    }

    /**
     * How much of {@code /proc/PID/stat} is read: the fields used end well before this even with the longest
     * command name the kernel shows (64 bytes, for kernel threads).
     */
    private static final int STAT_PREFIX_BYTES = 256;
    private static final System.Logger LOG = System.getLogger(ProcessTable.class.getName());
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final Condition SCAN_DONE = LOCK.newCondition();
    private static long scansStarted;
    private static long scansDone;
    private static boolean scanning;
    private static Map<Long, Entry> lastScan = Map.of();

    private ProcessTable() {
    }

    /** Every live (not zombie) process by pid, from a scan that began after this call. */
    static Map<Long, Entry> scan() {
        long needed;
        LOCK.lock();
        try {
            needed = scansStarted + 1; // the first scan to start from now on
            while (scansDone < needed) {
                if (!scanning) {
                    scanning = true;
                    scansStarted++;
                    break;
                }
                SCAN_DONE.awaitUninterruptibly(); // a scan ends in milliseconds
            }
            if (scansDone >= needed) {
                return lastScan;
            }
        } finally {
            LOCK.unlock();
        }
        Map<Long, Entry> table = Map.of();
        try {
            table = read();
        } finally {
            LOCK.lock();
            try {
                lastScan = table;
                scansDone = scansStarted;
                scanning = false;
                SCAN_DONE.signalAll();
            } finally {
                LOCK.unlock();
            }
        }
        return table;
    }

    /** One process's entry; empty when it is gone or a zombie (which needs no signal). */
    static Optional<Entry> of(long pid) {
        return Optional.ofNullable(readEntry(pid, "/proc/" + pid + "/stat", new byte[STAT_PREFIX_BYTES]));
    }

    /**
     * What {@code /proc} says of {@code pid} for a log: its state, pending, blocked, ignored and caught signals
     * ({@code /proc/PID/status}), the kernel function it sleeps in ({@code wchan}) and its system call; "gone" when
     * it has no entry.
     */
    static String describe(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        try {
            String status = Files.readAllLines(process.resolve("status")).stream()
                    .filter(line -> line.matches("(State|SigPnd|ShdPnd|SigBlk|SigIgn|SigCgt):.*"))
                    .map(line -> line.replaceAll("\\s+", " ")).collect(Collectors.joining(", "));
            return status + ", wchan " + readQuietly(process.resolve("wchan")) + ", syscall "
                    + readQuietly(process.resolve("syscall"));
        } catch (IOException | RuntimeException e) {
            return "gone";
        }
    }

    /**
     * Whether {@code pid} sleeps in {@code poll}, {@code select} or {@code epoll}, waiting for input, as its
     * {@code /proc/PID/wchan} names the kernel function; false when that is unreadable or the process is gone.
     */
    static boolean waitsInPoll(long pid) {
        String wchan = readQuietly(Path.of("/proc", Long.toString(pid), "wchan"));
        return wchan.startsWith("poll_schedule_timeout") || wchan.startsWith("do_select")
                || wchan.startsWith("do_sys_poll") || wchan.startsWith("ep_poll");
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /**
     * Lists {@code /proc} and reads each process's stat with plain {@code java.io}: this runs rarely, so mostly
     * before the JIT has compiled it, and there NIO's layers (paths, channels, directory streams) made a scan of 70
     * processes take 4–5 ms against 1–2.
     */
    private static Map<Long, Entry> read() {
        Map<Long, Entry> table = new LinkedHashMap<>();
        byte[] buffer = new byte[STAT_PREFIX_BYTES];
        String[] names = new File("/proc").list();
        if (names == null) {
            LOG.log(System.Logger.Level.DEBUG, "cannot list /proc");
            return Map.of();
        }
        for (String name : names) {
            long pid = pid(name);
            if (pid > 0) {
                Entry entry = readEntry(pid, "/proc/" + name + "/stat", buffer);
                if (entry != null) {
                    table.put(pid, entry);
                }
            }
        }
        return Collections.unmodifiableMap(table);
    }

    /** The pid a {@code /proc} entry is named after, or -1 for the entries that are not processes. */
    private static long pid(String name) {
        long pid = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            pid = pid * 10 + (c - '0');
        }
        return name.isEmpty() ? -1 : pid;
    }

    /**
     * The start of {@code /proc/PID/stat} read into {@code buffer} and parsed in place: "pid (comm) state ppid pgrp
     * session ..."; comm may hold spaces and parentheses, so the fields start after the last ')'. Null for a zombie
     * (it needs no signal), a process that has gone, or anything unreadable.
     */
    private static Entry readEntry(long pid, String stat, byte[] buffer) {
        int n;
        try (FileInputStream in = new FileInputStream(stat)) {
            n = in.readNBytes(buffer, 0, buffer.length);
        } catch (IOException e) {
            return null;
        }
        int close = -1;
        for (int i = n - 1; i >= 0; i--) {
            if (buffer[i] == ')') {
                close = i;
                break;
            }
        }
        // After ") ": the state letter and a space, then ppid, pgrp and session.
        int at = close + 2;
        if (close < 0 || at + 1 >= n || buffer[at] == 'Z') {
            return null;
        }
        long[] fields = new long[3];
        at += 2;
        for (int f = 0; f < fields.length; f++) {
            int start = at;
            long value = 0;
            while (at < n && buffer[at] >= '0' && buffer[at] <= '9') {
                value = value * 10 + (buffer[at++] - '0');
            }
            if (at == start || at >= n || buffer[at] != ' ') {
                return null;
            }
            fields[f] = value;
            at++;
        }
        return new Entry(pid, fields[0], fields[1], fields[2]);
    }
}
