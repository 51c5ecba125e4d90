package dev.ptyctl.service.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

class UnexpectedFailuresTest {
    /** The records logged, as "LEVEL message" with the thrown exception's message. */
    private final List<String> logged = new ArrayList<>();
    private final System.Logger log = new System.Logger() {
        @Override
        public String getName() {
            return "test";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            logged.add(level + " " + msg + " | " + thrown.getMessage());
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            logged.add(level + " " + format);
        }
    };

    @Test
    void theClientIsToldTheClassAndAnIdWhichTheLogHasWithTheMessage() {
        String told = UnexpectedFailures.log(log, "request GET /x",
                new IllegalStateException("cannot read /home/alice/.ptyctl/token"));

        assertThat(told).matches("the server failed: IllegalStateException \\(error ([0-9a-f]{8}); the server's log"
                + " has its message and stack under that id\\)").doesNotContain("alice");
        String id = told.replaceAll(".*\\(error ([0-9a-f]{8});.*", "$1");
        assertThat(logged).containsExactly("ERROR request GET /x failed (error " + id + ") | cannot read"
                + " /home/alice/.ptyctl/token");
    }

    @Test
    void eachFailureHasAnIdOfItsOwn() {
        String first = UnexpectedFailures.log(log, "a", new RuntimeException());
        String second = UnexpectedFailures.log(log, "a", new RuntimeException());

        assertThat(first).isNotEqualTo(second);
    }
}
