package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WriteMethodTest {
    private final InMemoryClient client = new InMemoryClient();

    @Test
    void textIsWrittenAndCountedInUtf8Bytes() throws Exception {
        JsonObject result = client.result("pty/write", "{\"action\":{\"text\":\"héllo ✓\"}}");
        assertThat(result.getInt("written")).isEqualTo(10);
        assertThat(client.session.writtenText()).isEqualTo("héllo ✓");
    }

    @Test
    void keyIsEncoded() throws Exception {
        assertThat(client.result("pty/write", "{\"action\":{\"key\":\"Enter\"}}").getInt("written")).isEqualTo(1);
        assertThat(client.session.writtenText()).isEqualTo("\r");
    }

    @Test
    void arrayOfActionsIsWrittenInOrderAndWrittenIsTheTotal() throws Exception {
        JsonObject result = client.result("pty/write",
                "{\"action\":[{\"text\":\"ls\"},{\"key\":\"Enter\"},{\"key\":\"Ctrl+C\"},{\"text\":\"\"}]}");
        assertThat(result.getInt("written")).isEqualTo(4);
        assertThat(client.session.writtenText()).isEqualTo("ls\r\u0003");
    }

    @Test
    void outputSeqIsTheOutputOffsetWhenTheWriteWasApplied() throws Exception {
        assertThat(client.result("pty/write", "{\"action\":{\"text\":\"a\"}}").getJsonNumber("outputSeq").longValue())
                .isZero();
        client.session.emit("12345");
        assertThat(client.result("pty/write", "{\"action\":{\"text\":\"b\"}}").getJsonNumber("outputSeq").longValue())
                .isEqualTo(5);
    }

    @Test
    void arrowKeysFollowApplicationCursorMode() throws Exception {
        client.result("pty/write", "{\"action\":{\"key\":\"ArrowUp\"}}");
        client.session.emit("\u001b[?1h");
        client.result("pty/write", "{\"action\":{\"key\":\"ArrowUp\"}}");
        assertThat(client.session.writtenText()).isEqualTo("\u001b[A\u001bOA");
    }

    @Test
    void aPasteIsBracketedExactlyWhileTheProgramAsksForItAndItsLinesArriveAsEnter() throws Exception {
        client.result("pty/write", "{\"action\":{\"paste\":\"a\\nb\"}}");
        client.session.emit("\u001b[?2004h");
        client.result("pty/write", "{\"action\":[{\"paste\":\"for x\\ndone\"},{\"key\":\"Enter\"}]}");
        assertThat(client.session.writtenText()).isEqualTo("a\rb\u001b[200~for x\rdone\u001b[201~\r");
    }

    @Test
    void aPasteWithTextOrKeyIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"paste\":\"x\",\"key\":\"Enter\"}}"))
                .isEqualTo("action: text, key and paste are mutually exclusive");
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"paste\":1}}"))
                .isEqualTo("action.paste must be a string");
    }

    @Test
    void bytesAreWrittenAsTheyAreNotAsText() throws Exception {
        // a mouse press at column 100 in the default encoding: 32 + 100 = 0x84, one byte (as text, UTF-8's C2 84)
        JsonObject result = client.result("pty/write", "{\"action\":[{\"bytes\":\"G1tNIIQi\"},{\"text\":\"x\"}]}");
        assertThat(result.getInt("written")).isEqualTo(7);
        assertThat(client.session.writtenBytes()).containsExactly(0x1b, '[', 'M', ' ', 0x84, '"', 'x');
    }

    @Test
    void bytesThatAreNotBase64OrWithTextAreRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"bytes\":\"not base64!\"}}"))
                .startsWith("action.bytes must be base64 (RFC 4648, padded): ");
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"bytes\":\"eA==\",\"text\":\"x\"}}"))
                .isEqualTo("action: text, key, paste and bytes are mutually exclusive");
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"bytes\":7}}"))
                .isEqualTo("action.bytes must be a string");
        assertThat(client.session.writtenText()).isEmpty();
    }

    @Test
    void bothTextAndKeyIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":{\"text\":\"x\",\"key\":\"Enter\"}}"))
                .isEqualTo("action: text and key are mutually exclusive");
        assertThat(client.invalidParams("pty/write",
                "{\"action\":[{\"text\":\"x\"},{\"text\":\"x\",\"key\":\"Tab\"}]}"))
                .isEqualTo("action[1]: text and key are mutually exclusive");
    }

    @Test
    void neitherTextNorKeyIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":{}}")).isEqualTo("action needs either text or key");
        assertThat(client.invalidParams("pty/write", "{\"action\":[{\"text\":\"a\"},{\"other\":1}]}"))
                .isEqualTo("action[1] needs either text or key");
    }

    @Test
    void emptyArrayIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":[]}")).isEqualTo("action must not be an empty array");
    }

    @Test
    void missingActionIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{}")).startsWith("action is required");
        assertThat(client.invalidParams("pty/write", "{\"action\":null}")).startsWith("action is required");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"ls\"", "3", "true"})
    void actionOfTheWrongTypeIsRejected(String action) throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":" + action + "}"))
                .isEqualTo("action must be an object {text} or {key}, or a non-empty array of them");
    }

    @Test
    void arrayElementThatIsNotAnObjectIsRejected() throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":[{\"text\":\"a\"},\"b\"]}"))
                .isEqualTo("action[1] must be an object {text} or {key}");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"text\":5}|action.text must be a string", "{\"key\":13}|action.key must be a string",
        "{\"key\":[\"Enter\"]}|action.key must be a string",
    })
    void textAndKeyMustBeStrings(String action, String message) throws Exception {
        assertThat(client.invalidParams("pty/write", "{\"action\":" + action + "}")).isEqualTo(message);
    }

    @Test
    void unknownKeyIsRejectedNamingItAndNothingIsWritten() throws Exception {
        JsonObject error = client.error("pty/write",
                "{\"action\":[{\"text\":\"rm -rf x\"},{\"key\":\"enter\"}]}", -32602);
        assertThat(error.getString("message")).startsWith("Unknown key: \"enter\"");
        assertThat(error.getJsonObject("data").getString("key")).isEqualTo("enter");
        assertThat(client.session.writtenText()).isEmpty();
    }

    @Test
    void writeAfterExitIsSessionError() throws Exception {
        client.session.exit(3);
        JsonObject error = client.error("pty/write", "{\"action\":{\"text\":\"x\"}}", -32000);
        assertThat(error.getString("message")).isEqualTo("the process has exited with code 3");
    }
}
