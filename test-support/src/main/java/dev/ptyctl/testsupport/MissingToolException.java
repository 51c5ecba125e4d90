package dev.ptyctl.testsupport;

import java.io.Serial;
import java.util.List;
import org.opentest4j.TestAbortedException;

/**
 * Thrown by {@link Tools#require}: the test is aborted (reported as skipped) because programs it drives are not
 * installed. {@link MissingToolListener} lists it for {@code ./run-tests}' summary.
 */
public final class MissingToolException extends TestAbortedException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final List<String> tools;

    MissingToolException(List<String> tools, String reason) {
        super(reason);
        this.tools = List.copyOf(tools);
    }

    /** The programs that are missing. */
    public List<String> tools() {
        return tools;
    }
}
