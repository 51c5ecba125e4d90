package dev.ptyctl.service.pty;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ends a hosted program the way closing a terminal window does, then makes sure: every process group of the
 * program's session gets SIGHUP (and SIGCONT, so stopped jobs can act on it); whatever is still there when the
 * grace period ends gets SIGKILL; the session leader is then reaped.
 *
 * <p>The targets are the processes whose session is the leader's (found in {@code /proc}, so jobs an interactive
 * shell moved into their own process groups are included) plus the leader's descendants. A leader that is not a
 * session leader (never the case for pty4j, which calls {@code setsid}) is treated as a plain process tree, so
 * the server's own session is never signalled.
 */
final class ProcessKiller {
    /** After SIGKILL the kernel needs only a moment; this bounds the wait for a process stuck in the kernel. */
    private static final Duration REAP_AFTER_KILL = Duration.ofSeconds(10);
    /** Short against the 2 s grace period, long enough that checking costs nothing. */
    private static final Duration MEMBER_CHECK_INTERVAL = Duration.ofMillis(20);
    /** How long a leader asleep in its wait for input after a hang-up is left before it is hung up again. */
    private static final Duration HANGUP_AGAIN_AFTER = Duration.ofMillis(200);
    private static final System.Logger LOG = System.getLogger(ProcessKiller.class.getName());

    /** The session leader as the killer needs it: its pid and a wait that reaps it. */
    interface Leader {
        long pid();

        /** Waits up to {@code timeout} for the leader to exit (and be reaped); true when it has. */
        boolean awaitExit(Duration timeout) throws InterruptedException;
    }

    private ProcessKiller() {
    }

    /**
     * Hangs up, waits up to {@code grace}, kills what is left and waits for the leader to be reaped; with a zero
     * grace period kills at once.
     */
    static void terminate(Leader leader, Duration grace) throws InterruptedException {
        Map<Long, ProcessTable.Entry> table = ProcessTable.scan();
        Set<Long> members = members(leader.pid(), table);
        // A zero grace period is a forced close: no hang-up the program could handle (or ignore), SIGKILL at once.
        if (!grace.isZero()) {
            for (long group : groupsOf(leader.pid(), members, table)) {
                Signals.toGroup(group, Signals.SIGHUP);
                Signals.toGroup(group, Signals.SIGCONT);
            }
        }
        // The grace period is the program's time to act on the hang-up, so it starts once the hang-up is sent: the
        // scan before it reads every process of the machine, which on a loaded machine takes a share of it.
        long deadline = System.nanoTime() + grace.toNanos();
        boolean leaderGone = grace.isZero() ? leader.awaitExit(Duration.ZERO) : awaitHangup(leader, deadline);
        boolean othersGone = awaitAll(members, leader.pid(), deadline);
        Map<Long, ProcessTable.Entry> afterGrace = ProcessTable.scan();
        Set<Long> sinceHangup = members(leader.pid(), afterGrace); // also what a member started meanwhile
        if (leaderGone && othersGone && sinceHangup.size() <= 1) {
            return;
        }
        if (!leaderGone && !grace.isZero()) {
            // What it was doing, for whoever meets a leader that outlived its hang-up next.
            LOG.log(System.Logger.Level.WARNING, "process {0} outlived its hang-up by {1}: {2}", leader.pid(), grace,
                    ProcessTable.describe(leader.pid()));
        }
        Set<Long> survivors = new LinkedHashSet<>(members);
        survivors.addAll(sinceHangup);
        for (long group : groupsOf(leader.pid(), survivors, afterGrace)) {
            Signals.toGroup(group, Signals.SIGKILL);
        }
        for (long pid : survivors) {
            if (pid != leader.pid() && afterGrace.containsKey(pid)) {
                Signals.toProcess(pid, Signals.SIGKILL);
            }
        }
        // SIGKILL acts at once but not synchronously: return only once they are gone, so that nothing the terminal
        // ran is still alive when its deletion (or the server's stop) is reported.
        if (!awaitAll(survivors, leader.pid(), System.nanoTime() + REAP_AFTER_KILL.toNanos())) {
            LOG.log(System.Logger.Level.WARNING, "processes of session {0} survived SIGKILL for {1}", leader.pid(),
                    REAP_AFTER_KILL);
        }
        if (!leader.awaitExit(REAP_AFTER_KILL)) {
            LOG.log(System.Logger.Level.WARNING, "process {0} survived SIGKILL for {1}", leader.pid(),
                    REAP_AFTER_KILL);
        }
    }

