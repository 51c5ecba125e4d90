package dev.ptyctl.cli;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A session name where a terminal id is expected: {@code --terminal work}, {@code attach work}, {@code screen work}
 * after {@code ptyctl new --session work}, as tmux's {@code -t work} names the session a script created. Looked up
 * only once the server has no terminal with that id, so ids win and a command given an id pays nothing for it.
 */
final class SessionNames {
    private SessionNames() {
    }

    /**
     * The terminal of session {@code name}: its live one (a session has at most one), else the newest that ended.
     *
     * @throws NoSuchTerminalException when the server has none in that session (asked once no terminal had the id
     *     {@code name}, or when {@code name} cannot be one: neither is there)
     */
    static String terminalOf(TerminalsClient server, String name) throws IOException {
        return sessionTerminal(server, name).terminalId();
    }

    /**
     * {@link #terminalOf}, as the server's list has it (its output offset and state included), for a command that
     * needs more than the id: no second request for it.
     *
     * @throws NoSuchTerminalException when the server has none in that session
     */
    static Terminal sessionTerminal(TerminalsClient server, String name) throws IOException {
        List<Terminal> ofSession = server.list().stream().filter(t -> t.sessionId().equals(name)).toList(); // oldest first
        return ofSession.stream().filter(Terminal::running).findFirst()
                .or(() -> ofSession.isEmpty() ? Optional.empty() : Optional.of(ofSession.getLast()))
                .orElseThrow(() -> NoSuchTerminalException.neitherIdNorSession(name));
    }

    /**
     * Whether {@code name} can be a terminal's id at all. An id travels in the URL's path, where the server reads a
     * {@code /} (sent as {@code %2F}) as a separator and takes {@code .} and {@code ..} out, so a name with one (a
     * path-like session name: {@code new --session build/main}) reaches no terminal by id. Asked by id first, such a
     * name got another route's 404 ({@code no such endpoint: GET /v1/terminals/build/main/rpc}, or for {@code .}
     * {@code no terminal with id rpc}), which {@code --terminal} and {@code rm} did not take for "no such id", so the
     * session was never looked up; such a name is looked up as a session's at once.
     */
    static boolean mayBeAnId(String name) {
        return name.indexOf('/') < 0 && !name.equals(".") && !name.equals("..");
    }
}
