package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.ProcessExit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The terminals one MCP session created, in order: what {@code terminal_list} shows (a session lists only its own,
 * but may use any terminal by id), their names, the shell {@code terminal_run} uses when given no terminal, and the
 * exit codes of those it closed (a closed terminal stays listed as exited until the session ends). Once the session
 * has {@linkplain #end ended} it takes no more terminals: a {@code terminal_create} still under way when its session
 * was deleted would otherwise leave a terminal that nobody owns. Thread-safe.
 */
public final class SessionTerminals {
    /**
     * One terminal of the session.
     *
     * @param outlivesSession created with {@code outliveSession: true}: left running when the session ends
     */
    public record Entry(String terminalId, String name, List<String> command, boolean outlivesSession) {
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    /** What is known of a terminal this session closed once the registry has let it go. */
    private record Closed(ProcessExit end, OptionalInt lastExitCode) {
    }

    private final Map<String, Closed> closed = new LinkedHashMap<>();
    /** The session's last look at each terminal it has read, waited on or run in: what its next wait shows as new. */
    private final Map<String, ScreenChanges.Look> looks = new HashMap<>();
    /** The line the session's last terminal_send to each terminal typed, if it typed one ({@link TypedEcho}). */
    private final Map<String, TypedEcho.Typed> typed = new HashMap<>();
    private String defaultShell;
    private boolean ended;

    /**
     * Adds a terminal the session created; false, and nothing added, once the session has ended (the caller closes
     * the terminal).
     */
    synchronized boolean add(Entry entry) {
        if (ended) {
            return false;
        }
        entries.put(entry.terminalId(), entry);
        return true;
    }

    /** The session has ended: it takes no more terminals. The ones it created, for the caller to close. */
    public synchronized List<Entry> end() {
        ended = true;
        return new ArrayList<>(entries.values());
    }

    /** Every terminal the session created, oldest first. */
    public synchronized List<Entry> entries() {
        return new ArrayList<>(entries.values());
    }

    synchronized Optional<Entry> entry(String terminalId) {
        return Optional.ofNullable(entries.get(terminalId));
    }

    /**
     * @param end          how the program ended (its exit code, or the signal that killed it)
     * @param lastExitCode its shell's last command's exit code, when known (terminal_list's {@code lastExitCode})
     */
    synchronized void closed(String terminalId, ProcessExit end, OptionalInt lastExitCode) {
        closed.put(terminalId, new Closed(end, lastExitCode));
        looks.remove(terminalId);
        typed.remove(terminalId);
    }

    /** How a terminal this session closed ended. */
    synchronized Optional<ProcessExit> closedExit(String terminalId) {
        Closed entry = closed.get(terminalId);
        return entry == null ? Optional.empty() : Optional.of(entry.end());
    }

    /** The last command's exit code in a terminal this session closed, when it was known. */
    synchronized OptionalInt closedLastExitCode(String terminalId) {
        Closed entry = closed.get(terminalId);
        return entry == null ? OptionalInt.empty() : entry.lastExitCode();
    }

    synchronized Optional<ScreenChanges.Look> lastLook(String terminalId) {
        return Optional.ofNullable(looks.get(terminalId));
    }

    synchronized void looked(String terminalId, ScreenChanges.Look look) {
        looks.put(terminalId, look);
    }

    synchronized Optional<TypedEcho.Typed> lastTyped(String terminalId) {
        return Optional.ofNullable(typed.get(terminalId));
    }

    /** The session's last send to the terminal: the line it typed, or none. */
    synchronized void sent(String terminalId, Optional<TypedEcho.Typed> line) {
        line.ifPresentOrElse(l -> typed.put(terminalId, l), () -> typed.remove(terminalId));
    }

    synchronized Optional<String> defaultShell() {
        return Optional.ofNullable(defaultShell);
    }

    synchronized void defaultShell(String terminalId) {
        defaultShell = terminalId;
    }
}
