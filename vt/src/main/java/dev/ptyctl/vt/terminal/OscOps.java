package dev.ptyctl.vt.terminal;

/**
 * Operating system commands, {@code OSC Ps ; Pt ST}. The command number is the digits before the
 * first {@code ;}; a payload whose number is missing or not all digits is ignored, as in xterm.js.
 * Implemented: 0 (title and icon name), 1 (icon name), 2 (title).
 */
final class OscOps {
    /** Longest command number accepted; real ones have at most 4 digits. */
    private static final int MAX_COMMAND_DIGITS = 9;

    private final TerminalState t;

    OscOps(TerminalState t) {
        this.t = t;
    }

    void dispatch(String payload) {
        int semicolon = payload.indexOf(';');
        int idEnd = semicolon < 0 ? payload.length() : semicolon;
        if (idEnd == 0 || idEnd > MAX_COMMAND_DIGITS) {
            t.unknown.record("OSC without number");
            return;
        }
        int command = 0;
        for (int i = 0; i < idEnd; i++) {
            char c = payload.charAt(i);
            if (c < '0' || c > '9') {
                t.unknown.record("OSC without number");
                return;
            }
            command = command * 10 + (c - '0');
        }
        String data = semicolon < 0 ? "" : payload.substring(semicolon + 1);
        switch (command) {
            case 0 -> {
                t.title = data;
                t.iconName = data;
            }
            case 1 -> t.iconName = data;
            case 2 -> t.title = data;
            default -> t.unknown.record("OSC " + command);
        }
    }
}
