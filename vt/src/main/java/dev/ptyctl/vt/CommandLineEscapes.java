package dev.ptyctl.vt;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The escaping of a command line inside {@code OSC 633 ; E ; <command line>} (VS Code's convention, which our
 * integration scripts follow): a command line may hold {@code ;}, which separates fields, and control characters,
 * which may not appear inside an OSC string at all, so {@code \\} stands for a backslash and {@code \xHH} for the byte
 * HH. The first unescaped {@code ;} ends the command line (VS Code sends a nonce after it).
 *
 * <p>Here, beside {@link PromptMark}, because two readers of the marks need it: the server's prompt tracker and the
 * test DSL's command log, which reads the same marks from a recording.
 */
public final class CommandLineEscapes {
    private CommandLineEscapes() {
    }

    /** The command line in {@code field}, unescaped and decoded as UTF-8 (malformed bytes become U+FFFD). */
    public static String decode(String field) {
        byte[] in = field.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
        for (int i = 0; i < in.length; i++) {
            byte b = in[i];
            if (b == ';') {
                break;
            }
            if (b == '\\' && i + 1 < in.length) {
                byte next = in[i + 1];
                if (next == '\\') {
                    out.write('\\');
                    i++;
                    continue;
                }
                if (next == 'x' && i + 3 < in.length && hex(in[i + 2]) >= 0 && hex(in[i + 3]) >= 0) {
                    out.write(hex(in[i + 2]) << 4 | hex(in[i + 3]));
                    i += 3;
                    continue;
                }
            }
            out.write(b);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The value of the ASCII hex digit {@code b}, or -1 (a byte above 0x7F is negative, so no digit). */
    private static int hex(byte b) {
        return Character.digit(b, 16);
    }
}
