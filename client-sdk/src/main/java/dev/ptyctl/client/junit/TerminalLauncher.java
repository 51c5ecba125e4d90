package dev.ptyctl.client.junit;

import dev.ptyctl.client.dsl.TerminalDriver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Opens terminals chosen by the test itself, with what an annotation cannot name: a shell and size from a
 * {@code @ParameterizedTest}'s arguments, or a program started with a file the test made, in a folder it chose, with
 * variables it computed (as pexpect's {@code spawn(command, args, env=..., cwd=...)} does). Every terminal gets the
 * test class's {@link WithTerminal} settings otherwise, is closed after the test, and has its own failure report
 * ({@code target/ptyctl-reports/<test>-<shell>-<size>/}, {@code <test>-<program>/}). A shell that is not installed
 * skips the test (fails it under {@code CI=true}).
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
 *
 *     @Test
 *     void lessShowsTheFile(@TempDir Path dir, TerminalLauncher terminals) throws IOException {
 *         Path notes = Files.writeString(dir.resolve("notes.txt"), "first\nsecond\n");
 *         TerminalDriver less = terminals.command("less", notes.toString()).env("LESS", "-N").size("60x10").open();
 *         assertThat(less.getByText("1 first")).isVisible();
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
        return shell(shell).size(size).open();
    }

    /**
     * A terminal to open running {@code shell} (a name found on the server's {@code PATH}, or a path) with shell
     * integration, as {@link WithTerminal#shell()}: set its size, directory and variables, then {@link Options#open()}.
     */
    public Options shell(String shell) {
        Objects.requireNonNull(shell, "shell");
        if (shell.isBlank()) {
            throw new IllegalArgumentException("a shell is a name or a path, got \"" + shell + "\"");
        }
        return new Options(TerminalOpener.Overrides.NONE.withProgram(shell, List.of()), "-" + shell);
    }

    /**
     * A terminal to open running {@code program} with {@code args} directly, no shell in between, as
     * {@link WithTerminal#command()} (a program name is looked up on the server's {@code PATH}): set its size,
     * directory and variables, then {@link Options#open()}. With no shell, the test starts at once and
     * {@link TerminalDriver#awaitExit} gives the program's own exit code.
     */
    public Options command(String program, String... args) {
        Objects.requireNonNull(program, "program");
        if (program.isBlank()) {
            throw new IllegalArgumentException("a program is a name or a path, got \"" + program + "\"");
        }
        List<String> command = new ArrayList<>();
        command.add(program);
        for (String arg : args) {
            command.add(Objects.requireNonNull(arg, "an argument is null"));
        }
        return new Options(TerminalOpener.Overrides.NONE.withProgram(null, command), "-" + Path.of(program).getFileName());
    }

    /**
     * One terminal to open: a shell or program, and what differs from the class's {@link WithTerminal} settings.
     * Immutable: each method returns a new {@code Options}.
     */
    public final class Options {
        private final TerminalOpener.Overrides overrides;
        private final String label;

        private Options(TerminalOpener.Overrides overrides, String label) {
            this.overrides = overrides;
            this.label = label;
        }

        /** The size as {@code COLSxROWS}, e.g. {@code "80x24"} (default: the settings'). */
        public Options size(String size) {
            Objects.requireNonNull(size, "size");
            TerminalOpener.parseSize(size);
            return new Options(overrides.withSize(size.strip()), label);
        }

        /** The working directory, a path on the server's machine (default: the settings', else the server's). */
        public Options cwd(String directory) {
            Objects.requireNonNull(directory, "directory");
            return new Options(overrides.withCwd(directory), label);
        }

        /** The working directory (see {@link #cwd(String)}): a test's {@code @TempDir} when the server is local. */
        public Options cwd(Path directory) {
            return cwd(directory.toAbsolutePath().toString());
        }

        /** An environment variable, in addition to the settings' {@code env} (this one wins on the same name). */
        public Options env(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (name.isEmpty() || name.contains("=")) {
                throw new IllegalArgumentException("an environment variable's name is non-empty, without '=': \""
                        + name + "\"");
            }
            return new Options(overrides.withEnv(name, value), label);
        }

        /**
         * Creates the terminal and connects a driver, closed and deleted after the test. A shell with integration is
         * handed over at its first prompt (unless the settings' {@code awaitPrompt} is false), a program at once.
         */
        public TerminalDriver open() {
            String name = label.replaceAll("[^A-Za-z0-9._-]+", "_") + (overrides.size() == null ? "" : "-"
                    + overrides.size());
            try {
                return terminals.open(overrides, name).driver();
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }
    }
}
