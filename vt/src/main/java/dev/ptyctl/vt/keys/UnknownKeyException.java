package dev.ptyctl.vt.keys;

/**
 * Thrown by {@link KeyEncoder#encode} for a key name it cannot encode. The message names the key, so it can be
 * shown to the user as it is (the JSON-RPC server sends it with error -32602).
 */
public final class UnknownKeyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String keyName;
    private final String detail;

    /** {@code Unknown key: "name"} and {@code detail}. */
    UnknownKeyException(String keyName, String detail) {
        super("Unknown key: \"" + keyName + "\"" + detail);
        this.keyName = keyName;
        this.detail = detail;
    }

    /** The key name exactly as it was given. */
    public String keyName() {
        return keyName;
    }

    /**
     * What the message says after the name, for a caller that names the key its own way ({@code ptyctl write --key}):
     * the reason or the nearest name in brackets ({@code  (did you mean "Enter"?)}), or "".
     */
    public String detail() {
        return detail;
    }
}
