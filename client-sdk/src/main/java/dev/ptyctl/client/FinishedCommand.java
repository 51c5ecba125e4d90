package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A command the shell ran and finished, as its shell integration reported it (docs/shell-integration.md): part of a
 * {@link PromptWaitResult}.
 *
 * <pre>{@code
 * long typed = client.write(Action.text("make test"), Action.key(Key.ENTER)).outputSeq();
 * FinishedCommand make = client.waitForPromptAfter(typed, Duration.ofMinutes(5)).command().orElseThrow();
 * if (make.exitCode().orElse(-1) != 0) System.err.print(make.output());
 * }</pre>
 *
 * @param commandLine the line the shell ran, when its integration reported it (bash from its history, zsh and fish as
 *                    typed)
 * @param exitCode    the exit code, empty when the shell did not report one
 * @param output      what the command printed, as screen text lines (escape sequences applied, not shown)
 * @param truncated   whether the output was longer than the server keeps per command, and its head was cut
 */
public record FinishedCommand(Optional<String> commandLine, OptionalInt exitCode, String output, boolean truncated) {

    /** Checks that every member is present (empty optionals instead of {@code null}). */
    public FinishedCommand {
        Objects.requireNonNull(commandLine, "commandLine");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(output, "output");
    }

    /**
     * Reads {@code {"output": S, "truncated": B, "exitCode": N|null, "commandLine"?: S}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static FinishedCommand fromJson(JsonObject json) {
        JsonValue code = json.get("exitCode");
        OptionalInt exitCode = code == null || code == JsonValue.NULL ? OptionalInt.empty()
                : OptionalInt.of(JsonFields.intValue(json, "exitCode"));
        Optional<String> line = json.get("commandLine") instanceof JsonString text ? Optional.of(text.getString())
                : Optional.empty();
        return new FinishedCommand(line, exitCode, JsonFields.string(json, "output"), JsonFields.bool(json, "truncated"));
    }
}
