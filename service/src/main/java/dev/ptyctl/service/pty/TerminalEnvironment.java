package dev.ptyctl.service.pty;

import java.util.HashMap;
import java.util.Map;

/**
 * The environment a hosted program starts with: the server's own, then the variables that tell programs what
 * terminal they are in ({@code TERM=xterm-256color}, {@code COLORTERM=truecolor}), then a UTF-8 locale
 * ({@code LANG=C.UTF-8}) only when the server has none of {@code LANG}, {@code LC_ALL} or {@code LC_CTYPE}, and
 * last the caller's extra variables, which win over everything before them.
 */
public final class TerminalEnvironment {
    /** What xterm.js (and our emulator, which behaves as it does) is best described as in terminfo. */
    static final String TERM = "xterm-256color";

    private TerminalEnvironment() {
    }

    /** The environment for a program started by this server, with {@code extra} applied last. */
    public static Map<String, String> forHostedProgram(Map<String, String> extra) {
        return build(System.getenv(), extra);
    }

    /** The same rules applied to a given base environment (the server's, in production). */
    static Map<String, String> build(Map<String, String> base, Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(base);
        env.put("TERM", TERM);
        env.put("COLORTERM", "truecolor");
        if (!hasLocale(base)) {
            env.put("LANG", "C.UTF-8");
        }
        env.putAll(extra);
        return env;
    }

    private static boolean hasLocale(Map<String, String> env) {
        for (String name : new String[] {"LANG", "LC_ALL", "LC_CTYPE"}) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
