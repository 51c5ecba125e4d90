package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReadMethodTest {
    /** 45 characters: three rows of the in-memory terminal's 20 columns. */
    private static final String LONG = "0123456789abcdefghij".repeat(2) + "KLMNO";
    private final InMemoryClient client = new InMemoryClient();

    @BeforeEach
    void fillFiveRows() {
        client.session.emit("one\r\ntwo  \r\nthree\r\nfour\r\nfive");
    }

    private String screen(String params) throws InterruptedException {
        return screen(client, params);
    }

    private static String screen(InMemoryClient reader, String params) throws InterruptedException {
        return reader.result("pty/read", params).getString("screen");
    }

    /** A {@code @CsvSource} cell's expected text: {@code \\n} stands for a newline, an empty cell for "". */
    private static String text(String cell) {
        return cell == null ? "" : cell.replace("\\n", "\n");
    }

    @Test
    void readReturnsScreenCursorAndSize() throws Exception {
        JsonObject result = client.result("pty/read", "{}");
        assertThat(result.getString("screen")).isEqualTo("one\ntwo\nthree\nfour\nfive\n");
        assertThat(result.getJsonObject("cursor").getInt("row")).isEqualTo(5);
        assertThat(result.getJsonObject("cursor").getInt("col")).isEqualTo(5);
        assertThat(result.getJsonObject("size").getInt("cols")).isEqualTo(20);
        assertThat(result.getJsonObject("size").getInt("rows")).isEqualTo(5);
    }

    @Test
    void blankScreenIsEmptyStringWithCursorAtOneOne() throws Exception {
        InMemoryClient fresh = new InMemoryClient();
        JsonObject result = fresh.result("pty/read", "{}");
        assertThat(result.getString("screen")).isEmpty();
        assertThat(result.getJsonObject("cursor").getInt("row")).isEqualTo(1);
        assertThat(result.getJsonObject("cursor").getInt("col")).isEqualTo(1);
    }

    @Test
    void trailingBlankRowsAreDroppedAndSelectionAppliesToRowsFirst() throws Exception {
        InMemoryClient fresh = new InMemoryClient();
        fresh.session.emit("a\r\n\r\nc");
        assertThat(screen(fresh, "{}")).isEqualTo("a\n\nc\n");
        assertThat(screen(fresh, "{\"top\":2}")).isEqualTo("a\n");
        assertThat(screen(fresh, "{\"bottom\":2}")).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"top\":2}|one\\ntwo\\n",
        "{\"top\":0}|",
        "{\"top\":99}|one\\ntwo\\nthree\\nfour\\nfive\\n",
        "{\"top\":-3}|",
        "{\"bottom\":2}|four\\nfive\\n",
        "{\"bottom\":1e30}|one\\ntwo\\nthree\\nfour\\nfive\\n",
        "{\"start\":2,\"end\":3}|two\\nthree\\n",
        "{\"start\":3,\"end\":3}|three\\n",
        "{\"start\":-5,\"end\":1}|one\\n",
        "{\"start\":4,\"end\":100}|four\\nfive\\n",
        "{\"start\":4,\"end\":2}|",
        "{\"start\":9,\"end\":12}|",
        "{\"top\":2.0}|one\\ntwo\\n",
        "{\"top\":null}|one\\ntwo\\nthree\\nfour\\nfive\\n",
    })
    void selectionsAreClampedToTheScreen(String params, String expected) throws Exception {
        assertThat(screen(params)).isEqualTo(text(expected));
    }

    @Test
    void topAndBottomAreExclusive() throws Exception {
        assertThat(client.invalidParams("pty/read", "{\"top\":1,\"bottom\":1}"))
                .isEqualTo("top and bottom cannot be used together");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"start\":1}", "{\"end\":2}"})
    void startAndEndOnlyTogether(String params) throws Exception {
        assertThat(client.invalidParams("pty/read", params)).isEqualTo("start and end must be given together");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"top\":1,\"start\":1,\"end\":2}", "{\"bottom\":1,\"end\":2}", "{\"top\":1,\"start\":1}"})
    void groupsAreNeverMixed(String params) throws Exception {
        assertThat(client.invalidParams("pty/read", params)).isEqualTo("top/bottom cannot be combined with start/end");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"top\":1.5}|top", "{\"top\":\"3\"}|top", "{\"bottom\":true}|bottom", "{\"start\":[1],\"end\":2}|start",
        "{\"start\":1,\"end\":{}}|end",
    })
    void nonIntegerValuesAreInvalidParams(String params, String field) throws Exception {
        assertThat(client.invalidParams("pty/read", params)).isEqualTo(field + " must be an integer");
    }

    @Test
    void wideCharactersAppearOnce() throws Exception {
        InMemoryClient fresh = new InMemoryClient();
        fresh.session.emit("界x");
        JsonObject result = fresh.result("pty/read", "{}");
        assertThat(result.getString("screen")).isEqualTo("界x\n");
        assertThat(result.getJsonObject("cursor").getInt("col")).isEqualTo(4);
    }

    @Test
    void readStillWorksAfterTheProcessExited() throws Exception {
        client.session.exit(0);
        assertThat(screen("{\"bottom\":1}")).isEqualTo("five\n");
    }

    /** Eight lines on the five rows: 1 to 3 in the scrollback. */
    private static InMemoryClient eightLines() {
        InMemoryClient fresh = new InMemoryClient();
        fresh.session.emit("1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8");
        return fresh;
    }

    @Test
    void scrollbackReturnsTheLinesThatScrolledOffThenTheScreen() throws Exception {
        InMemoryClient fresh = eightLines();
        JsonObject result = fresh.result("pty/read", "{\"scrollback\":true}");
        assertThat(result.getString("screen")).isEqualTo("1\n2\n3\n4\n5\n6\n7\n8\n");
        assertThat(result.getInt("scrollback")).isEqualTo(3);
        assertThat(screen(fresh, "{\"scrollback\":false}")).isEqualTo("4\n5\n6\n7\n8\n");
        assertThat(fresh.result("pty/read", "{}")).doesNotContainKey("scrollback");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"scrollback\":true,\"top\":2}|1\\n2\\n",
        "{\"scrollback\":true,\"bottom\":6}|3\\n4\\n5\\n6\\n7\\n8\\n",
        "{\"scrollback\":true,\"start\":3,\"end\":4}|3\\n4\\n",
        "{\"scrollback\":true,\"start\":7,\"end\":99}|7\\n8\\n",
    })
    void withScrollbackTheSelectionCountsScrollbackAndScreenAsOneText(String params, String expected)
            throws Exception {
        assertThat(screen(eightLines(), params)).isEqualTo(text(expected));
    }

    /** "x", the 45-character line on three rows of the 20 columns, then "$ ": five rows, nothing scrolled off. */
    private static InMemoryClient aWrappedLineBetweenTwo() {
        InMemoryClient fresh = new InMemoryClient();
        fresh.session.emit("x\r\n" + LONG + "\r\n$ ");
        return fresh;
    }

    /** The 45-character line, then four short lines: its first two rows have scrolled off. */
    private static InMemoryClient aWrappedLineThenFour() {
        InMemoryClient fresh = new InMemoryClient();
        fresh.session.emit(LONG + "\r\n1\r\n2\r\n3\r\n4");
        return fresh;
    }

    @Test
    void joinedReadsALineThatWrappedAsOneLineAndSaysSo() throws Exception {
        JsonObject joined = aWrappedLineBetweenTwo().result("pty/read", "{\"joined\":true}");
        assertThat(joined.getString("screen")).isEqualTo("x\n" + LONG + "\n$\n");
        assertThat(joined.getBoolean("joined")).isTrue();
        assertThat(aWrappedLineBetweenTwo().result("pty/read", "{}")).doesNotContainKey("joined");
        assertThat(screen("{\"joined\":true}")).as("nothing wrapped: the rows")
                .isEqualTo("one\ntwo\nthree\nfour\nfive\n");
        assertThat(screen("{\"joined\":true,\"start\":4,\"end\":2}")).as("an empty range").isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"joined\":true,\"top\":2}|x\\n0123456789abcdefghij0123456789abcdefghijKLMNO\\n",
        "{\"joined\":true,\"bottom\":2}|0123456789abcdefghij0123456789abcdefghijKLMNO\\n$\\n",
        "{\"joined\":true,\"start\":2,\"end\":2}|0123456789abcdefghij0123456789abcdefghijKLMNO\\n",
    })
    void joinedSelectionsCountTheJoinedLines(String params, String expected) throws Exception {
        assertThat(screen(aWrappedLineBetweenTwo(), params)).isEqualTo(text(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"joined\":true,\"scrollback\":true,\"top\":1}|0123456789abcdefghij0123456789abcdefghijKLMNO\\n",
        "{\"joined\":true,\"scrollback\":true,\"bottom\":5}|0123456789abcdefghij0123456789abcdefghijKLMNO\\n"
                + "1\\n2\\n3\\n4\\n",
        "{\"joined\":true,\"scrollback\":true,\"start\":2,\"end\":2}|1\\n",
    })
    void withScrollbackTheJoinedLinesGoOnAcrossTheScreensTopEdge(String params, String expected) throws Exception {
        assertThat(screen(aWrappedLineThenFour(), params)).isEqualTo(text(expected));
        // without the scrollback the screen starts inside that line: its last row is a line of its own there
        assertThat(screen(aWrappedLineThenFour(), "{\"joined\":true,\"top\":1}")).isEqualTo("KLMNO\n");
    }

    @Test
    void joinedMustBeABoolean() throws Exception {
        assertThat(client.invalidParams("pty/read", "{\"joined\":\"yes\"}")).isEqualTo("joined must be a boolean");
    }

    @Test
    void scrollbackMustBeABoolean() throws Exception {
        assertThat(client.invalidParams("pty/read", "{\"scrollback\":1}")).isEqualTo("scrollback must be a boolean");
    }

    /**
     * {@code format: "vt"}: the whole terminal as escape sequences, as REST's {@code screen?format=vt}: colours kept,
     * the scrollback too, and a fresh terminal of the same size fed them shows the same screen and scrollback.
     */
    @Test
    void vtFormatGivesEscapeSequencesThatRedrawTheTerminalWithItsColours() throws Exception {
        InMemoryClient fresh = eightLines();
        fresh.session.emit("\r\n\u001b[1;31mred\u001b[0m!");
        JsonObject result = fresh.result("pty/read", "{\"format\":\"vt\"}");
        assertThat(result.getString("format")).isEqualTo("vt");
        String vt = result.getString("screen");
        assertThat(vt).startsWith("\u001bc").contains("red").containsPattern("\u001b\\[[0-9;]*31[0-9;]*m");
        assertThat(result.getJsonObject("size").getInt("cols")).isEqualTo(20);
        assertThat(result.getJsonObject("cursor").getInt("row")).isEqualTo(5);

        Terminal replay = new Terminal(20, 5);
        replay.feed(vt.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(TextSerializer.withScrollback(replay))
                .isEqualTo(fresh.result("pty/read", "{\"scrollback\":true}").getString("screen"));
    }

    @Test
    void textFormatIsTheDefaultsText() throws Exception {
        assertThat(screen("{\"format\":\"text\",\"top\":2}")).isEqualTo("one\ntwo\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"top", "bottom", "scrollback", "joined"})
    void vtFormatRefusesWhatSelectsText(String name) throws Exception {
        String value = name.equals("scrollback") || name.equals("joined") ? "true" : "2";
        assertThat(client.invalidParams("pty/read", "{\"format\":\"vt\",\"" + name + "\":" + value + "}"))
                .isEqualTo("format \"vt\" is the whole terminal (screen and scrollback as escape sequences) and takes "
                        + "no " + name);
    }

    @Test
    void anUnknownFormatIsNamed() throws Exception {
        assertThat(client.invalidParams("pty/read", "{\"format\":\"html\"}"))
                .isEqualTo("format must be \"text\" or \"vt\", got \"html\"");
        assertThat(client.invalidParams("pty/read", "{\"format\":1}")).isEqualTo("format must be a string");
    }
}
