package dev.ptyctl.mcp.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The terminals one MCP session created, in order: what {@code terminal_list} shows (a session lists only its own,
 * but may use any terminal by id), their names, the shell {@code terminal_run} uses when given no terminal, and the
 * exit codes of those it closed (a closed terminal stays listed as exited until the session ends). Thread-safe.
 */
public final class SessionTerminals {
    /** One terminal of the session. */
    public record Entry(String terminalId, String name, List<String> command) {
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Map<String, Integer> closed = new LinkedHashMap<>();
    private String defaultShell;

    synchronized void add(Entry entry) {
        entries.put(entry.terminalId(), entry);
    }

    /** Every terminal the session created, oldest first. */
    public synchronized List<Entry> entries() {
        return new ArrayList<>(entries.values());
    }

    synchronized Optional<Entry> entry(String terminalId) {
        return Optional.ofNullable(entries.get(terminalId));
    }

    synchronized void closed(String terminalId, int exitCode) {
        closed.put(terminalId, exitCode);
    }

    /** The exit code of a terminal this session closed. */
    synchronized OptionalInt closedExitCode(String terminalId) {
        Integer code = closed.get(terminalId);
        return code == null ? OptionalInt.empty() : OptionalInt.of(code);
    }

    synchronized Optional<String> defaultShell() {
        return Optional.ofNullable(defaultShell);
    }

    synchronized void defaultShell(String terminalId) {
        defaultShell = terminalId;
    }
}
