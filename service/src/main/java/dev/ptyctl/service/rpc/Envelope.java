package dev.ptyctl.service.rpc;

import dev.ptyctl.protocol.JsonRpcResponses;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The JSON-RPC 2.0 envelope rules of SPEC §4.1, applied to one line: strict UTF-8, JSON, a single request object
 * with {@code "jsonrpc": "2.0"}, a string {@code method}, an {@code id} that is a string or a number, and
 * {@code params} absent or an object. Every failure becomes the error response to send; where the line has no
 * usable id, the response id is {@code null}. Blank lines are skipped without a response.
 */
final class Envelope {
    /** Sent for a legacy socket-pty request: says what to send instead. */
    static final String LEGACY_MESSAGE = "Invalid Request: the legacy {op} protocol is not supported;"
            + " send JSON-RPC 2.0 requests, e.g. {\"jsonrpc\":\"2.0\",\"method\":\"pty/read\",\"params\":{},\"id\":1}";

    /** The outcome of parsing one line. */
    sealed interface Parsed permits Request, Rejected, Blank {
    }

    /** A request that passed the envelope checks. */
    record Request(RpcRequest request) implements Parsed {
    }

    /** A line that fails the checks; {@code response} is the error line to send, {@code code} its error. */
    record Rejected(String response, RpcErrorCode code) implements Parsed {
    }

    /** An empty or all-whitespace line: nothing to answer. */
    record Blank() implements Parsed {
    }

    private Envelope() {
    }

    static Parsed parse(byte[] bytes, int length) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            return reject(null, RpcErrorCode.PARSE_ERROR, "Parse error: the line is not valid UTF-8");
        }
        if (text.isBlank()) {
            return new Blank();
        }
        JsonValue value;
        try {
            value = JsonSupport.parseValue(text);
        } catch (JsonSupport.TrailingTextException e) {
            // Two requests on one line (a client that forgot the line end) read as one bad line: said so, with the
            // first's id when it has one, so its caller is answered rather than left waiting.
            JsonValue id = e.value() instanceof JsonObject first ? usableId(first.get("id")) : null;
            return reject(id, RpcErrorCode.PARSE_ERROR, "Parse error: " + e.getMessage()
                    + "; send each JSON-RPC request on a line of its own, ended by \\n (over HTTP or a WebSocket, "
                    + "in a message of its own); none of this one was run");
        } catch (RuntimeException e) {
            // JsonParsingException for bad syntax; Parsson's nesting limit comes as another JsonException.
            return reject(null, RpcErrorCode.PARSE_ERROR, "Parse error: " + describe(e, text));
        }
        if (value instanceof JsonArray) {
            return reject(null, RpcErrorCode.INVALID_REQUEST, "Invalid Request: batch requests are not supported");
        }
        if (!(value instanceof JsonObject object)) {
            return reject(null, RpcErrorCode.INVALID_REQUEST, "Invalid Request: expected a JSON object");
        }
        return checkObject(object);
    }

    /**
     * Says where the JSON went wrong in words a client author can act on. Parsson's own messages name characters by
     * their code and, at the end of input, report a position past the line's end.
     */
    private static String describe(RuntimeException e, String text) {
        if (e instanceof JsonParsingException p && p.getLocation() != null) {
            long offset = p.getLocation().getStreamOffset();
            if (offset < 0 || offset >= text.strip().length()) {
                return "the JSON value is incomplete";
            }
            return "invalid JSON at character " + (offset + 1);
        }
        return e.getMessage();
    }

    private static Parsed checkObject(JsonObject object) {
        JsonValue id = usableId(object.get("id"));
        if (!object.containsKey("method") && object.containsKey("op")) {
            return reject(id, RpcErrorCode.INVALID_REQUEST, LEGACY_MESSAGE);
        }
        if (!(object.get("jsonrpc") instanceof JsonString version) || !version.getString().equals("2.0")) {
            return reject(id, RpcErrorCode.INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
        }
        if (!(object.get("method") instanceof JsonString method)) {
            return reject(id, RpcErrorCode.INVALID_REQUEST, "Invalid Request: method must be a string");
        }
        if (!object.containsKey("id")) {
            return reject(null, RpcErrorCode.INVALID_REQUEST,
                    "Invalid Request: id is required (notifications are not supported)");
        }
        if (id == null) {
            return reject(null, RpcErrorCode.INVALID_REQUEST, "Invalid Request: id must be a string or a number");
        }
        JsonValue params = object.get("params");
        if (params == null) {
            params = JsonValue.EMPTY_JSON_OBJECT;
        } else if (!(params instanceof JsonObject)) {
            return reject(id, RpcErrorCode.INVALID_PARAMS, "params must be an object");
        }
        return new Request(new RpcRequest(id, method.getString(), params.asJsonObject()));
    }

    /** The id when it is a string or a number, else null (it cannot be echoed). */
    private static JsonValue usableId(JsonValue id) {
        if (id == null) {
            return null;
        }
        return switch (id.getValueType()) {
            case STRING, NUMBER -> id;
            default -> null;
        };
    }

    private static Rejected reject(JsonValue id, RpcErrorCode code, String message) {
        return new Rejected(JsonRpcResponses.error(id, code, message, null), code);
    }
}
