package dev.ptyctl.service.pty;

import com.pty4j.unix.PtyHelpers;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Sends POSIX signals to processes and process groups, which {@link ProcessHandle} cannot address. It calls libc's
 * {@code kill(2)} through pty4j's JNA binding (already loaded for the PTYs, no subprocess); should that binding
 * be unusable it falls back to the {@code kill} command.
 */
final class Signals {
    /** Linux signal numbers (the same on x86-64 and aarch64). */
    static final int SIGHUP = 1;
    static final int SIGKILL = 9;
    static final int SIGCONT = 18;

    private static final System.Logger LOG = System.getLogger(Signals.class.getName());
    private static volatile boolean nativeKillWorks = true;

    private Signals() {
    }

    /** Sends {@code signal} to every process in process group {@code pgid}; false when there is no such group. */
    static boolean toGroup(long pgid, int signal) {
        return send(-pgid, signal);
    }

    /** Sends {@code signal} to process {@code pid}; false when there is no such process. */
    static boolean toProcess(long pid, int signal) {
        return send(pid, signal);
    }

    private static boolean send(long target, int signal) {
        // 0 and -1 mean "my group" and "everyone"; 1 is init; our own pid or group would take the server down.
        long absolute = Math.abs(target);
        if (absolute <= 1 || absolute == ProcessHandle.current().pid()) {
            throw new IllegalArgumentException("refusing to signal " + target);
        }
        if (nativeKillWorks) {
            try {
                return PtyHelpers.signal(Math.toIntExact(target), signal) == 0;
            } catch (LinkageError | RuntimeException e) {
                nativeKillWorks = false;
                LOG.log(System.Logger.Level.WARNING, "kill(2) through JNA failed, using the kill command", e);
            }
        }
        return sendWithCommand(target, signal);
    }

    private static boolean sendWithCommand(long target, int signal) {
        try {
            Process p = new ProcessBuilder("kill", "-" + signal, "--", Long.toString(target))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot send signal " + signal + " to " + target, e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
