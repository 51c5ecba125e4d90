package dev.ptyctl.vt.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Encodes key names (SPEC §4.3) into the bytes xterm sends with default settings: PC-style function keys, no
 * {@code modifyOtherKeys}, no kitty keyboard protocol.
 *
 * <p>A key name is zero or more modifiers, each followed by {@code +}, then a base key: {@code Enter},
 * {@code Ctrl+C}, {@code Alt+Ctrl+Delete}. Everything is case-sensitive except the letter after a modifier
 * ({@code Ctrl+c} and {@code Ctrl+C} are the same key). The rules:
 * <ul>
 *   <li>Modifiers are {@code Ctrl}, {@code Alt} and {@code Shift}, in any order, each at most once
 *       ({@code Ctrl+Ctrl+A} is rejected: a repeated modifier is more likely a mistake than a meaning).</li>
 *   <li>Cursor and editing keys (arrows, {@code Home}, {@code End}, {@code Insert}, {@code Delete},
 *       {@code PageUp}, {@code PageDown}) and {@code F1}–{@code F12}: unmodified as in the SPEC table (arrows,
 *       Home and End follow application cursor mode); with any modifier xterm's {@code CSI 1 ; m X} or
 *       {@code CSI n ; m ~} where {@code m = 1 + Shift(1) + Alt(2) + Ctrl(4)}. Modified keys ignore application
 *       cursor mode, as in xterm.</li>
 *   <li>{@code Enter}, {@code Tab}, {@code Backspace}, {@code Escape}, {@code Space}: {@code Shift+Tab} is
 *       {@code CSI Z}, {@code Ctrl+Backspace} is BS, {@code Ctrl+Space} is NUL; {@code Ctrl+Enter} is CR, as xterm
 *       379 sends it (measured; so do xterm.js and the web page): it was LF, which a program reading Enter as CR
 *       (readline's newline, a TUI's submit) took for Ctrl+J. A modifier that changes nothing on a real keyboard
 *       (e.g. {@code Shift+Enter}, {@code Ctrl+Enter}) is accepted and sends the plain key; {@code Alt} prefixes
 *       ESC.</li>
 *   <li>Letters only after a modifier: {@code Ctrl+<letter>} is the control character, {@code Shift+<letter>}
 *       the upper-case letter, {@code Alt+<letter>} ESC and the letter ({@code Alt+Shift+a} gives ESC A).</li>
 *   <li>{@code Ctrl+} any other printable ASCII character is what xterm sends for it (see {@link #control}):
 *       {@code Ctrl+@ [ \ ] ^ _} are NUL and 0x1b–0x1f, {@code Ctrl+2} NUL, {@code Ctrl+/} 0x1f, {@code Ctrl+?}
 *       DEL, {@code Ctrl+1} just 1; {@code Alt+} any printable ASCII character is ESC and the character (e.g.
 *       {@code Alt+.}, readline's yank-last-argument).</li>
 *   <li>Aliases: {@code Del} = {@code Delete}, {@code Esc} = {@code Escape}, {@code Return} = {@code Enter}.</li>
 * </ul>
 * There are no keypad key names, so application keypad mode never changes the result. Bare printable characters
 * are not keys: they are text.
 */
public final class KeyEncoder {
    private static final int SHIFT = 1;
    private static final int ALT = 2;
    private static final int CTRL = 4;
    private static final List<String> MODIFIER_NAMES = List.of("Ctrl", "Alt", "Shift");
    /** A modifier written with a dash ({@code ctrl-c}, as tmux and Emacs write keys). */
    private static final Pattern MODIFIER_DASH = Pattern.compile("(?i)\\b(ctrl|alt|shift)-(?=.)");
    /** The caret notation of a control character ({@code ^C}, as stty and terminals print it). */
    private static final Pattern CARET = Pattern.compile("^\\^(?=.$)");
    private static final byte ESC = 0x1b;

    private static final Map<String, String> ALIASES = Map.of("Del", "Delete", "Esc", "Escape", "Return", "Enter");

    /** Keys that are cursor keys (SS3 in application mode) with the final byte of their sequence. */
    private static final Map<String, Character> CURSOR_KEYS = Map.of(
            "ArrowUp", 'A', "ArrowDown", 'B', "ArrowRight", 'C', "ArrowLeft", 'D', "Home", 'H', "End", 'F');

    /** F1–F4: SS3 P..S unmodified, {@code CSI 1 ; m P..S} modified. */
    private static final Map<String, Character> PF_KEYS = Map.of("F1", 'P', "F2", 'Q', "F3", 'R', "F4", 'S');

    /** Keys sent as {@code CSI n ~}, with their number n. */
    private static final Map<String, Integer> TILDE_KEYS = Map.ofEntries(
            Map.entry("Insert", 2), Map.entry("Delete", 3), Map.entry("PageUp", 5), Map.entry("PageDown", 6),
            Map.entry("F5", 15), Map.entry("F6", 17), Map.entry("F7", 18), Map.entry("F8", 19),
            Map.entry("F9", 20), Map.entry("F10", 21), Map.entry("F11", 23), Map.entry("F12", 24));

    private static final List<String> BASE_NAMES = List.of(
            "Enter", "Tab", "Backspace", "Escape", "Space",
            "ArrowUp", "ArrowDown", "ArrowRight", "ArrowLeft", "Home", "End",
            "Insert", "Delete", "PageUp", "PageDown",
            "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12");

    private KeyEncoder() {
    }

    /**
     * The bytes for a key name.
     *
     * @param keyName               a key name as described in the class documentation
     * @param applicationCursorKeys whether the terminal is in application cursor key mode (DECCKM)
     * @return a fresh array the caller may keep
     * @throws UnknownKeyException when the name is not a key this encoder knows; the message names the key
     */
    public static byte[] encode(String keyName, boolean applicationCursorKeys) {
        Objects.requireNonNull(keyName, "keyName");
        byte[] bytes = tryEncode(keyName, applicationCursorKeys);
        if (bytes == null) {
            throw new UnknownKeyException(keyName, rejectionDetail(keyName));
        }
        return bytes;
    }

    /**
     * Whether {@code keyName} is a key this encoder knows ({@link #encode} would encode it): for a caller that takes a
     * word as a key when it names one and as text otherwise, without the reason and nearest name a refusal works out.
     */
    public static boolean isKey(String keyName) {
        return tryEncode(Objects.requireNonNull(keyName, "keyName"), false) != null;
    }

    /** The base key names, without modifiers or aliases, in documentation order. */
    public static List<String> keyNames() {
        return BASE_NAMES;
    }

    /** The modifier names, each written before a base key and a {@code +}. */
    public static List<String> modifierNames() {
        return MODIFIER_NAMES;
    }

    /** The alias names and the key each stands for. */
    public static Map<String, String> aliases() {
        return ALIASES;
    }

    /** Encodes, or returns null for a name that is not a key. */
    private static byte[] tryEncode(String keyName, boolean applicationCursorKeys) {
        int modifiers = 0;
        String rest = keyName;
        while (true) {
            int bit = leadingModifier(rest);
            if (bit == 0) {
                break;
            }
            if ((modifiers & bit) != 0) {
                return null;
            }
            modifiers |= bit;
            rest = rest.substring(rest.indexOf('+') + 1);
        }
        String base = ALIASES.getOrDefault(rest, rest);
        byte[] special = encodeFunctionKey(base, modifiers, applicationCursorKeys);
        if (special != null) {
            return special;
        }
        byte[] plain = encodeWithoutAlt(base, modifiers & ~ALT, modifiers != 0);
        if (plain == null) {
            return null;
        }
        return (modifiers & ALT) != 0 ? prefixEscape(plain) : plain;
    }

    /** The modifier bit {@code name} starts with (followed by {@code +} and at least one character), else 0. */
    private static int leadingModifier(String name) {
        int plus = name.indexOf('+');
        if (plus <= 0 || plus == name.length() - 1) {
            return 0;
        }
        return switch (name.substring(0, plus)) {
            case "Ctrl" -> CTRL;
            case "Alt" -> ALT;
            case "Shift" -> SHIFT;
            default -> 0;
        };
    }

    /** Cursor, editing and function keys; null when {@code base} is none of them. */
    private static byte[] encodeFunctionKey(String base, int modifiers, boolean applicationCursorKeys) {
        int m = 1 + modifiers;
        Character cursorFinal = CURSOR_KEYS.get(base);
        if (cursorFinal != null) {
            if (modifiers != 0) {
                return ascii("\u001b[1;" + m + cursorFinal);
            }
            return ascii((applicationCursorKeys ? "\u001bO" : "\u001b[") + cursorFinal);
        }
        Character pfFinal = PF_KEYS.get(base);
        if (pfFinal != null) {
            return ascii(modifiers == 0 ? "\u001bO" + pfFinal : "\u001b[1;" + m + pfFinal);
        }
        Integer number = TILDE_KEYS.get(base);
        if (number != null) {
            return ascii(modifiers == 0 ? "\u001b[" + number + "~" : "\u001b[" + number + ";" + m + "~");
        }
        return null;
    }

    /**
     * Keys whose Alt form is ESC followed by the unmodified bytes; null when {@code base} is not such a key or
     * the modifiers make no sense for it.
     *
     * @param modifiers   Ctrl and Shift bits (Alt already removed)
     * @param anyModifier whether the name had any modifier at all (letters and symbols need one)
     */
    private static byte[] encodeWithoutAlt(String base, int modifiers, boolean anyModifier) {
        boolean ctrl = (modifiers & CTRL) != 0;
        boolean shift = (modifiers & SHIFT) != 0;
        switch (base) {
            case "Enter":
                return new byte[] {'\r'};
            case "Tab":
                return shift ? ascii("\u001b[Z") : new byte[] {'\t'};
            case "Backspace":
                return new byte[] {(byte) (ctrl ? 0x08 : 0x7f)};
            case "Escape":
                return new byte[] {ESC};
            case "Space":
                return new byte[] {(byte) (ctrl ? 0 : ' ')};
            default:
                break;
        }
        if (base.length() != 1 || !anyModifier) {
            return null;
        }
        char c = base.charAt(0);
        if (isAsciiLetter(c)) {
            char upper = Character.toUpperCase(c);
            if (ctrl) {
                return new byte[] {(byte) (upper - '@')};
            }
            return new byte[] {(byte) (shift ? upper : Character.toLowerCase(c))};
        }
        if (shift) {
            return null;
        }
        if (ctrl) {
            return c > ' ' && c < 0x7f ? new byte[] {(byte) control(c)} : null;
        }
        // Only Alt is left (anyModifier and neither Ctrl nor Shift): ESC + a printable ASCII character.
        return c > ' ' && c < 0x7f ? new byte[] {(byte) c} : null;
    }

    /**
     * What xterm sends for Ctrl with a printable character other than a letter (Xlib's control translation, measured
     * in xterm 379 under Xvfb): {@code @ [ \ ] ^ _ ` { | } ~} lose their upper bits, the digits 2 to 8 stand for
     * the control characters on their keys on a VT220 ({@code 2} NUL, {@code 3}–{@code 7} ESC to US, {@code 8} DEL),
     * {@code /} is US like {@code _}, {@code ?} is DEL; any other character is sent as it is ({@code Ctrl+1} is 1).
     * The page's key bar sends the same (web's keys.js; WebKeyTablesE2eTest compares the two).
     */
    private static char control(char c) {
        if (c >= '@' && c <= '~') {
            return (char) (c & 0x1f);
        }
        return switch (c) {
            case '2' -> 0;
            case '3', '4', '5', '6', '7' -> (char) (c - '3' + 0x1b);
            case '8', '?' -> 0x7f;
            case '/' -> 0x1f;
            default -> c;
        };
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static byte[] prefixEscape(byte[] bytes) {
        byte[] out = new byte[bytes.length + 1];
        out[0] = ESC;
        System.arraycopy(bytes, 0, out, 1, bytes.length);
        return out;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /**
     * The reason or a suggestion, in brackets, when one is obvious, else "": the name with its case corrected, with
     * {@code -} after a modifier written {@code +} ({@code ctrl-c} is {@code Ctrl+C}), or with its key replaced by the
     * nearest key name ({@code Entr} is {@code Enter}).
     */
    private static String rejectionDetail(String keyName) {
        String repeated = repeatedModifier(keyName);
        if (repeated != null) {
            return " (modifier " + repeated + " given twice)";
        }
        String suggestion = caseCorrected(keyName);
        if (!suggestion.equals(keyName) && tryEncode(suggestion, false) != null) {
            return " (key names are case-sensitive: did you mean \"" + suggestion + "\"?)";
        }
        return nearKey(keyName).map(near -> " (did you mean \"" + near + "\"?)").orElse("");
    }

    /** A valid spelling of a mistyped name: modifiers joined with {@code +}, the key's case or its nearest name. */
    private static Optional<String> nearKey(String keyName) {
        // tmux's and Emacs's names (C-b, M-x, S-Tab, BSpace) and the caret notation as ours
        String longModifiers = TmuxKeyNames.toKeyName(CARET.matcher(keyName).replaceFirst("Ctrl+"));
        String spelled = caseCorrected(MODIFIER_DASH.matcher(longModifiers).replaceAll("$1+"));
        int keyStart = spelled.lastIndexOf('+', spelled.length() - 2) + 1;
        String modifiers = spelled.substring(0, keyStart);
        String key = spelled.substring(keyStart);
        if (key.length() == 1 && !modifiers.isEmpty()) {
            key = key.toUpperCase(Locale.ROOT); // Ctrl+C, as the key names are written
        } else if (key.length() > 1) {
            List<String> known = new ArrayList<>(BASE_NAMES);
            known.addAll(ALIASES.keySet());
            key = NearestName.of(key, known).orElse(key);
        }
        String candidate = modifiers + key;
        return !candidate.equals(keyName) && tryEncode(candidate, false) != null ? Optional.of(candidate)
                : Optional.empty();
    }

    private static String repeatedModifier(String keyName) {
        List<String> seen = new ArrayList<>();
        String rest = keyName;
        for (int bit = leadingModifier(rest); bit != 0; bit = leadingModifier(rest)) {
            String modifier = rest.substring(0, rest.indexOf('+'));
            if (seen.contains(modifier)) {
                return modifier;
            }
            seen.add(modifier);
            rest = rest.substring(rest.indexOf('+') + 1);
        }
        return null;
    }

    /** The name with every part that matches a modifier, base key or alias ignoring case spelled correctly. */
    private static String caseCorrected(String keyName) {
        String[] parts = keyName.split("\\+", -1);
        List<String> known = new ArrayList<>(MODIFIER_NAMES);
        known.addAll(BASE_NAMES);
        known.addAll(ALIASES.keySet());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            String lower = part.toLowerCase(Locale.ROOT);
            String fixed = known.stream().filter(k -> k.toLowerCase(Locale.ROOT).equals(lower)).findFirst()
                    .orElse(part);
            out.append(i == 0 ? "" : "+").append(fixed);
        }
        return out.toString();
    }
}
