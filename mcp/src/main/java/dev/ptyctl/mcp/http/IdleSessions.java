package dev.ptyctl.mcp.http;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Ends the Streamable HTTP sessions their clients have left ({@code ptyctl.mcp.sessionIdleMillis}). A session is busy
 * while one of its requests is being answered or its event stream (GET) is open, and idle otherwise; one idle for
 * the whole period is handed to {@code expire}, once. A client that crashed or lost its network never sends the
 * DELETE that would end its session, and without this its shells would run until the server stops. A client that is
 * merely quiet keeps its event stream open (the MCP SDKs open one after initialization), so it is never idle however
 * long its model thinks. Checks are timed per session when it becomes idle: no sweep over all sessions.
 */
final class IdleSessions implements AutoCloseable {
    /** Activity of one session; guarded by the enclosing instance. */
    private static final class Activity {
        int busy;
        long idleSinceNanos = System.nanoTime();
        ScheduledFuture<?> check;
    }

    private final long idleMs;
    private final Consumer<String> expire;
    private final ScheduledExecutorService timer;
    private final Map<String, Activity> sessions = new HashMap<>();

    /**
     * @param idleMs how long a session may be idle; 0: for ever (a session then ends only when its client deletes
     *               it, or with the server)
     * @param expire told the id of each session that was idle for {@code idleMs}, on a thread of its own
     */
    IdleSessions(long idleMs, Consumer<String> expire) {
        this.idleMs = idleMs;
        this.expire = expire;
        this.timer = idleMs > 0 ? Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("mcp-idle-sessions").factory()) : null;
    }

    /** A new session: idle from now (a client that initializes and vanishes leaves one too). */
    synchronized void opened(String id) {
        Activity activity = new Activity();
        sessions.put(id, activity);
        schedule(id, activity, idleMs);
    }

    /**
     * A request or event stream of the session begins. False when the session has just expired: the caller answers
     * as for an unknown session.
     */
    synchronized boolean begin(String id) {
        Activity activity = sessions.get(id);
        if (activity == null) {
            return false;
        }
        activity.busy++;
        return true;
    }

    /** What {@link #begin} began has ended; the session is idle from now when nothing else of it is under way. */
    synchronized void end(String id) {
        Activity activity = sessions.get(id);
        if (activity != null && --activity.busy == 0) {
            activity.idleSinceNanos = System.nanoTime();
            schedule(id, activity, idleMs);
        }
    }

    /** The session ended otherwise (its client deleted it, the server stops): no longer watched. */
    synchronized void forget(String id) {
        Activity activity = sessions.remove(id);
        if (activity != null && activity.check != null) {
            activity.check.cancel(false);
        }
    }

    private void schedule(String id, Activity activity, long delayMs) {
        if (timer == null) {
            return;
        }
        if (activity.check != null) {
            activity.check.cancel(false);
        }
        activity.check = timer.schedule(() -> check(id), delayMs, TimeUnit.MILLISECONDS);
    }

    private void check(String id) {
        synchronized (this) {
            Activity activity = sessions.get(id);
            if (activity == null || activity.busy > 0) {
                return; // ended, or busy again: its end schedules the next check
            }
            long idleFor = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - activity.idleSinceNanos);
            if (idleFor < idleMs) {
                schedule(id, activity, idleMs - idleFor);
                return;
            }
            sessions.remove(id);
        }
        // Ending a session hangs up its terminals, which can take the kill grace period: not on the timer's thread.
        Thread.ofVirtual().name("mcp-session-expiry").start(() -> expire.accept(id));
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
