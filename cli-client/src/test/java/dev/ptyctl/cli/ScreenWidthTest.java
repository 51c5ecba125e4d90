package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Whether {@code ls} prints to a terminal, on each JDK the launcher takes. JDK 22 to 24 give a console also when
 * standard output is a pipe, and say so only through {@code isTerminal()}: there {@code ptyctl ls | grep} got the table
 * cut to a terminal's width. Those JDKs are not on this machine, so their console is stood in for by classes with and
 * without the method, as {@link ScreenWidth#isTerminal} looks it up.
 */
class ScreenWidthTest {

    /** What JDK 22 to 24 return from {@code System.console()} with standard output a pipe. */
    public static class ConsoleOfAPipe {
        public boolean isTerminal() {
            return false;
        }
    }

    /** What they return on a terminal. */
    public static class ConsoleOfATerminal {
        public boolean isTerminal() {
            return true;
        }
    }

    /** JDK 21's console: no {@code isTerminal()}, and there only at all when both streams are terminals. */
    public static class ConsoleWithoutIsTerminal {
    }

    @Test
    void aConsoleThatSaysItIsNoTerminalIsNone() {
        assertThat(ScreenWidth.isTerminal(new ConsoleOfAPipe(), ConsoleOfAPipe.class)).isFalse();
        assertThat(ScreenWidth.isTerminal(new ConsoleOfATerminal(), ConsoleOfATerminal.class)).isTrue();
    }

    @Test
    void onJdk21AConsoleAtAllIsATerminalAndNoneIsNone() {
        assertThat(ScreenWidth.isTerminal(new ConsoleWithoutIsTerminal(), ConsoleWithoutIsTerminal.class)).isTrue();
        assertThat(ScreenWidth.isTerminal(null, java.io.Console.class)).isFalse();
    }
}
