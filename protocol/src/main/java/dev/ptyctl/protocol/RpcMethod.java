package dev.ptyctl.protocol;

/** The JSON-RPC method names of the per-terminal socket protocol (SPEC §4.2, §4.4). */
public final class RpcMethod {
    public static final String READ = "pty/read";
    public static final String WRITE = "pty/write";
    public static final String WAIT = "pty/wait";
    public static final String STATUS = "pty/status";
    public static final String RESIZE = "pty/resize";
    public static final String KILL = "pty/kill";
    public static final String AUTH = "pty/auth";

    /** Default {@code pty/wait} timeout in milliseconds when the request gives none. */
    public static final long DEFAULT_WAIT_TIMEOUT_MS = 10_000;
    /** Largest {@code pty/wait} timeout accepted: ten minutes keeps a forgotten wait from living forever. */
    public static final long MAX_WAIT_TIMEOUT_MS = 600_000;
    /** Largest terminal dimension accepted by resize and create (SPEC §4.2, §5.1). */
    public static final int MAX_DIMENSION = 1000;

    private RpcMethod() {
    }
}
