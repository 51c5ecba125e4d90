package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;

/** Screens for the DSL's unit tests: the project's emulator fed with output as a program writes it, no server. */
final class Screens {
    static final String ESC = "\u001b";

    private Screens() {
    }

    /** An emulator of this size after {@code output}. */
    static Terminal terminal(int cols, int rows, String output) {
        Terminal terminal = new Terminal(cols, rows);
        terminal.feed(output.getBytes(StandardCharsets.UTF_8));
        return terminal;
    }

    /** A replay of a recording with one output event per element of {@code outputs}. */
    static Replay replay(int cols, int rows, String... outputs) {
        return Replay.ofText("test.cast", cast("{\"version\":2,\"width\":" + cols + ",\"height\":" + rows + "}", outputs));
    }

    /** An asciicast v2 text: the header as given, then the output events, 0.1 s apart. */
    static String cast(String header, String... outputs) {
        StringBuilder cast = new StringBuilder(header).append('\n');
        for (int i = 0; i < outputs.length; i++) {
            cast.append('[').append((i + 1) / 10.0).append(",\"o\",").append(json(outputs[i])).append("]\n");
        }
        return cast.toString();
    }

    private static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
