package dev.ptyctl.protocol.ws;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * A JSON text frame the server sends on the terminal socket (SPEC §5.2, §5.6). Every frame has a {@code seq}: the
 * output offset for {@link Output} and {@link Exit}, 0 for the rest. With protocol 2, output travels as
 * {@link BinaryOutputFrame} instead.
 */
public sealed interface ServerFrame {

    /** The frame as JSON text. */
    String toJson();

    /**
     * Output: {@code data} is the terminal's output ending at byte offset {@code seq}. With {@code reset}, it is
     * instead a reconstruction of the whole terminal (starting with {@code ESC c}) as of offset {@code seq}.
     */
    record Output(long seq, String data, boolean reset) implements ServerFrame {
        @Override
        public String toJson() {
            JsonObjectBuilder json = frame("output", seq).add("data", data);
            return (reset ? json.add("reset", true) : json).build().toString();
        }
    }

    /**
     * The program ended ({@code exitCode}, and {@code signal} when a signal ended it: {@link ProcessExit}); {@code seq}
     * is the offset after its last output.
     */
    record Exit(long seq, ProcessExit exit) implements ServerFrame {
        /** The exit status, 128 + the signal's number when a signal ended the program. */
        public int exitCode() {
            return exit.exitCode();
        }

        @Override
        public String toJson() {
            return exit.addTo(frame("exit", seq)).build().toString();
        }
    }

    /**
     * The server emulator's answer ({@code data}) to the title or icon-label report that ends at output offset
     * {@code seq}, for a client connected with {@code relay=titleReports}: it sends the answer to the program when it
     * parses that report, in order with its own answers to the queries around it. Sent before the output holding the
     * report.
     */
    record Reply(long seq, String data) implements ServerFrame {
        @Override
        public String toJson() {
            return frame("reply", seq).add("data", data).build().toString();
        }
    }

    /**
     * Something the client sent was refused or malformed. {@code clientSeq} names the frame when it could be read
     * (the frame is then also acknowledged, so it must not be sent again).
     */
    record Error(String message, Optional<Long> clientSeq) implements ServerFrame {
        @Override
        public String toJson() {
            JsonObjectBuilder json = frame("error", 0).add("message", message);
            clientSeq.ifPresent(n -> json.add("clientSeq", n));
            return json.build().toString();
        }
    }

    /** The PTY's size: sent on attach and whenever it changes (SPEC §5.4). */
    record Size(int cols, int rows) implements ServerFrame {
        @Override
        public String toJson() {
            return frame("size", 0).add("cols", cols).add("rows", rows).build().toString();
        }
    }

    /** Frame {@code clientSeq} was handled; {@code outputSeq} is the output offset at that moment. */
    record Ack(long clientSeq, long outputSeq) implements ServerFrame {
        @Override
        public String toJson() {
            return frame("ack", 0).add("clientSeq", clientSeq).add("outputSeq", outputSeq).build().toString();
        }
    }

    /** The first frame of a protocol 2 connection. */
    record Ready(int protocol) implements ServerFrame {
        @Override
        public String toJson() {
            return frame("ready", 0).add("protocol", protocol).build().toString();
        }
    }

    /** The answer to a {@code ping}, echoing its {@code t}. */
    record Pong(BigDecimal t) implements ServerFrame {
        @Override
        public String toJson() {
            return frame("pong", 0).add("t", t).build().toString();
        }
    }

    /** The terminal's title and activity (SPEC §5.8); empty when the program cleared its title. */
    record Title(Optional<String> liveTitle, Optional<String> terminalActivity) implements ServerFrame {
        @Override
        public String toJson() {
            JsonObjectBuilder json = frame("title", 0);
            json.add("liveTitle", liveTitle.<JsonValue>map(JsonSupport.PROVIDER::createValue).orElse(JsonValue.NULL));
            json.add("terminalActivity",
                    terminalActivity.<JsonValue>map(JsonSupport.PROVIDER::createValue).orElse(JsonValue.NULL));
            return json.build().toString();
        }
    }

    private static JsonObjectBuilder frame(String type, long seq) {
        return JsonSupport.objectBuilder().add("type", type).add("seq", seq);
    }

    /**
     * Reads a text frame (for clients and tests).
     *
     * @throws IllegalArgumentException when the text is not a server frame
     */
    static ServerFrame parse(String text) {
        JsonObject json;
        try {
            json = JsonSupport.parseObject(text);
        } catch (JsonException | IllegalStateException e) {
            throw new IllegalArgumentException("not a JSON object: " + text, e);
        }
        try {
            return switch (json.getString("type")) {
                case "output" -> new Output(json.getJsonNumber("seq").longValueExact(), json.getString("data"),
                        json.getBoolean("reset", false));
                case "exit" -> new Exit(json.getJsonNumber("seq").longValueExact(),
                        ProcessExit.fromJson(json).orElseThrow(() -> new NullPointerException("exitCode")));
                case "reply" -> new Reply(json.getJsonNumber("seq").longValueExact(), json.getString("data"));
                case "error" -> new Error(json.getString("message"), json.get("clientSeq") instanceof JsonNumber n
                        ? Optional.of(n.longValueExact()) : Optional.empty());
                case "size" -> new Size(json.getInt("cols"), json.getInt("rows"));
                case "ack" -> new Ack(json.getJsonNumber("clientSeq").longValueExact(),
                        json.getJsonNumber("outputSeq").longValueExact());
                case "ready" -> new Ready(json.getInt("protocol"));
                case "pong" -> new Pong(json.getJsonNumber("t").bigDecimalValue());
                case "title" -> new Title(optionalString(json, "liveTitle"),
                        optionalString(json, "terminalActivity"));
                default -> throw new IllegalArgumentException("unknown server frame type: " + text);
            };
        } catch (NullPointerException | ClassCastException | ArithmeticException e) {
            throw new IllegalArgumentException("malformed server frame: " + text, e);
        }
    }

    private static Optional<String> optionalString(JsonObject json, String field) {
        return json.get(field) instanceof JsonString s ? Optional.of(s.getString()) : Optional.empty();
    }
}
