/**
 * Programs hosted in pseudo-terminals. {@link dev.ptyctl.service.pty.PtySession} starts a command on a PTY that pty4j
 * opens ({@link dev.ptyctl.service.pty.SpawnedPtyProcess}: {@code posix_spawn}, or pty4j's own launcher where the C
 * library lacks it; {@link dev.ptyctl.service.pty.ChildReaper} reaps every program, and an idle terminal waits for
 * output, on the one thread of {@link dev.ptyctl.service.pty.ReadinessWatcher}), reads its output
 * on a platform thread (native reads would pin a virtual thread's carrier) into a server-side emulator, and
 * serializes writes and resizes on another platform thread;
 * {@link dev.ptyctl.service.pty.ScreenState} is the emulator, output counter and exit status behind one lock that
 * waiters block on; {@link dev.ptyctl.service.pty.ProcessKiller} hangs up and kills whole process groups, and
 * {@link dev.ptyctl.service.pty.HostedProcesses} does so for every live session when the JVM shuts down. pty4j
 * types never leave this package: the rest of the server sees {@link dev.ptyctl.service.pty.TerminalSession}.
 */
package dev.ptyctl.service.pty;
