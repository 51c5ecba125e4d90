package dev.ptyctl.service.pty;

import dev.ptyctl.protocol.QuitKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * Whether a hosted shell or a program it started owns the terminal, read from {@code /proc} (SPEC §5.7): the
 * terminal's foreground process group ({@code tpgid}, field 8 of {@code /proc/PID/stat}) is the shell's own group
 * while the shell waits at its prompt, and a job's group while the job runs.
 */
public final class ForegroundProcess {
    private static final Path PROC = Path.of("/proc");

    /** The numbers of read, pread64, readv and preadv on this machine's architecture; none where unknown. */
    private static final Set<Integer> READ_CALLS = switch (System.getProperty("os.arch", "")) {
        case "amd64", "x86_64" -> Set.of(0, 17, 19, 295);
        case "aarch64" -> Set.of(63, 67, 65, 69);
        default -> Set.of();
    };

    private ForegroundProcess() {
    }

    /**
     * True when the process group of {@code shellPid} is the foreground group of its terminal. False when a job
     * owns the terminal, and also when the process is gone or {@code /proc} cannot be read (then nothing should
     * be assumed about a prompt).
     */
    public static boolean shellInForeground(long shellPid) {
        return groups(shellPid).filter(g -> g.foreground() == g.own()).isPresent();
    }

    /**
     * True when a program the shell {@code shellPid} started holds its terminal, ready for what is sent to it: the
     * foreground group is another than the shell's, and that group's leader has become the program ({@code exec}).
     * A shell forks the child, the child takes the terminal ({@code tcsetpgrp}) and only then execs the program; in
     * between, the child still runs the shell's code with the shell's signal handling, and a Ctrl-C sent then is lost
     * (bash echoes {@code ^C}, {@code sleep 30} runs on). A leader that has not exec'd is one with the shell's image:
     * the same {@code exe} (where readable) and the same {@code comm}. A builtin or a subshell ({@code ( cd x; make )})
     * never execs in the leader, and a nested {@code bash} has the shell's image: callers give those a grace of time.
     * True when {@code /proc} cannot be read (nothing to wait for) or the leader has gone (it ran and ended).
     */
    public static boolean programHoldsTerminal(long shellPid) {
        return programHoldsTerminal(PROC, shellPid);
    }

    /** {@link #programHoldsTerminal(long)} on the process table under {@code proc} (a fake one in tests). */
    static boolean programHoldsTerminal(Path proc, long shellPid) {
        Optional<Groups> groups = groups(proc, shellPid);
        if (groups.isEmpty() || groups.get().foreground() <= 0) {
            return true;
        }
        long leader = groups.get().foreground();
        return leader != groups.get().own() && !sameImage(proc, leader, shellPid);
    }

    /** Whether {@code pid} still runs the program {@code shellPid} runs: a forked child that has not exec'd yet. */
    private static boolean sameImage(Path proc, long pid, long shellPid) {
        Optional<String> comm = comm(proc, pid);
        if (comm.isEmpty() || !comm.equals(comm(proc, shellPid))) {
            return false;
        }
        Optional<Path> exe = exe(proc, pid);
        Optional<Path> shellExe = exe(proc, shellPid);
        // exe is unreadable for another user's process: comm alone then.
        return exe.isEmpty() || shellExe.isEmpty() || exe.equals(shellExe);
    }

