package dev.ptyctl.client;

import dev.ptyctl.client.internal.JsonFields;
import jakarta.json.JsonObject;

/**
 * What {@code pty/write} returns.
 *
 * <pre>{@code
 * WriteResult result = client.write(Action.text("ls"), Action.key(Key.ENTER));
 * assert result.written() == 3; // "ls" + CR
 * }</pre>
 *
 * @param written the number of UTF-8 bytes written to the PTY, all actions together
 * @param outputSeq the output offset at the moment the write was applied, so output caused by
 *     this write comes after it; {@link #UNKNOWN_SEQ} when the server does not report it (servers
 *     other than ptyctl)
 * @param promptsDrawn the prompts the shell had drawn before the write, new and continuation ones (ptyctl with shell
 *     integration), else {@link #UNKNOWN_SEQ}: a shell that reads pasted lines one by one (no bracketed paste)
 *     draws one after each
 * @param bracketedPaste whether a paste in the write was bracketed; false without a paste or when not reported
 */
public record WriteResult(long written, long outputSeq, long promptsDrawn, boolean bracketedPaste) {

    /** The {@code outputSeq} of a result from a server that does not report one. */
    public static final long UNKNOWN_SEQ = -1;

    /** A result with only {@code written} and {@code outputSeq} (what socket-pty reports). */
    public WriteResult(long written, long outputSeq) {
        this(written, outputSeq, UNKNOWN_SEQ, false);
    }

    /**
     * Reads {@code {"written": N, "outputSeq": S, "promptsDrawn": P, "bracketedPaste": B}}; all but {@code written} may
     * be absent.
     *
     * @throws IllegalArgumentException when {@code written} is missing or not an integer
     */
    public static WriteResult fromJson(JsonObject json) {
        return new WriteResult(JsonFields.integer(json, "written"),
                JsonFields.optionalInteger(json, "outputSeq", UNKNOWN_SEQ),
                JsonFields.optionalInteger(json, "promptsDrawn", UNKNOWN_SEQ),
                json.getBoolean("bracketedPaste", false));
    }
}
