package dev.ptyctl.vt.keys;

/**
 * Thrown by {@link KeyEncoder#encode} for a key name it cannot encode. The message names the key, so it can be
 * shown to the user as it is (the JSON-RPC server sends it with error -32602).
 */
public final class UnknownKeyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String keyName;

    UnknownKeyException(String keyName, String message) {
        super(message);
        this.keyName = keyName;
    }

    /** The key name exactly as it was given. */
    public String keyName() {
        return keyName;
    }
}
