package dev.ptyctl.service.pty;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a hosted shell or a program it started owns the terminal, read from {@code /proc} (SPEC §5.7): the
 * terminal's foreground process group ({@code tpgid}, field 8 of {@code /proc/PID/stat}) is the shell's own group
 * while the shell waits at its prompt, and a job's group while the job runs.
 */
public final class ForegroundProcess {

    private ForegroundProcess() {
    }

    /**
     * True when the process group of {@code shellPid} is the foreground group of its terminal. False when a job
     * owns the terminal, and also when the process is gone or {@code /proc} cannot be read (then nothing should
     * be assumed about a prompt).
     */
    public static boolean shellInForeground(long shellPid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(shellPid), "stat"));
            // "pid (comm) state ppid pgrp session tty_nr tpgid ...": comm may hold spaces and ')': cut at the last.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long processGroup = Long.parseLong(fields[2]);
            long foregroundGroup = Long.parseLong(fields[5]);
            return foregroundGroup == processGroup;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
