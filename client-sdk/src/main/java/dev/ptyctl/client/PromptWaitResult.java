package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a prompt wait ({@link RpcClient#waitForPrompt}, {@link RpcClient#waitForPromptAfter}) returns: whether the
 * shell came to its prompt in time, the screen then, and the commands that finished since the point waited from.
 *
 * <pre>{@code
 * long typed = client.write(Action.text("ls /nowhere"), Action.key(Key.ENTER)).outputSeq();
 * PromptWaitResult done = client.waitForPromptAfter(typed, Duration.ofSeconds(30));
 * if (!done.matched()) throw new AssertionError("still running:\n" + done.screen().text());
 * if (done.continuation()) throw new AssertionError("the shell waits for the rest of the line");
 * System.out.println(done.command().orElseThrow().exitCode());   // 2
 * }</pre>
 *
 * @param matched      whether the shell reached its prompt (or a continuation prompt) before the timeout; false also
 *                     when the program exited first
 * @param continuation whether it is a continuation prompt ({@code PS2}): the line typed was incomplete, nothing ran
 * @param command      the last command that finished, when it started after the point waited from
 * @param commands     with {@link RpcClient#waitForPromptAfter}: every command that started after that point, oldest
 *                     first (a multi-line input runs several); empty otherwise
 * @param screen       the screen when the wait ended
 * @param waitedMs     the time the server measured, in milliseconds
 */
public record PromptWaitResult(boolean matched, boolean continuation, Optional<FinishedCommand> command,
                               List<FinishedCommand> commands, Screen screen, long waitedMs) {

    /** Checks that every member is present and keeps an unmodifiable copy of {@code commands}. */
    public PromptWaitResult {
        Objects.requireNonNull(command, "command");
        commands = List.copyOf(commands);
        Objects.requireNonNull(screen, "screen");
    }

    /** Whether the shell is at its main prompt, ready for the next line: matched, and not a continuation prompt. */
    public boolean atPrompt() {
        return matched && !continuation;
    }

    /**
     * Reads the answer of {@code pty/wait {prompt: true}}: {@code {matched, screen, cursor, size, waitedMs,
     * continuation?, command?, commands?}}.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static PromptWaitResult fromJson(JsonObject json) {
        Optional<FinishedCommand> command = json.containsKey("command")
                ? Optional.of(FinishedCommand.fromJson(JsonFields.object(json, "command"))) : Optional.empty();
        List<FinishedCommand> commands = json.get("commands") instanceof JsonArray array
                ? array.getValuesAs(JsonObject.class).stream().map(FinishedCommand::fromJson).toList() : List.of();
        return new PromptWaitResult(JsonFields.bool(json, "matched"), json.getBoolean("continuation", false), command,
                commands, Screen.fromJson(json), JsonFields.integer(json, "waitedMs"));
    }
}
