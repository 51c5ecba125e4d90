package dev.ptyctl.client;

import java.util.Objects;

/**
 * Key names understood by {@code pty/write} (docs/protocol-jsonrpc.md), as constants and builders for modified
 * keys. Names are plain strings, so any name the server knows can also be written by hand.
 *
 * <pre>{@code
 * client.write(Action.key(Key.ENTER));
 * client.write(Action.key(Key.ctrl('c')));               // "Ctrl+C"
 * client.write(Action.key(Key.alt(Key.ARROW_LEFT)));      // "Alt+ArrowLeft"
 * client.write(Action.key(Key.ctrl(Key.alt(Key.DELETE)))); // "Ctrl+Alt+Delete"
 * }</pre>
 */
public final class Key {
    /** Carriage return (CR). */
    public static final String ENTER = "Enter";
    /** Horizontal tab. */
    public static final String TAB = "Tab";
    /** Back tab, {@code ESC [ Z}. */
    public static final String SHIFT_TAB = "Shift+Tab";
    /** DEL (0x7f), what terminals send for Backspace. */
    public static final String BACKSPACE = "Backspace";
    /** ESC. */
    public static final String ESCAPE = "Escape";
    /** A space. */
    public static final String SPACE = "Space";
    /** Cursor up; honours application cursor mode. */
    public static final String ARROW_UP = "ArrowUp";
    /** Cursor down; honours application cursor mode. */
    public static final String ARROW_DOWN = "ArrowDown";
    /** Cursor right; honours application cursor mode. */
    public static final String ARROW_RIGHT = "ArrowRight";
    /** Cursor left; honours application cursor mode. */
    public static final String ARROW_LEFT = "ArrowLeft";
    /** Home; honours application cursor mode. */
    public static final String HOME = "Home";
    /** End; honours application cursor mode. */
    public static final String END = "End";
    /** Insert, {@code ESC [ 2 ~}. */
    public static final String INSERT = "Insert";
    /** Delete (forward), {@code ESC [ 3 ~}. */
    public static final String DELETE = "Delete";
    /** Page up, {@code ESC [ 5 ~}. */
    public static final String PAGE_UP = "PageUp";
    /** Page down, {@code ESC [ 6 ~}. */
    public static final String PAGE_DOWN = "PageDown";
    /** Function key F1. */
    public static final String F1 = "F1";
    /** Function key F2. */
    public static final String F2 = "F2";
    /** Function key F3. */
    public static final String F3 = "F3";
    /** Function key F4. */
    public static final String F4 = "F4";
    /** Function key F5. */
    public static final String F5 = "F5";
    /** Function key F6. */
    public static final String F6 = "F6";
    /** Function key F7. */
    public static final String F7 = "F7";
    /** Function key F8. */
    public static final String F8 = "F8";
    /** Function key F9. */
    public static final String F9 = "F9";
    /** Function key F10. */
    public static final String F10 = "F10";
    /** Function key F11. */
    public static final String F11 = "F11";
    /** Function key F12. */
    public static final String F12 = "F12";

    /** The control characters {@code Ctrl+} accepts besides letters. */
    private static final String CTRL_PUNCTUATION = "@[\\]^_";

    private Key() {
    }

    /**
     * Control with a character: a letter (either case, {@code 'c'} gives {@code "Ctrl+C"}), a space
     * ({@code "Ctrl+Space"}) or one of {@code @ [ \ ] ^ _}.
     *
     * @throws IllegalArgumentException for any other character
     */
    public static String ctrl(char c) {
        if (isAsciiLetter(c)) {
            return "Ctrl+" + Character.toUpperCase(c);
        }
        if (c == ' ') {
            return "Ctrl+Space";
        }
        if (CTRL_PUNCTUATION.indexOf(c) >= 0) {
            return "Ctrl+" + c;
        }
        throw new IllegalArgumentException("no Ctrl key for '" + c + "'");
    }

    /** Control with a named key, e.g. {@code ctrl(ARROW_UP)} gives {@code "Ctrl+ArrowUp"}. */
    public static String ctrl(String key) {
        return "Ctrl+" + requireName(key);
    }

    /** Alt (Meta) with a character, e.g. {@code alt('b')} gives {@code "Alt+b"}. */
    public static String alt(char c) {
        return "Alt+" + c;
    }

    /** Alt (Meta) with a named key, e.g. {@code alt(ENTER)} gives {@code "Alt+Enter"}. */
    public static String alt(String key) {
        return "Alt+" + requireName(key);
    }

    /**
     * Shift with a letter, which types the upper-case letter ({@code shift('a')} gives
     * {@code "Shift+A"}).
     *
     * @throws IllegalArgumentException for a character that is not an ASCII letter
     */
    public static String shift(char c) {
        if (!isAsciiLetter(c)) {
            throw new IllegalArgumentException("no Shift key for '" + c + "'");
        }
        return "Shift+" + Character.toUpperCase(c);
    }

    /** Shift with a named key, e.g. {@code shift(ARROW_UP)} gives {@code "Shift+ArrowUp"}. */
    public static String shift(String key) {
        return "Shift+" + requireName(key);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static String requireName(String key) {
        Objects.requireNonNull(key, "key");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key name is empty");
        }
        return key;
    }
}
