package dev.ptyctl.vt.serialize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;

/** Checks the VT round trip of a terminal: same string again, same state, nothing approximated. */
public final class RoundTrip {
    private RoundTrip() {
    }

    /**
     * Serializes, feeds a fresh terminal of the same size and scrollback limit, serializes again.
     *
     * @param original the terminal
     * @param context added to failure messages (e.g. the seed)
     * @return the copy
     */
    public static Terminal check(Terminal original, String context) {
        String first = VtSerializer.serialize(original);
        Terminal copy = copyOf(original, first);
        assertThat(StateSnapshot.of(copy)).as("state after the round trip, %s\n%s", context, printable(first))
            .containsExactlyElementsOf(StateSnapshot.of(original));
        assertThat(VtSerializer.serialize(copy)).as("second serialization, %s", context).isEqualTo(first);
        assertThat(VtSerializer.approximations(original)).as("approximations, %s", context).isEmpty();
        return copy;
    }

    /**
     * For a terminal the serializer approximates: the copy serializes to the same string as the
     * original (the approximation is a fixed point), and the copy itself round-trips exactly.
     *
     * @param original the terminal
     * @param context added to failure messages
     */
    public static void checkIdempotent(Terminal original, String context) {
        String first = VtSerializer.serialize(original);
        Terminal copy = copyOf(original, first);
        check(copy, context + ", the approximated copy");
    }

    /**
     * A fresh terminal fed with a serialization.
     *
     * @param original gives size and scrollback limit
     * @param serialized the output of {@link VtSerializer#serialize}
     * @return the new terminal
     */
    public static Terminal copyOf(Terminal original, String serialized) {
        Terminal copy = new Terminal(original.cols(), original.rows(),
            original.emulator().mainScreen().scrollback().limit());
        copy.onReply(reply -> {
            throw new AssertionError("the serialization made the terminal reply " + printable(new String(reply,
                StandardCharsets.UTF_8)));
        });
        copy.feed(serialized.getBytes(StandardCharsets.UTF_8));
        return copy;
    }

    /** Escapes control characters so a serialization can be read in a failure message. */
    public static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (cp == 0x1b) {
                sb.append("\\e");
            } else if (cp < 0x20 || cp == 0x7f) {
                sb.append(String.format("\\x%02x", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }
}
