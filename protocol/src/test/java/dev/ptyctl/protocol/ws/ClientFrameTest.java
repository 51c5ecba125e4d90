package dev.ptyctl.protocol.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ClientFrameTest {

    @Test
    void everyFrameOfTheSeedParses() throws Exception {
        assertThat(ClientFrame.parse("{ \"type\": \"input\", \"clientId\": \"client-1\", \"clientSeq\": 1, "
                + "\"data\": \"ls\\n\" }")).isEqualTo(new ClientFrame.Input("client-1", 1, "ls\n", true));
        assertThat(ClientFrame.parse("{ \"type\": \"resize\", \"clientId\": \"client-1\", \"clientSeq\": 2, "
                + "\"cols\": 120, \"rows\": 36 }")).isEqualTo(new ClientFrame.Resize("client-1", 2, 120, 36));
        for (String type : new String[] {"close", "focus", "hide", "clear"}) {
            assertThat(ClientFrame.parse("{\"type\":\"" + type + "\",\"clientId\":\"c\",\"clientSeq\":3}"))
                    .isEqualTo(new ClientFrame.Command(type, "c", 3));
        }
        assertThat(ClientFrame.parse("{ \"type\": \"ping\", \"t\": 123, \"srtt\": 80 }"))
                .isEqualTo(new ClientFrame.Ping(new BigDecimal(123), 80));
    }

    @Test
    void claimFalseMarksAQueryReply() throws Exception {
        ClientFrame frame = ClientFrame.parse(
                "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1,\"data\":\"\\u001b[1;1R\",\"claim\":false}");

        assertThat(frame).isEqualTo(new ClientFrame.Input("c", 1, "\u001b[1;1R", false));
    }

    @Test
    void bytesCarryAnInputThatIsNotText() throws Exception {
        // An X10 mouse press at column 96: ESC [ M, then 0x20, 0x80, 0x21, each one byte, not UTF-8
        ClientFrame frame = ClientFrame.parse(
                "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1,\"bytes\":\"G1tNIIAh\"}");

        assertThat(frame).isInstanceOfSatisfying(ClientFrame.Input.class, input -> assertThat(input.bytes())
                .containsExactly(0x1b, '[', 'M', 0x20, 0x80, 0x21));
        assertThat(((ClientFrame.Input) frame).claim()).isTrue();
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":2,\"bytes\":\"not base64!\"}"))
                .isInstanceOfSatisfying(FrameFormatException.class, e -> {
                    assertThat(e).hasMessageContaining("\"bytes\" must be base64");
                    assertThat(e.clientSeq()).contains(2L);
                });
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":3,\"bytes\":\"eA==\",\"data\":\"x\"}"))
                .hasMessageContaining("not both");
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":4,\"bytes\":7}"))
                .hasMessageContaining("\"bytes\" must be a string");
    }

    @Test
    void framesRoundTripThroughTheirJson() throws Exception {
        ClientFrame[] frames = {new ClientFrame.Input("c", 9, "é\u0000\"", false),
            ClientFrame.Input.ofBytes("c", 9, new byte[] {(byte) 0xff, 0, (byte) 0x80}, false),
            new ClientFrame.Resize("c", 10, 1, 1000), new ClientFrame.Command("hide", "c", 11),
            new ClientFrame.Ping(new BigDecimal("12.5"), -1)};
        for (ClientFrame frame : frames) {
            assertThat(ClientFrame.parse(frame.toJson())).isEqualTo(frame);
        }
    }

    @Test
    void aMalformedFrameSaysWhatIsWrong() {
        assertThatThrownBy(() -> ClientFrame.parse("not json")).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> ClientFrame.parse("[1]")).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> ClientFrame.parse("{\"clientId\":\"c\"}")).hasMessageContaining("type");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientSeq\":1,\"data\":\"x\"}"))
                .hasMessageContaining("clientId");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":-1}"))
                .hasMessageContaining("clientSeq");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"ping\"}")).hasMessageContaining("\"t\"");
        // Present but of the wrong kind: said so, with what was sent, not "frame has no".
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":\"1\"}"))
                .hasMessage("\"clientSeq\" must be a whole number, 0 or more, got \"1\"");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":1.5}"))
                .hasMessage("\"clientSeq\" must be a whole number, 0 or more, got 1.5");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientId\":7,\"clientSeq\":1}"))
                .hasMessage("\"clientId\" must be a string, not empty, got 7");
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"input\",\"clientSeq\":1}"))
                .hasMessage("frame has no \"clientId\" (a string, not empty)");
    }

    @Test
    void aMessageWithMoreThanOneObjectOrTextAfterItIsRefusedWholeNamingTheFirstFrame() throws Exception {
        String input = "{\"type\":\"input\",\"clientId\":\"c\",\"clientSeq\":7,\"data\":\"x\"}";
        assertThatThrownBy(() -> ClientFrame.parse(input + " trailing"))
                .isInstanceOfSatisfying(FrameFormatException.class, e -> {
                    assertThat(e).hasMessageContaining("text after the JSON object at character "
                            + (input.length() + 2)).hasMessageContaining("nothing of this one was applied");
                    assertThat(e.clientId()).hasValue("c");
                    assertThat(e.clientSeq()).hasValue(7L);
                });
        assertThatThrownBy(() -> ClientFrame.parse(input + "{\"type\":\"close\",\"clientId\":\"c\",\"clientSeq\":8}"))
                .hasMessageContaining("more than one JSON value: another starts at character " + (input.length() + 1));
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"ping\",\"t\":1} 2"))
                .hasMessageContaining("more than one JSON value");
        assertThat(ClientFrame.parse(input + " \r\n\t")).isEqualTo(new ClientFrame.Input("c", 7, "x", true));
    }

    @Test
    void nestingDeeperThanTheParsersLimitIsAMalformedFrame() {
        assertThatThrownBy(() -> ClientFrame.parse("[".repeat(5000) + "]".repeat(5000)))
                .isInstanceOf(FrameFormatException.class).hasMessageContaining("not a JSON object");
    }

    @Test
    void aMalformedFrameThatIdentifiesItselfKeepsItsIdAndSeq() {
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"resize\",\"clientId\":\"c\",\"clientSeq\":4,\"cols\":0,\"rows\":5}"))
                .isInstanceOfSatisfying(FrameFormatException.class, e -> {
                    assertThat(e).hasMessageContaining("cols");
                    assertThat(e.clientId()).contains("c");
                    assertThat(e.clientSeq()).contains(4L);
                });
        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"dance\",\"clientId\":\"c\",\"clientSeq\":5}"))
                .isInstanceOfSatisfying(FrameFormatException.class,
                        e -> assertThat(e.clientSeq()).contains(5L));
    }

    @Test
    void anOverlongClientIdIsRefused() {
        String id = "x".repeat(ClientFrame.MAX_CLIENT_ID_LENGTH + 1);

        assertThatThrownBy(() -> ClientFrame.parse("{\"type\":\"close\",\"clientId\":\"" + id + "\",\"clientSeq\":1}"))
                .hasMessageContaining("longer than");
    }

    @Test
    void aResizeOutsideOneToAThousandIsRefusedNamingTheField() throws Exception {
        // SPEC §8 cols/rows bounds, the same as REST's
        assertThat(ClientFrame.parse("{\"type\":\"resize\",\"clientId\":\"c\",\"clientSeq\":1,\"cols\":1000,"
                + "\"rows\":1}")).isEqualTo(new ClientFrame.Resize("c", 1, 1000, 1));
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"resize\",\"clientId\":\"c\",\"clientSeq\":1,\"cols\":1001,\"rows\":5}"))
                .hasMessageContaining("cols");
        assertThatThrownBy(() -> ClientFrame.parse(
                "{\"type\":\"resize\",\"clientId\":\"c\",\"clientSeq\":1,\"cols\":80,\"rows\":1001}"))
                .hasMessageContaining("rows");
    }
}
