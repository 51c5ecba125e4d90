package dev.ptyctl.service.ws;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SpawnOptions;
import dev.ptyctl.service.pty.TerminalSession;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A real program in a real PTY, its output log registered before the reader starts (it sees byte 0). */
final class PtyTerminal implements AttachableTerminal, AutoCloseable {
    private final String id;
    private final OutputLog log;
    private final PtySession session;

    PtyTerminal(String id, int logBytes, List<String> command, Map<String, String> env) throws IOException {
        this.id = id;
        this.log = new OutputLog(logBytes);
        this.session = PtySession.spawn(SpawnOptions.of(command).withEnvironment(env).withOutputListener(log));
    }

    /** {@code bash --norc --noprofile -i} with the prompt {@code $ }. */
    static PtyTerminal bash(String id) throws IOException {
        return new PtyTerminal(id, 1 << 20, List.of("bash", "--norc", "--noprofile", "-i"), Map.of("PS1", "$ "));
    }

    @Override
    public String terminalId() {
        return id;
    }

    @Override
    public TerminalSession session() {
        return session;
    }

    @Override
    public OutputLog output() {
        return log;
    }

    @Override
    public void close() {
        session.close();
    }
}
