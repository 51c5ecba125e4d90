package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A terminal hosted by the ptyctl server, as {@code POST}/{@code GET /v1/terminals} describe it (docs/rest.md,
 * "The terminal object"). A snapshot: {@link TerminalsClient#get(String)} again for fresh values.
 *
 * <pre>{@code
 * Terminal terminal = terminals.create(CreateTerminalRequest.builder("s1").command("vim", "-u", "NONE").build());
 * try (RpcClient rpc = RpcClient.connect(terminal.rpc())) {
 *     rpc.write(Action.text("ihello"), Action.key(Key.ESCAPE));
 * }
 * System.out.println(terminal.terminalId() + " " + terminal.size() + " " + terminal.command());
 * }</pre>
 *
 * @param terminalId the server's id (16 hex digits)
 * @param sessionId the session it belongs to
 * @param pid the hosted program's process id
 * @param running whether the program still runs
 * @param exitCode its exit code once it has exited (128 + signal after a signal; {@link #exit()} tells which)
 * @param size the current size
 * @param nextOutputSeq the output offset of the next byte (give it as {@code lastOutputSeq} to the WebSocket)
 * @param cwd the working directory it was started in
 * @param shell the program
 * @param args the program's arguments
 * @param background whether an agent registered it for others to attach to
 * @param createdAt when it was spawned
 * @param clients WebSocket clients attached at the time of the snapshot
 * @param websocketPath where to attach, e.g. {@code /v1/terminals/4f1c2a9be07d5e31/socket}
 * @param rpc the terminal's own JSON-RPC endpoint
 * @param liveTitle the title its program set (docs/rest.md), if any
 * @param terminalActivity {@code working} or {@code idle} as read from the title, if known
 * @param json the object as the server sent it, including members this record does not model
 */
public record Terminal(String terminalId, String sessionId, long pid, boolean running, OptionalInt exitCode,
        TerminalSize size, long nextOutputSeq, String cwd, String shell, List<String> args, boolean background,
        Instant createdAt, int clients, String websocketPath, RpcAddress rpc, Optional<String> liveTitle,
        Optional<String> terminalActivity, JsonObject json) {

    /** Checks that nothing is {@code null} (empty optionals instead) and copies {@code args}. */
    public Terminal {
        Objects.requireNonNull(terminalId, "terminalId");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(shell, "shell");
        args = List.copyOf(args);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(websocketPath, "websocketPath");
        Objects.requireNonNull(rpc, "rpc");
        Objects.requireNonNull(liveTitle, "liveTitle");
        Objects.requireNonNull(terminalActivity, "terminalActivity");
        Objects.requireNonNull(json, "json");
    }

    /**
     * How the program ended once it has: its exit status, or the signal that killed it (the server's {@code signal}
     * member; {@code exit 130} and a SIGINT have the same {@link #exitCode()}).
     */
    public Optional<ProcessExit> exit() {
        return ProcessExit.fromJson(json);
    }

    /** The program and its arguments: {@link #shell()} followed by {@link #args()}. */
    public List<String> command() {
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(shell);
        command.addAll(args);
        return List.copyOf(command);
    }

    /**
     * Reads the server's terminal object.
     *
     * @throws IllegalArgumentException when a member is missing or of the wrong type
     */
    public static Terminal fromJson(JsonObject json) {
        return new Terminal(
                JsonFields.string(json, "terminalId"),
                JsonFields.string(json, "sessionId"),
                JsonFields.integer(json, "pid"),
                JsonFields.bool(json, "running"),
                optionalInt(json, "exitCode"),
                TerminalSize.fromJson(json),
                JsonFields.integer(json, "nextOutputSeq"),
                JsonFields.string(json, "cwd"),
                JsonFields.string(json, "shell"),
                strings(json, "args"),
                json.get("background") == JsonValue.TRUE,
                instant(json, "createdAt"),
                JsonFields.intValue(json, "clients"),
                JsonFields.string(json, "websocketPath"),
                rpcAddress(JsonFields.object(json, "rpc")),
                optionalString(json, "liveTitle"),
                optionalString(json, "terminalActivity"),
                json);
    }

    private static RpcAddress rpcAddress(JsonObject rpc) {
        return RpcAddress.tcp(JsonFields.string(rpc, "host"), JsonFields.intValue(rpc, "port"));
    }

    private static OptionalInt optionalInt(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value == JsonValue.NULL ? OptionalInt.empty()
                : OptionalInt.of(JsonFields.intValue(json, name));
    }

    private static Optional<String> optionalString(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value == JsonValue.NULL ? Optional.empty() : Optional.of(JsonFields.string(json, name));
    }

    private static List<String> strings(JsonObject json, String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return List.of();
        }
        if (!(value instanceof jakarta.json.JsonArray array)
                || !array.stream().allMatch(JsonString.class::isInstance)) {
            throw new IllegalArgumentException("member \"" + name + "\" should be an array of strings, got " + value);
        }
        return array.getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    private static Instant instant(JsonObject json, String name) {
        String text = JsonFields.string(json, name);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("member \"" + name + "\" should be an ISO-8601 instant, got " + text);
        }
    }
}
