package dev.ptyctl.vt.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a terminal sends for pasted text, as xterm.js does: line breaks ({@code \r\n} or {@code \n}) become {@code \r},
 * as if Enter had been pressed, and while the program has bracketed paste on (mode 2004) the text is wrapped in
 * {@code CSI 200~} ... {@code CSI 201~}, so a shell takes several lines as one edit instead of running each. Any
 * {@code ESC} in the text is dropped while bracketing: a pasted {@code CSI 201~} would otherwise end the paste early
 * and let the rest run as typed commands (the paste-injection attack terminals guard against).
 */
public final class PasteEncoder {
    private static final byte[] START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);

    private PasteEncoder() {
    }

    /** The bytes to send the program for pasting {@code text}. */
    public static byte[] encode(String text, boolean bracketedPaste) {
        String normalized = text.replace("\r\n", "\r").replace('\n', '\r');
        if (!bracketedPaste) {
            return normalized.getBytes(StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(normalized.length() + START.length + END.length);
        out.writeBytes(START);
        out.writeBytes(normalized.replace("\u001b", "").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(END);
        return out.toByteArray();
    }
}
