package dev.ptyctl.protocol.ws;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * A frame a client sends on the terminal socket (SPEC §5.3, §5.6). Every frame but {@link Ping} carries the
 * client's stable {@code clientId} and a {@code clientSeq} that grows with every frame: the server acknowledges each
 * one and applies it at most once.
 */
public sealed interface ClientFrame {
    /** The longest {@code clientId} accepted: ids are remembered for ten minutes, so they must stay small. */
    int MAX_CLIENT_ID_LENGTH = 256;
    /** The largest {@code cols}/{@code rows} of a {@code resize} (SPEC §4.2, §5.1). */
    int MAX_DIMENSION = 1000;

    /** The frame as JSON text. */
    String toJson();

    /** A frame with a {@code clientId} and {@code clientSeq}: everything but {@link Ping}. */
    sealed interface Sequenced extends ClientFrame {
        /** The client's stable id for this attachment. */
        String clientId();

        /** The frame's number; greater than every earlier frame's from the same client. */
        long clientSeq();

        /** The {@code type} word. */
        String type();
    }

    /**
     * Text or key bytes for the program: {@code data}, text sent as UTF-8, or {@code bytes}, the base64 of exact bytes.
     * The bytes form is for what is not text: a mouse report in the default X10 encoding past column 95 (or row 95)
     * holds single bytes 0x80-0xFF, which as text would reach the program UTF-8-encoded, two bytes each.
     *
     * @param data   the text, or with {@code base64} the base64 of the bytes (checked when parsed)
     * @param claim  false for a terminal's reply to a query: not use of the terminal (SPEC §5.4)
     * @param base64 whether {@code data} is base64 (the frame's {@code bytes} member) rather than text
     */
    record Input(String clientId, long clientSeq, String data, boolean claim, boolean base64) implements Sequenced {
        /** Validates. */
        public Input {
            Objects.requireNonNull(data, "data");
        }

        /** Text, sent as UTF-8. */
        public Input(String clientId, long clientSeq, String data, boolean claim) {
            this(clientId, clientSeq, data, claim, false);
        }

        /** Exact bytes. */
        public static Input ofBytes(String clientId, long clientSeq, byte[] bytes, boolean claim) {
            return new Input(clientId, clientSeq, Base64.getEncoder().encodeToString(bytes), claim, true);
        }

        /** What the program gets. */
        public byte[] bytes() {
            return base64 ? Base64.getDecoder().decode(data) : data.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String type() {
            return "input";
        }

        @Override
        public String toJson() {
            JsonObjectBuilder json = header(this).add(base64 ? "bytes" : "data", data);
            return (claim ? json : json.add("claim", false)).build().toString();
        }
    }

    /** The size of the client's grid: sent when the terminal is shown and whenever that size changes. */
    record Resize(String clientId, long clientSeq, int cols, int rows) implements Sequenced {
        @Override
        public String type() {
            return "resize";
        }

        @Override
        public String toJson() {
            return header(this).add("cols", cols).add("rows", rows).build().toString();
        }
    }

    /**
     * A frame that carries nothing but its type: {@code close} (end the terminal for everyone), and with protocol 2
     * {@code focus} (the client is being used), {@code hide} (off screen) and {@code clear}.
     */
    record Command(String type, String clientId, long clientSeq) implements Sequenced {
        /** Validates the type. */
        public Command {
            if (!isCommand(type)) {
                throw new IllegalArgumentException("not a command frame type: " + type);
            }
        }

        static boolean isCommand(String type) {
            return type.equals("close") || type.equals("focus") || type.equals("hide") || type.equals("clear");
        }

        @Override
        public String toJson() {
            return header(this).build().toString();
        }
    }

    /**
     * A round-trip probe (protocol 2): the server echoes {@code t} in a {@code pong}.
     *
     * @param t    the client's timestamp, echoed unchanged
     * @param srtt the client's smoothed round trip in milliseconds, or a negative number when it has none yet
     */
    record Ping(BigDecimal t, double srtt) implements ClientFrame {
        @Override
        public String toJson() {
            JsonObjectBuilder json = JsonSupport.objectBuilder().add("type", "ping").add("t", t);
            return (srtt >= 0 ? json.add("srtt", srtt) : json).build().toString();
        }
    }

    private static JsonObjectBuilder header(Sequenced frame) {
        return JsonSupport.objectBuilder().add("type", frame.type()).add("clientId", frame.clientId())
                .add("clientSeq", frame.clientSeq());
    }

    /**
     * Reads one frame.
     *
     * @throws FrameFormatException naming what is wrong; it keeps the {@code clientId} and {@code clientSeq} when
     *                              those were valid
     */
    static ClientFrame parse(String text) throws FrameFormatException {
        JsonObject json;
        try {
            json = JsonSupport.parseObject(text);
        } catch (JsonSupport.TrailingTextException e) {
            throw refusedWhole(e);
        } catch (JsonException | IllegalStateException e) {
            throw new FrameFormatException("frame is not a JSON object");
        }
        String type = json.get("type") instanceof JsonString s ? s.getString() : null;
        if (type == null) {
            throw new FrameFormatException(missingOrWrong(json, "type", "a string (input, resize, ping, ...)"));
        }
        if (type.equals("ping")) {
            return parsePing(json);
        }
        String clientId = clientId(json);
        long clientSeq = clientSeq(json);
        return switch (type) {
            case "input" -> input(json, clientId, clientSeq);
            case "resize" -> new Resize(clientId, clientSeq, dimension(json, "cols", clientId, clientSeq),
                    dimension(json, "rows", clientId, clientSeq));
            default -> {
                if (!Command.isCommand(type)) {
                    throw new FrameFormatException("unknown frame type \"" + type + "\"", clientId, clientSeq);
                }
                yield new Command(type, clientId, clientSeq);
            }
        };
    }

