package dev.ptyctl.cli;

import dev.ptyctl.client.CreateTerminalRequest;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code ptyctl new}'s options as the server's create request, checked before anything is sent: for the fast path
 * and picocli alike.
 */
final class NewTerminalRequest {
    /** The server's limit on a session id. */
    private static final int MAX_SESSION_CHARS = 256;

    private NewTerminalRequest() {
    }

    /**
     * The request for the options given ({@code null} when not given; {@code env} and {@code command} empty).
     *
     * @param session {@code --session}, or {@code null} for a new session of its own, {@code cli-<random>}
     * @param cwd {@code --cwd}: a relative one is taken from this process's working directory
     * @throws UsageException for a session id too long or empty, a size out of range, an {@code --env} without
     *                        {@code NAME=}
     */
    static CreateTerminalRequest of(String session, Path cwd, Integer cols, Integer rows, List<String> env,
            List<String> command) {
        String sessionId = session != null ? session : "cli-" + HexFormat.of().toHexDigits(
                ThreadLocalRandom.current().nextLong());
        if (sessionId.isEmpty() || sessionId.length() > MAX_SESSION_CHARS) {
            throw new UsageException("--session must be 1 to " + MAX_SESSION_CHARS + " characters, got "
                    + sessionId.length());
        }
        CreateTerminalRequest.Builder builder = CreateTerminalRequest.builder(sessionId).env(variables(env));
        if (cwd != null) {
            builder.cwd(cwd.toAbsolutePath().normalize().toString());
        }
        if (cols != null) {
            builder.cols(TerminalSize.checked("--cols", cols));
        }
        if (rows != null) {
            builder.rows(TerminalSize.checked("--rows", rows));
        }
        if (!command.isEmpty()) {
            builder.command(command);
        }
        return builder.build();
    }

    private static Map<String, String> variables(List<String> env) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String assignment : env) {
            int equals = assignment.indexOf('=');
            if (equals <= 0) {
                throw new UsageException("--env must be NAME=VALUE, got \"" + assignment + "\"");
            }
            variables.put(assignment.substring(0, equals), assignment.substring(equals + 1));
        }
        return variables;
    }
}
