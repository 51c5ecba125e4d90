package dev.ptyctl.cli;

/** The exit statuses of {@code ptyctl} (SPEC §7); scripts rely on them. */
public final class ExitCode {
    /** The command did what was asked. */
    public static final int OK = 0;
    /** {@code wait} or {@code run} ended without its condition being met. */
    public static final int NOT_MATCHED = 1;
    /**
     * {@code wait} ended because the program had ended before its condition was met (pexpect's EOF, where 1 is its
     * TIMEOUT): a script tells a crashed or refused login from a slow one.
     */
    public static final int PROGRAM_EXITED = 5;
    /** The command line was wrong: unknown option, missing or conflicting options, bad value. */
    public static final int USAGE = 2;
    /** The endpoint could not be reached, the connection broke, or {@code serve} could not listen. */
    public static final int CANNOT_CONNECT = 3;
    /** The server refused the request: a JSON-RPC error, or an HTTP error status from the REST API. */
    public static final int REFUSED = 4;
    /**
     * {@code run} typed nothing because a command held the shell ({@code less}, an earlier run still running): try
     * again once it has ended (the {@code sysexits.h} EX_TEMPFAIL value, "try again later").
     */
    public static final int BUSY = 75;
    /** A bug in ptyctl (the {@code sysexits.h} EX_SOFTWARE value); the stack trace is printed. */
    public static final int INTERNAL_ERROR = 70;

    private ExitCode() {
    }
}
