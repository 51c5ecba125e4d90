package dev.ptyctl.cli.render;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What {@code ptyctl render --format} prints of the final terminal. */
public enum ScreenFormat {
    /** The screen by the SPEC section 4.2 rules, as {@code ptyctl read} prints it. */
    TEXT {
        @Override
        public String print(Terminal terminal) {
            return TextSerializer.screen(terminal);
        }
    },
    /** The scrollback, then the screen, by the same rules. */
    SCROLLBACK {
        @Override
        public String print(Terminal terminal) {
            return TextSerializer.withScrollback(terminal);
        }
    };

    /**
     * The output for {@code terminal}.
     *
     * @param terminal the terminal after the recording
     * @return the text to print
     */
    public abstract String print(Terminal terminal);

    /**
     * The name used on the command line.
     *
     * @return e.g. {@code "text"}
     */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The format with this command-line name.
     *
     * @param optionName e.g. {@code "scrollback"}
     * @return the format, or empty if there is none by that name
     */
    public static Optional<ScreenFormat> forOptionName(String optionName) {
        return Arrays.stream(values()).filter(f -> f.optionName().equals(optionName)).findFirst();
    }

    /**
     * Every command-line name, in declaration order.
     *
     * @return the names
     */
    public static List<String> optionNames() {
        return Arrays.stream(values()).map(ScreenFormat::optionName).toList();
    }
}
