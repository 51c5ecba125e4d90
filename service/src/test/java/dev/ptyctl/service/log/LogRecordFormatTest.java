package dev.ptyctl.service.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/** The server's own log records read as the event log's lines: time first, one line each (the trace below). */
class LogRecordFormatTest {
    private static LogRecord record() {
        LogRecord record = new LogRecord(Level.WARNING, "accept failed on {0}\nsecond line");
        record.setParameters(new Object[] {"127.0.0.1:4242"});
        record.setLoggerName("dev.ptyctl.service.rpc.RpcEndpoint");
        record.setInstant(Instant.parse("2026-12-05T03:04:05.678Z"));
        record.setThrown(new IOException("Too many open files"));
        return record;
    }

    @Test
    void aTextRecordIsOneLineWithTimeLevelAndLoggerThenItsStackTrace() {
        String[] lines = LogRecordFormat.of(EventLog.Format.TEXT).format(record()).split("\\R");
        assertThat(lines[0]).isEqualTo("2026-12-05T03:04:05.678Z WARNING dev.ptyctl.service.rpc.RpcEndpoint: "
                + "accept failed on 127.0.0.1:4242\\nsecond line");
        assertThat(lines[1]).isEqualTo("java.io.IOException: Too many open files");
        assertThat(lines[2]).startsWith("\tat ");
    }

    @Test
    void aJsonRecordIsOneObjectWithTheTraceAsAMember() {
        String text = LogRecordFormat.of(EventLog.Format.JSON).format(record());
        assertThat(text.strip()).doesNotContain("\n");
        JsonObject line = JsonSupport.parseObject(text);
        assertThat(line.getString("time")).isEqualTo("2026-12-05T03:04:05.678Z");
        assertThat(line.getString("level")).isEqualTo("WARNING");
        assertThat(line.getString("logger")).isEqualTo("dev.ptyctl.service.rpc.RpcEndpoint");
        assertThat(line.getString("message")).isEqualTo("accept failed on 127.0.0.1:4242\nsecond line");
        assertThat(line.getString("thrown")).startsWith("java.io.IOException: Too many open files");
    }
}
