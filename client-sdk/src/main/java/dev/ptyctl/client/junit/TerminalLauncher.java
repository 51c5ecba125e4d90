package dev.ptyctl.client.junit;

import dev.ptyctl.client.dsl.TerminalDriver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Opens terminals with a shell and size chosen by the test itself: for {@code @ParameterizedTest}s across shells and
 * sizes, whose arguments an annotation cannot name. Every terminal gets the test class's {@link WithTerminal}
 * settings otherwise, is closed after the test, and has its own failure report
 * ({@code target/ptyctl-reports/<test>-<shell>-<size>/}). A shell that is not installed skips the test (fails it
 * under {@code CI=true}).
 *
 * <pre>{@code
 * @WithTerminal(timeoutSeconds = 20)
 * class PromptTest {
 *     @ParameterizedTest
 *     @CsvSource({"bash, 80x24", "zsh, 80x24", "fish, 120x40"})
 *     void theShellRunsACommand(String shell, String size, TerminalLauncher terminals) {
 *         TerminalDriver t = terminals.open(shell, size);
 *         assertEquals("hi\n", t.run("echo hi").output());
 *     }
 * }
 * }</pre>
 */
public final class TerminalLauncher {
    private final TestTerminals terminals;

    TerminalLauncher(TestTerminals terminals) {
        this.terminals = terminals;
    }

    /**
     * A fresh terminal running {@code shell} (a name found on the server's {@code PATH}, or a path).
     *
     * @param shell e.g. {@code "zsh"}
     * @param size  {@code COLSxROWS}, e.g. {@code "80x24"}
     */
    public TerminalDriver open(String shell, String size) {
        Objects.requireNonNull(shell, "shell");
        Objects.requireNonNull(size, "size");
        TerminalOpener.parseSize(size);
        try {
            return terminals.open(shell, size, "-" + shell.replaceAll("[^A-Za-z0-9._-]+", "_") + "-" + size.strip())
                    .driver();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
