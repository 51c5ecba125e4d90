package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EnvelopeTest {
    private final InMemoryClient client = new InMemoryClient();

    private JsonObject error(JsonObject response, int code) {
        assertThat(response.getString("jsonrpc")).isEqualTo("2.0");
        assertThat(response.containsKey("result")).isFalse();
        JsonObject error = response.getJsonObject("error");
        assertThat(error.getInt("code")).as("%s", response).isEqualTo(code);
        return error;
    }

    @Test
    void validRequestEchoesNumericId() throws Exception {
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"params\":{},\"id\":7}");
        assertThat(response.getInt("id")).isEqualTo(7);
        assertThat(response.getJsonObject("result").getBoolean("running")).isTrue();
    }

    @Test
    void validRequestEchoesStringIdAndMayOmitParams() throws Exception {
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":\"abc\"}");
        assertThat(response.getString("id")).isEqualTo("abc");
        assertThat(response.getJsonObject("result").getInt("pid")).isEqualTo(4242);
    }

    @Test
    void fractionalAndHugeIdsAreEchoedAsGiven() throws Exception {
        assertThat(client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":1.5}").get("id").toString())
                .isEqualTo("1.5");
        assertThat(client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":123456789012345678901234}")
                .get("id").toString()).isEqualTo("123456789012345678901234");
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage", "{", "{\"jsonrpc\":\"2.0\",}", "{'a':1}", "nul", "{\"a\":1} {\"b\":2}"})
    void invalidJsonIsParseErrorWithNullId(String line) throws Exception {
        JsonObject response = client.raw(line);
        error(response, -32700);
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
        assertThat(response.getJsonObject("error").getString("message")).startsWith("Parse error");
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\"   | Parse error: the JSON value is incomplete",
        "{                                                   | Parse error: the JSON value is incomplete",
        "not json                                            | Parse error: invalid JSON at character 2",
        "{\"id\":1,,}                                         | Parse error: invalid JSON at character 9"})
    void parseErrorsSayWhereTheJsonWentWrong(String line, String message) throws Exception {
        assertThat(error(client.raw(line.strip()), -32700).getString("message")).isEqualTo(message);
    }

    @Test
    void twoRequestsOnOneLineAreOneParseErrorAnsweredWithTheFirstsIdSayingWhy() throws Exception {
        // Before: "invalid JSON at character 47" and id null, so the caller of request 4 waited for ever.
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":4}"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":5}");
        assertThat(error(response, -32700).getString("message")).isEqualTo("Parse error: more than one JSON value: "
                + "another starts at character 47; send each JSON-RPC request on a line of its own, ended by \\n "
                + "(over HTTP or a WebSocket, in a message of its own); none of this one was run");
        assertThat(response.getInt("id")).isEqualTo(4);
        assertThat(error(client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":6} x"), -32700)
                .getString("message")).startsWith("Parse error: text after the JSON object at character 48");
    }

    @Test
    void invalidUtf8IsParseError() throws Exception {
        byte[] line = {'{', '"', 'a', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}'};
        JsonObject response = client.raw(line);
        assertThat(error(response, -32700).getString("message")).isEqualTo("Parse error: the line is not valid UTF-8");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
    }

    @Test
    void binaryGarbageIsParseError() throws Exception {
        byte[] line = new byte[256];
        for (int i = 0; i < line.length; i++) {
            line[i] = (byte) (i == '\n' ? 0 : i);
        }
        error(client.raw(line), -32700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "\"text\"", "true", "null"})
    void jsonThatIsNotAnObjectIsInvalidRequestWithNullId(String line) throws Exception {
        JsonObject response = client.raw(line);
        assertThat(error(response, -32600).getString("message")).isEqualTo("Invalid Request: expected a JSON object");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
    }

    @Test
    void batchArrayIsInvalidRequest() throws Exception {
        JsonObject response = client.raw("[{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":1}]");
        assertThat(error(response, -32600).getString("message"))
                .isEqualTo("Invalid Request: batch requests are not supported");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
    }

    @Test
    void missingOrWrongJsonrpcVersionIsInvalidRequestKeepingTheId() throws Exception {
        JsonObject missing = client.raw("{\"method\":\"pty/status\",\"id\":3}");
        assertThat(error(missing, -32600).getString("message")).isEqualTo("Invalid Request: jsonrpc must be \"2.0\"");
        assertThat(missing.getInt("id")).isEqualTo(3);
        error(client.raw("{\"jsonrpc\":\"1.0\",\"method\":\"pty/status\",\"id\":3}"), -32600);
        error(client.raw("{\"jsonrpc\":2.0,\"method\":\"pty/status\",\"id\":3}"), -32600);
    }

    @Test
    void missingOrNonStringMethodIsInvalidRequest() throws Exception {
        assertThat(error(client.raw("{\"jsonrpc\":\"2.0\",\"id\":1}"), -32600).getString("message"))
                .isEqualTo("Invalid Request: method must be a string");
        error(client.raw("{\"jsonrpc\":\"2.0\",\"method\":5,\"id\":1}"), -32600);
    }

    @Test
    void missingIdIsInvalidRequestBecauseNotificationsAreNotSupported() throws Exception {
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\"}");
        assertThat(error(response, -32600).getString("message"))
                .isEqualTo("Invalid Request: id is required (notifications are not supported)");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "true", "{}", "[1]"})
    void idOfTheWrongTypeIsInvalidRequestWithNullId(String id) throws Exception {
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/status\",\"id\":" + id + "}");
        assertThat(error(response, -32600).getString("message"))
                .isEqualTo("Invalid Request: id must be a string or a number");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
    }

    @Test
    void legacyOpMessageGetsItsOwnExplanation() throws Exception {
        JsonObject response = client.raw("{\"op\":\"read\"}");
        String message = error(response, -32600).getString("message");
        assertThat(message).contains("legacy {op} protocol is not supported").contains("\"jsonrpc\":\"2.0\"");
        assertThat(response.get("id")).isEqualTo(JsonValue.NULL);
        assertThat(client.raw("{\"op\":\"write\",\"id\":9}").getInt("id")).isEqualTo(9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "\"x\"", "3", "null", "true"})
    void paramsThatAreNotAnObjectAreInvalidParams(String params) throws Exception {
        JsonObject response = client.raw("{\"jsonrpc\":\"2.0\",\"method\":\"pty/read\",\"params\":" + params
                + ",\"id\":4}");
        assertThat(error(response, -32602).getString("message")).isEqualTo("params must be an object");
        assertThat(response.getInt("id")).isEqualTo(4);
    }

    @Test
    void unknownMethodIsMethodNotFoundNamingIt() throws Exception {
        JsonObject error = client.error("pty/unknown", "{}", -32601);
        assertThat(error.getString("message")).isEqualTo("Method not found: pty/unknown");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t"})
    void blankLinesGetNoResponse(String line) throws Exception {
        assertThat(client.raw(line)).isNull();
    }

    @Test
    void unknownParamsAreIgnored() throws Exception {
        assertThat(client.result("pty/status", "{\"future\":true}").getBoolean("running")).isTrue();
    }

    @Test
    void deeplyNestedJsonIsRejectedWithoutCrashing() throws Exception {
        String line = "[".repeat(100_000) + "]".repeat(100_000);
        JsonObject response = client.raw(line);
        assertThat(response.getJsonObject("error").getInt("code")).isIn(-32700, -32600);
    }
}
