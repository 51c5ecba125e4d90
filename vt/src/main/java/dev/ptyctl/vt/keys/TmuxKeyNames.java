package dev.ptyctl.vt.keys;

import java.util.Map;

/**
 * tmux's key names ({@code send-keys} syntax), which agents commonly send, turned into ours: {@code C-c} is
 * {@code Ctrl+c}, {@code M-x} is {@code Alt+x}, {@code S-Tab} is {@code Shift+Tab}, {@code C-M-Left} is
 * {@code Ctrl+Alt+ArrowLeft}; the base names {@code BSpace}, {@code BTab}, {@code Up}/{@code Down}/{@code Left}/
 * {@code Right}, {@code PPage}/{@code PgUp}, {@code NPage}/{@code PgDn}, {@code DC}, {@code IC}. A name that is
 * none of these is returned unchanged, so our own names pass through; {@link KeyEncoder} judges the result.
 */
public final class TmuxKeyNames {
    private static final Map<String, String> BASES = Map.ofEntries(
            Map.entry("BSpace", "Backspace"), Map.entry("BTab", "Shift+Tab"), Map.entry("Up", "ArrowUp"),
            Map.entry("Down", "ArrowDown"), Map.entry("Left", "ArrowLeft"), Map.entry("Right", "ArrowRight"),
            Map.entry("PPage", "PageUp"), Map.entry("PgUp", "PageUp"), Map.entry("NPage", "PageDown"),
            Map.entry("PgDn", "PageDown"), Map.entry("DC", "Delete"), Map.entry("IC", "Insert"));

    /** What the error message of an unknown key lists as the valid forms. */
    public static final String VALID_FORMS = "valid keys: Enter, Tab, Backspace, Escape, Space, ArrowUp/Down/Left/"
            + "Right, Home, End, Insert, Delete, PageUp, PageDown, F1-F12, with modifiers Ctrl+, Alt+, Shift+ "
            + "(e.g. Ctrl+C, Alt+Enter, Ctrl+ArrowUp); tmux forms C-c, M-x, S-Tab, BSpace, Up/Down/Left/Right, "
            + "PPage/NPage are accepted too";

    private TmuxKeyNames() {
    }

    /** Our name for {@code name}: tmux's prefixes and base names translated, anything else as it was. */
    public static String toKeyName(String name) {
        StringBuilder modifiers = new StringBuilder();
        String rest = name;
        while (rest.length() > 2 && rest.charAt(1) == '-' && "CMS".indexOf(rest.charAt(0)) >= 0) {
            modifiers.append(switch (rest.charAt(0)) {
                case 'C' -> "Ctrl+";
                case 'M' -> "Alt+";
                default -> "Shift+";
            });
            rest = rest.substring(2);
        }
        String base = BASES.getOrDefault(rest, rest);
        if (modifiers.isEmpty()) {
            return base;
        }
        return modifiers + base;
    }

    /** The bytes for {@code name} in either naming; see {@link KeyEncoder#encode}. */
    public static byte[] encode(String name, boolean applicationCursorKeys) {
        return KeyEncoder.encode(toKeyName(name), applicationCursorKeys);
    }
}