    /**
     * Waits for the leader until the deadline, hanging it up again whenever it is found asleep in a wait for input
     * ({@link ProcessTable#waitsInPoll}); true when it has exited. Bash (5.2, readline 8.2) loses a SIGHUP that
     * arrives in the instant between readline's last look for caught signals and its {@code pselect}: the handler
     * notes it, and nothing wakes the {@code pselect} to act on it, so an idle bash hung up just as it drew its prompt
     * (a close right after a command ended) slept through the grace period and was killed with SIGKILL (about 1 close
     * in 40 when the hang-up came within 10 ms of the prompt mark, OSC 133 A). A second SIGHUP interrupts the
     * {@code pselect} and bash ends as hung up; bash acts on a repeated SIGHUP only once, and a program busy acting
     * on its hang-up (saving files, history) is not asleep in a poll, so it is not interrupted.
     */
    private static boolean awaitHangup(Leader leader, long deadline) throws InterruptedException {
        while (true) {
            Duration left = remaining(deadline);
            if (leader.awaitExit(left.compareTo(HANGUP_AGAIN_AFTER) < 0 ? left : HANGUP_AGAIN_AFTER)) {
                return true;
            }
            if (remaining(deadline).isZero()) {
                return false;
            }
            if (ProcessTable.waitsInPoll(leader.pid())) {
                Signals.toProcess(leader.pid(), Signals.SIGHUP);
            }
        }
    }

    private static Duration remaining(long deadlineNanos) {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    /**
     * Waits until every member but the leader has exited (or is a zombie), or the deadline; true when they all
     * have. These are not our children, so there is no exit event to wait on: {@code /proc} is checked every
     * {@link #MEMBER_CHECK_INTERVAL}, only during a kill (the grace period, then SIGKILL's short wait).
     */
    private static boolean awaitAll(Set<Long> members, long leaderPid, long deadlineNanos)
            throws InterruptedException {
        while (true) {
            boolean anyAlive = members.stream().anyMatch(pid -> pid != leaderPid && ProcessTable.of(pid).isPresent());
            if (!anyAlive) {
                return true;
            }
            if (System.nanoTime() >= deadlineNanos) {
                return false;
            }
            Thread.sleep(MEMBER_CHECK_INTERVAL);
        }
    }

    /**
     * The leader, the live processes of its session (when it leads one) and its live descendants, as {@code table}
     * (one {@link ProcessTable#scan()}) lists them.
     */
    static Set<Long> members(long leaderPid, Map<Long, ProcessTable.Entry> table) {
        Set<Long> members = new LinkedHashSet<>();
        members.add(leaderPid);
        // Look for the session unless the leader is alive in someone else's session. Once the leader is gone its
        // pid still names its session: Linux does not reuse a pid while a session or group carries it.
        ProcessTable.Entry leaderEntry = table.get(leaderPid);
        boolean leadsSession = leaderEntry == null || leaderEntry.session() == leaderPid;
        Map<Long, List<Long>> children = new HashMap<>();
        for (ProcessTable.Entry p : table.values()) {
            if (leadsSession && p.session() == leaderPid) {
                members.add(p.pid());
            }
            children.computeIfAbsent(p.parent(), k -> new ArrayList<>()).add(p.pid());
        }
        // Descendants, whatever their session (a child that called setsid is still ours to end).
        ArrayDeque<Long> pending = new ArrayDeque<>(List.of(leaderPid));
        Set<Long> seen = new HashSet<>(pending);
        while (!pending.isEmpty()) {
            for (long child : children.getOrDefault(pending.poll(), List.of())) {
                if (seen.add(child)) {
                    members.add(child);
                    pending.add(child);
                }
            }
        }
        return members;
    }

    /**
     * The process groups to signal: the leader's own when it leads one, and the groups of the other members that
     * {@code table} lists as alive.
     */
    private static Set<Long> groupsOf(long leaderPid, Set<Long> members, Map<Long, ProcessTable.Entry> table) {
        ProcessTable.Entry self = table.get(ProcessHandle.current().pid());
        long ownGroupId = self == null ? -1 : self.group();
        Set<Long> groups = new LinkedHashSet<>();
        for (long pid : members) {
            ProcessTable.Entry member = table.get(pid);
            long g = member == null ? -1 : member.group();
            if (g > 1 && g != ownGroupId && (g == leaderPid || members.contains(g))) {
                groups.add(g);
            }
        }
        return groups;
    }
}
