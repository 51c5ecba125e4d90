package dev.ptyctl.service.log;

import dev.ptyctl.protocol.JsonSupport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the server's own log records (Helidon's, a failing accept, a reader that failed) look like on stderr: in the
 * shape of the {@link EventLog}'s lines, so that one {@code grep} finds an event with its time. Text:
 * {@code 2026-12-05T09:23:10.622374357Z WARNING dev.ptyctl.service.rpc.RpcEndpoint: the JSON-RPC endpoint ...}, a
 * stack trace, if any, on the lines below; JSON ({@code --log-format json}): one object per record with
 * {@code time}, {@code level}, {@code logger}, {@code message} and {@code thrown} (the stack trace).
 *
 * <p>The JDK's default wrote two lines per record, the time in the local zone and without seconds' fractions on the
 * first ({@code Dec 05, 2026 9:23:10 AM io.helidon...}), the level and message on the second: a {@code grep WARNING}
 * gave neither the time nor who logged, and the JSON log had plain-text records among its objects.
 */
public final class LogRecordFormat extends Formatter {
    private final EventLog.Format format;

    private LogRecordFormat(EventLog.Format format) {
        this.format = format;
    }

    /**
     * Formats the records of the root logger's console handlers in {@code format} from now on, unless the
     * java.util.logging configuration was given ({@code java.util.logging.config.file} or {@code .class}): then
     * that is what the user wants.
     */
    public static void install(EventLog.Format format) {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return;
        }
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            if (handler instanceof ConsoleHandler) {
                handler.setFormatter(new LogRecordFormat(format));
            }
        }
    }

    /** A formatter of records in {@code format} (for tests). */
    static LogRecordFormat of(EventLog.Format format) {
        return new LogRecordFormat(format);
    }

    @Override
    public String format(LogRecord record) {
        String time = record.getInstant().toString();
        String level = record.getLevel().getName();
        String logger = record.getLoggerName() == null ? "" : record.getLoggerName();
        String message = formatMessage(record);
        String thrown = record.getThrown() == null ? null : stackTrace(record.getThrown());
        if (format == EventLog.Format.JSON) {
            var line = JsonSupport.objectBuilder().add("time", time).add("level", level).add("logger", logger)
                    .add("message", message);
            if (thrown != null) {
                line.add("thrown", thrown);
            }
            return line.build() + System.lineSeparator();
        }
        // A message of several lines stays one line: every line of the log starts with its time.
        String text = time + " " + level + " " + logger + ": " + message.replace("\n", "\\n");
        return text + System.lineSeparator() + (thrown == null ? "" : thrown);
    }

    private static String stackTrace(Throwable thrown) {
        StringWriter trace = new StringWriter();
        try (PrintWriter out = new PrintWriter(trace)) {
            thrown.printStackTrace(out);
        }
        return trace.toString();
    }
}
