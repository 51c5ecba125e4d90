package dev.ptyctl.cli;

import java.io.ByteArrayOutputStream;
import java.util.Locale;

/**
 * Watches what is typed during {@code ptyctl attach} for the detach chord: a prefix key, then a key (default Ctrl-\
 * then d). In raw mode every key goes to the remote program, Ctrl-C included, so this is the only way out.
 *
 * <p>Bytes pass through unchanged, except the prefix: it is held back until the next byte shows what it meant. The
 * key detaches; the prefix again sends one prefix (how to type it); anything else sends the prefix and that byte.
 * The state survives between reads, so a chord split over two reads is still seen.
 *
 * <pre>{@code
 * DetachChord chord = DetachChord.parse("ctrl-\\,d");
 * DetachChord.Step step = chord.feed(buffer, count);
 * attachment.input(step.forward());
 * if (step.detach()) { ... }
 * }</pre>
 */
final class DetachChord {
    /** The default, as {@code --detach-keys} writes it. */
    static final String DEFAULT = "Ctrl+\\,d";

    /** What one read amounts to: the bytes to send on, and whether the chord was completed. */
    record Step(byte[] forward, boolean detach) {
    }

    private final byte prefix;
    private final byte key;
    private boolean armed;

    DetachChord(byte prefix, byte key) {
        if (prefix == key) {
            throw new UsageException("--detach-keys needs two different keys");
        }
        this.prefix = prefix;
        this.key = key;
    }

    /**
     * Parses {@code PREFIX,KEY}, each {@code Ctrl+X} (X a letter or one of {@code @[\]^_}; also written
     * {@code ctrl-X}, as docker writes it, in any case) or one printable ASCII character, e.g. {@code Ctrl+\,d} or
     * {@code ctrl-a,q}.
     *
     * @throws UsageException naming what is wrong
     */
    static DetachChord parse(String spec) {
        int comma = spec.lastIndexOf(',');
        if (comma <= 0 || comma == spec.length() - 1) {
            throw new UsageException("--detach-keys must be PREFIX,KEY like " + DEFAULT + ", got \"" + spec + "\"");
        }
        return new DetachChord(keyByte(spec.substring(0, comma), spec), keyByte(spec.substring(comma + 1), spec));
    }

    private static byte keyByte(String key, String spec) {
        String lower = key.toLowerCase(Locale.ROOT);
        if ((lower.startsWith("ctrl-") || lower.startsWith("ctrl+")) && key.length() == "ctrl-".length() + 1) {
            char c = Character.toUpperCase(key.charAt(key.length() - 1));
            if (c >= '@' && c <= '_') {
                return (byte) (c - '@');
            }
        } else if (key.length() == 1 && key.charAt(0) > ' ' && key.charAt(0) < 0x7f) {
            return (byte) key.charAt(0);
        }
        throw new UsageException("--detach-keys: \"" + key + "\" is not a key (use Ctrl+X or one character) in \""
                + spec + "\"");
    }

    /** Looks at {@code count} typed bytes from {@code buffer}. Bytes after a completed chord are dropped. */
    Step feed(byte[] buffer, int count) {
        ByteArrayOutputStream forward = new ByteArrayOutputStream(count + 1);
        for (int i = 0; i < count; i++) {
            byte b = buffer[i];
            if (armed) {
                armed = false;
                if (b == key) {
                    return new Step(forward.toByteArray(), true);
                }
                forward.write(prefix);
                if (b != prefix) {
                    forward.write(b);
                }
            } else if (b == prefix) {
                armed = true;
            } else {
                forward.write(b);
            }
        }
        return new Step(forward.toByteArray(), false);
    }
}
