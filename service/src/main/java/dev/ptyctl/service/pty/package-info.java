/**
 * Programs hosted in pseudo-terminals. {@link dev.ptyctl.service.pty.PtySession} spawns a command through pty4j,
 * reads its output on a platform thread (pty4j reads are native calls that would pin a virtual thread's carrier)
 * into a server-side emulator, and serializes writes and resizes on a second platform thread;
 * {@link dev.ptyctl.service.pty.ScreenState} is the emulator, output counter and exit status behind one lock that
 * waiters block on; {@link dev.ptyctl.service.pty.ProcessKiller} hangs up and kills whole process groups, and
 * {@link dev.ptyctl.service.pty.HostedProcesses} does so for every live session when the JVM shuts down. pty4j
 * types never leave this package: the rest of the server sees {@link dev.ptyctl.service.pty.TerminalSession}.
 */
package dev.ptyctl.service.pty;
