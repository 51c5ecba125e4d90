package dev.ptyctl.cli;

import java.time.Duration;
import java.util.function.Function;

/**
 * {@code PTYCTL_HANDSHAKE_TIMEOUT}: how many milliseconds an {@code https://} server's TLS handshake (and, through
 * {@code --terminal}, its answer to the WebSocket upgrade) may take once TCP has connected; unset, the SDK's 30 s
 * ({@code handshakeTimeout} of its builders). The TCP connect keeps its own 5 s.
 */
final class HandshakeTimeout {
    static final String VARIABLE = "PTYCTL_HANDSHAKE_TIMEOUT";
    private static final int MAX_DIGITS = 9;

    private HandshakeTimeout() {
    }

    /**
     * The variable's bound, or {@code null} when it is not set.
     *
     * @param environment the variables, blank ones already reported as unset
     * @throws UsageException when it is not a positive number of milliseconds
     */
    static Duration chosen(Function<String, String> environment) {
        String value = environment.apply(VARIABLE);
        if (value == null) {
            return null;
        }
        String digits = value.strip();
        if (digits.isEmpty() || digits.length() > MAX_DIGITS || !digits.chars().allMatch(c -> c >= '0' && c <= '9')
                || Long.parseLong(digits) == 0) {
            throw new UsageException(VARIABLE + " must be a number of milliseconds above 0, got \"" + value + "\"");
        }
        return Duration.ofMillis(Long.parseLong(digits));
    }
}
