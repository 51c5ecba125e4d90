package dev.ptyctl.client.internal;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Calls a client's listener one call at a time, whichever thread an event comes from (a connection's reader, a timer),
 * and keeps a listener that throws from breaking the client: the failure is logged and that call dropped. Shared by
 * {@code TerminalAttachment} and {@code TerminalEvents}, whose listeners are promised calls that never overlap.
 */
public final class ListenerCalls {
    private final ReentrantLock dispatch = new ReentrantLock();
    private final System.Logger log;

    /** @param owner the client, whose logger reports a failing listener */
    public ListenerCalls(Class<?> owner) {
        this.log = System.getLogger(owner.getName());
    }

    /** Runs {@code call} while no other call of this client's listener runs. */
    public void fire(Runnable call) {
        dispatch.lock();
        try {
            call.run();
        } catch (RuntimeException e) {
            log.log(System.Logger.Level.WARNING, "listener failed", e);
        } finally {
            dispatch.unlock();
        }
    }
}
