package dev.ptyctl.service.pty;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/** Binds a class's {@code native} methods to the C library with JNA's direct mapping, once, at class load. */
final class CLibraryCalls {
    /** {@code errno} of a call interrupted by a signal before it did anything: call again. The same on Linux and macOS. */
    static final int EINTR = 4;
    /**
     * {@code errno} of a {@code fork}, {@code clone} or {@code posix_spawn} refused for the number of tasks (a pids
     * cgroup's limit, {@code RLIMIT_NPROC}). Linux's number.
     */
    static final int EAGAIN = 11;

    private CLibraryCalls() {
    }

    /**
     * Binds every {@code native} method of {@code owner}; a C library that lacks one of them makes the whole binding
     * fail.
     *
     * @param withoutThem what the server does instead, for the log
     * @return whether the methods can be called
     */
    static boolean bind(Class<?> owner, String withoutThem) {
        try {
            Native.register(owner, Platform.C_LIBRARY_NAME);
            return true;
        } catch (LinkageError | RuntimeException e) {
            System.getLogger(owner.getName()).log(System.Logger.Level.DEBUG,
                    "cannot bind " + owner.getSimpleName() + "'s C library calls; " + withoutThem, e);
            return false;
        }
    }
}
