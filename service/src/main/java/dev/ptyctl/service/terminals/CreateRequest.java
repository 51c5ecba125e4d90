package dev.ptyctl.service.terminals;

import java.util.List;
import java.util.Map;

/**
 * A request to create (or find) the terminal of a session, as a client sent it (SPEC §5.1): types are checked, but
 * nothing is resolved yet. Absent optional fields are null; {@link TerminalSpec#resolve} fills in the defaults and
 * checks the values against the file system and the limits.
 *
 * @param sessionId  the client's session; one live terminal per session
 * @param cwd        working directory, or null for the server's
 * @param cols       width, or null for the configured default
 * @param rows       height, or null for the configured default
 * @param shell      program to start, or null for the configured shell
 * @param args       its arguments, or null for none
 * @param env        extra environment variables (empty for none)
 * @param attachOnly never spawn: only find the session's live terminal
 * @param background the terminal is an agent's, registered for others to attach to
 */
public record CreateRequest(String sessionId, String cwd, Integer cols, Integer rows, String shell, List<String> args,
                            Map<String, String> env, boolean attachOnly, boolean background) {
    /** Copies the collections. */
    public CreateRequest {
        args = args == null ? null : List.copyOf(args);
        env = env == null ? Map.of() : Map.copyOf(env);
    }

    /** A request for {@code sessionId} with every default. */
    public static CreateRequest forSession(String sessionId) {
        return new CreateRequest(sessionId, null, null, null, null, null, Map.of(), false, false);
    }
}