    /**
     * A message that holds a frame and more (another frame, stray text) is refused whole, so that nothing of it is
     * half-applied; the refusal names the first frame's client and number when it had valid ones, so the client
     * learns which of its frames failed and does not resend it.
     */
    private static FrameFormatException refusedWhole(JsonSupport.TrailingTextException e) {
        String message = "a message must hold exactly one JSON object, nothing of this one was applied: "
                + e.getMessage();
        if (e.value() instanceof JsonObject first) {
            try {
                return new FrameFormatException(message, clientId(first), clientSeq(first));
            } catch (FrameFormatException noIds) {
                return new FrameFormatException(message);
            }
        }
        return new FrameFormatException(message);
    }

    private static Input input(JsonObject json, String clientId, long clientSeq) throws FrameFormatException {
        boolean claim = claim(json, clientId, clientSeq);
        if (!json.containsKey("bytes")) {
            return new Input(clientId, clientSeq, string(json, "data", clientId, clientSeq), claim);
        }
        if (json.containsKey("data")) {
            throw new FrameFormatException("an input holds \"data\" or \"bytes\", not both", clientId, clientSeq);
        }
        String base64 = string(json, "bytes", clientId, clientSeq);
        try {
            Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new FrameFormatException("\"bytes\" must be base64 (RFC 4648, with padding): " + e.getMessage(),
                    clientId, clientSeq);
        }
        return new Input(clientId, clientSeq, base64, claim, true);
    }

    private static Ping parsePing(JsonObject json) throws FrameFormatException {
        if (!(json.get("t") instanceof JsonNumber t)) {
            throw new FrameFormatException("ping needs a number \"t\"");
        }
        JsonValue srtt = json.get("srtt");
        if (srtt == null || srtt == JsonValue.NULL) {
            return new Ping(t.bigDecimalValue(), -1);
        }
        if (!(srtt instanceof JsonNumber ms) || ms.doubleValue() < 0) {
            throw new FrameFormatException("ping \"srtt\" must be a number of milliseconds, not negative");
        }
        return new Ping(t.bigDecimalValue(), ms.doubleValue());
    }

    private static String clientId(JsonObject json) throws FrameFormatException {
        if (!(json.get("clientId") instanceof JsonString id) || id.getString().isEmpty()) {
            throw new FrameFormatException(missingOrWrong(json, "clientId", "a string, not empty"));
        }
        if (id.getString().length() > MAX_CLIENT_ID_LENGTH) {
            throw new FrameFormatException("\"clientId\" is longer than " + MAX_CLIENT_ID_LENGTH + " characters");
        }
        return id.getString();
    }

    private static long clientSeq(JsonObject json) throws FrameFormatException {
        if (!(json.get("clientSeq") instanceof JsonNumber n) || !n.isIntegral() || n.bigDecimalValue().signum() < 0
                || n.bigDecimalValue().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new FrameFormatException(missingOrWrong(json, "clientSeq", "a whole number, 0 or more"));
        }
        return n.longValue();
    }

    /**
     * Why a member is refused: that the frame has none, or what it holds instead (a client that sends
     * {@code "clientSeq":"1"} learns that the number is a string, not that it sent none).
     */
    private static String missingOrWrong(JsonObject json, String member, String rule) {
        JsonValue value = json.get(member);
        return value == null ? "frame has no \"" + member + "\" (" + rule + ")"
                : "\"" + member + "\" must be " + rule + ", got " + value;
    }

    private static String string(JsonObject json, String field, String clientId, long clientSeq)
            throws FrameFormatException {
        if (!(json.get(field) instanceof JsonString s)) {
            throw new FrameFormatException("\"" + field + "\" must be a string", clientId, clientSeq);
        }
        return s.getString();
    }

    private static boolean claim(JsonObject json, String clientId, long clientSeq) throws FrameFormatException {
        JsonValue claim = json.get("claim");
        if (claim == null || claim == JsonValue.NULL || claim == JsonValue.TRUE) {
            return true;
        }
        if (claim == JsonValue.FALSE) {
            return false;
        }
        throw new FrameFormatException("\"claim\" must be true or false", clientId, clientSeq);
    }

    private static int dimension(JsonObject json, String field, String clientId, long clientSeq)
            throws FrameFormatException {
        if (!(json.get(field) instanceof JsonNumber n) || !n.isIntegral() || n.bigDecimalValue().signum() <= 0
                || n.bigDecimalValue().compareTo(BigDecimal.valueOf(MAX_DIMENSION)) > 0) {
            throw new FrameFormatException("\"" + field + "\" must be a whole number from 1 to " + MAX_DIMENSION,
                    clientId, clientSeq);
        }
        return n.intValue();
    }
}
