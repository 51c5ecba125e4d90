package dev.ptyctl.cli;

/**
 * A usage error found by code that does not know picocli (target selection, value checks shared with the fast path):
 * the command line asks for something impossible. {@link ExitCodeMapper} reports it exactly as picocli's own usage
 * errors (message, "Try ... --help", exit 2); {@link FastPath} hands such command lines to picocli instead.
 */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
