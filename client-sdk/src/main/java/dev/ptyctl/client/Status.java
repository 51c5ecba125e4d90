package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What {@code pty/status} returns: whether the hosted process runs, its exit code once it has
 * exited, and its pid.
 *
 * <pre>{@code
 * Status status = client.status();
 * status.exit().ifPresent(end -> System.out.println("the program " + end.describe())); // was killed by SIGKILL
 * }</pre>
 *
 * @param running {@code true} while the hosted process runs
 * @param exitCode the exit code (128 + the signal's number when a signal ended the process), empty while running
 * @param pid the hosted process's id
 * @param signal the name of the signal that ended the process ({@code SIGKILL}), empty when it exited by itself (an
 *               {@code exit 137} has the same exit code as a SIGKILL) or still runs
 */
public record Status(boolean running, OptionalInt exitCode, long pid, Optional<String> signal) {

    /** Checks that nothing is {@code null} (empty instead). */
    public Status {
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(signal, "signal");
    }

    /** A status without a signal (a process that runs, or exited by itself). */
    public Status(boolean running, OptionalInt exitCode, long pid) {
        this(running, exitCode, pid, Optional.empty());
    }

    /** How the process ended, its exit status or the signal that killed it; empty while it runs. */
    public Optional<ProcessExit> exit() {
        return exitCode.isEmpty() ? Optional.empty() : Optional.of(ProcessExit.of(exitCode.getAsInt(), signal));
    }

    /**
     * Reads {@code {"running": B, "exitCode": C|null, "pid": P}} and, after a signal, {@code "signal": "SIGKILL"}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static Status fromJson(JsonObject json) {
        JsonValue code = json.get("exitCode");
        OptionalInt exitCode = code == null || code == JsonValue.NULL
                ? OptionalInt.empty()
                : OptionalInt.of(JsonFields.intValue(json, "exitCode"));
        return new Status(JsonFields.bool(json, "running"), exitCode, JsonFields.integer(json, "pid"),
                ProcessExit.signalIn(json));
    }
}
