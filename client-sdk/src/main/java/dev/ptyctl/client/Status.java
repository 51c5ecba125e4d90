package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What {@code pty/status} returns: whether the hosted process runs, its exit code once it has
 * exited, and its pid.
 *
 * <pre>{@code
 * Status status = client.status();
 * if (!status.running()) System.out.println("exited with " + status.exitCode().orElse(-1));
 * }</pre>
 *
 * @param running {@code true} while the hosted process runs
 * @param exitCode the exit code, empty while running
 * @param pid the hosted process's id
 */
public record Status(boolean running, OptionalInt exitCode, long pid) {

    /** Checks that {@code exitCode} is not {@code null} (empty instead). */
    public Status {
        Objects.requireNonNull(exitCode, "exitCode");
    }

    /**
     * Reads {@code {"running": B, "exitCode": C|null, "pid": P}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static Status fromJson(JsonObject json) {
        JsonValue code = json.get("exitCode");
        OptionalInt exitCode = code == null || code == JsonValue.NULL
                ? OptionalInt.empty()
                : OptionalInt.of(JsonFields.intValue(json, "exitCode"));
        return new Status(JsonFields.bool(json, "running"), exitCode, JsonFields.integer(json, "pid"));
    }
}
