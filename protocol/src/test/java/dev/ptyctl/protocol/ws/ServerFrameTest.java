package dev.ptyctl.protocol.ws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.ProcessExit;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerFrameTest {

    private static JsonObject json(ServerFrame frame) {
        return JsonSupport.parseObject(frame.toJson());
    }

    @Test
    void framesHaveTheShapesOfSpecSection52() {
        assertThat(json(new ServerFrame.Output(5, "hello", false)).toString())
                .isEqualTo("{\"type\":\"output\",\"seq\":5,\"data\":\"hello\"}");
        assertThat(json(new ServerFrame.Output(9, "\u001bc", true)).getBoolean("reset")).isTrue();
        assertThat(json(new ServerFrame.Exit(9, ProcessExit.exited(3))).toString())
                .isEqualTo("{\"type\":\"exit\",\"seq\":9,\"exitCode\":3}");
        assertThat(json(new ServerFrame.Exit(9, ProcessExit.exited(130))).toString())
                .isEqualTo("{\"type\":\"exit\",\"seq\":9,\"exitCode\":130}");
        assertThat(json(new ServerFrame.Exit(9, ProcessExit.killedBy(2))).toString())
                .isEqualTo("{\"type\":\"exit\",\"seq\":9,\"exitCode\":130,\"signal\":\"SIGINT\"}");
        assertThat(json(new ServerFrame.Size(200, 50)).toString())
                .isEqualTo("{\"type\":\"size\",\"seq\":0,\"cols\":200,\"rows\":50}");
        assertThat(json(new ServerFrame.Ack(6, 42)).toString())
                .isEqualTo("{\"type\":\"ack\",\"seq\":0,\"clientSeq\":6,\"outputSeq\":42}");
        assertThat(json(new ServerFrame.Ready(2)).toString())
                .isEqualTo("{\"type\":\"ready\",\"seq\":0,\"protocol\":2}");
        assertThat(json(new ServerFrame.Pong(new BigDecimal(123))).toString())
                .isEqualTo("{\"type\":\"pong\",\"seq\":0,\"t\":123}");
        assertThat(json(new ServerFrame.Error("bad", Optional.empty())).toString())
                .isEqualTo("{\"type\":\"error\",\"seq\":0,\"message\":\"bad\"}");
    }

    @Test
    void everyFrameParsesBackToItself() {
        ServerFrame[] frames = {new ServerFrame.Output(5, "h\u00e9\n", false), new ServerFrame.Output(7, "x", true),
            new ServerFrame.Exit(1, ProcessExit.exited(0)), new ServerFrame.Exit(2, ProcessExit.exited(137)),
            new ServerFrame.Exit(3, ProcessExit.killedBy(9)), new ServerFrame.Error("e", Optional.of(4L)), new ServerFrame.Size(1, 2),
            new ServerFrame.Ack(3, 4), new ServerFrame.Ready(2), new ServerFrame.Pong(new BigDecimal("1.5")),
            new ServerFrame.Title(Optional.of("vim"), Optional.of("working")),
            new ServerFrame.Title(Optional.empty(), Optional.empty()),
            new ServerFrame.Reply(42, "\u001b]lcaf\u00e9\u001b\\")};
        for (ServerFrame frame : frames) {
            assertThat(ServerFrame.parse(frame.toJson())).isEqualTo(frame);
        }
    }
}