    /** The target of {@code /proc/PID/exe}; empty when the process is gone or the link cannot be read. */
    private static Optional<Path> exe(Path proc, long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(proc.resolve(Long.toString(pid)).resolve("exe")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The foreground process group of the terminal {@code pid} runs in ({@code tpgid}): a shell's own group at its
     * prompt, so a shell started from it (an interactive one takes a group of its own) has another. Empty when the
     * process is gone or {@code /proc} cannot be read.
     */
    public static OptionalLong foregroundGroup(long pid) {
        return groups(pid).map(g -> OptionalLong.of(g.foreground())).orElse(OptionalLong.empty());
    }

    /**
     * The name ({@code /proc/PID/comm}, at most 15 bytes as the kernel keeps it) of the program that holds the
     * terminal {@code shellPid} runs in, when that is not the shell: the leader of the foreground process group while
     * it runs ({@code less} for {@code less notes.txt}, {@code make} for {@code make test}), else the oldest process
     * left in the group ({@code less} for {@code seq 100 | less}, once {@code seq} has written its lines and exited).
     * When the leader is no program whose quit keys are known ({@link QuitKeys}) and another process of its group is
     * ({@code git log} shows its output in {@code less}, which git started in its own group), that one is named: it is
     * what reads the keys, and the advice can then say {@code q} instead of guessing. Empty at the shell's prompt, or when {@code /proc} cannot be read. Reads {@code /proc} once per process when
     * the leader is gone: meant for a one-off report (a busy shell), not a loop.
     */
    public static Optional<String> foregroundProgram(long shellPid) {
        Optional<Groups> groups = groups(shellPid).filter(g -> g.foreground() != g.own() && g.foreground() > 0);
        if (groups.isEmpty()) {
            return Optional.empty();
        }
        long group = groups.get().foreground();
        Optional<String> leader = comm(PROC, group);
        if (leader.isPresent()) {
            return QuitKeys.of(leader.get()).isPresent() ? leader : knownMember(group).or(() -> leader);
        }
        OptionalLong oldest = members(group).min();
        return oldest.isPresent() ? comm(PROC, oldest.getAsLong()) : Optional.empty();
    }

    /**
     * True when a process of the foreground process group of the terminal {@code pid} runs in (the group's leader,
     * else any member) sleeps in a read of that terminal: what tells a program that waits for a typed line
     * ({@code cat}, a script's {@code read answer}, apt's "[Y/n]") from a slow one while the terminal is in canonical
     * mode with echo on, where its modes say nothing. {@code /proc/PID/syscall} names the system call a process sleeps
     * in and its arguments: a {@code read} whose file descriptor is the terminal ({@code /proc/PID/fd/N}'s device is
     * the terminal's {@code tty_nr}) is one; a read of a pipe ({@code make | cat}) or a sleep in {@code poll} is not.
     * {@code /proc/PID/syscall} needs the right to trace the process: the server's own children give it (same user,
     * an ancestor); a set-uid program ({@code sudo}) does not and counts as not reading, as does every process on an
     * architecture other than x86-64 and AArch64, whose numbers of {@code read} are known here. False also when
     * {@code /proc} cannot be read.
     */
    public static boolean foregroundReadsTerminal(long pid) {
        Optional<Groups> groups = groups(pid);
        if (groups.isEmpty() || groups.get().terminal() == 0 || groups.get().foreground() <= 0
                || READ_CALLS.isEmpty()) {
            return false;
        }
        long group = groups.get().foreground();
        long terminal = groups.get().terminal();
        if (readsTerminal(group, terminal)) {
            return true; // the commonest case: the job's first process, its group's leader, reads
        }
        return members(group).anyMatch(member -> member != group && readsTerminal(member, terminal));
    }

    /** Whether {@code pid} sleeps in a read of a file descriptor that is the terminal {@code terminal} (a tty_nr). */
    private static boolean readsTerminal(long pid, long terminal) {
        Path process = PROC.resolve(Long.toString(pid));
        try {
            // "NR arg1 arg2 ...", or "running", or "-1 sp pc" when asleep outside a system call
            String[] call = Files.readString(process.resolve("syscall")).strip().split(" ");
            if (call.length < 2 || !call[0].chars().allMatch(Character::isDigit)
                    || !READ_CALLS.contains(Integer.parseInt(call[0]))) {
                return false;
            }
            String fd = Long.toString(Long.parseUnsignedLong(call[1].replaceFirst("^0x", ""), 16));
            return Files.getAttribute(process.resolve("fd").resolve(fd), "unix:rdev") instanceof Long device
                    && device == terminal;
        } catch (IOException | RuntimeException e) {
            return false; // gone, not ours to trace, or not a file that can be looked at
        }
    }

    /** The newest process of {@code group} but its leader whose quit keys are known: a pager, an editor. */
    private static Optional<String> knownMember(long group) {
        return members(group).filter(pid -> pid != group).boxed().sorted(Comparator.reverseOrder())
                .map(pid -> comm(PROC, pid)).flatMap(Optional::stream)
                .filter(name -> QuitKeys.of(name).isPresent()).findFirst();
    }

    /** The live processes whose group is {@code group} ({@link ProcessTable}'s scan; none when it cannot be read). */
    private static LongStream members(long group) {
        return ProcessTable.scan().values().stream().filter(p -> p.group() == group)
                .mapToLong(ProcessTable.Entry::pid);
    }

    /** {@code /proc/PID/comm}, stripped; empty when the process is gone. */
    private static Optional<String> comm(Path proc, long pid) {
        try {
            String comm = Files.readString(proc.resolve(Long.toString(pid)).resolve("comm")).strip();
            return comm.isEmpty() ? Optional.empty() : Optional.of(comm);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A process's own group ({@code pgrp}), its controlling terminal ({@code tty_nr}, 0 for none) and that terminal's
     * foreground group ({@code tpgid}).
     */
    private record Groups(long own, long terminal, long foreground) {
    }

    /** The groups of {@code pid}; empty when the process is gone or {@code /proc} cannot be read. */
    private static Optional<Groups> groups(long pid) {
        return groups(PROC, pid);
    }

    private static Optional<Groups> groups(Path proc, long pid) {
        try {
            String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"));
            // "pid (comm) state ppid pgrp session tty_nr tpgid ...": comm may hold spaces and ')': cut at the last.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(new Groups(Long.parseLong(fields[2]), Long.parseLong(fields[4]),
                    Long.parseLong(fields[5])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
