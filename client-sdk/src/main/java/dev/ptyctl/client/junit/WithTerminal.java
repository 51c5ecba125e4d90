package dev.ptyctl.client.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives every test a fresh terminal on a ptyctl server, as a {@link dev.ptyctl.client.dsl.TerminalDriver}
 * parameter, and closes the terminal after the test ({@link TerminalExtension}). On a method it
 * overrides the class's settings.
 *
 * <pre>{@code
 * @WithTerminal(cols = 80, rows = 24)
 * class EditorTest {
 *     @Test
 *     @WithTerminal(command = {"vim", "-u", "NONE"})
 *     void vimStarts(TerminalDriver vim) {
 *         vim.waitFor("VIM - Vi IMproved").press(Key.ESCAPE).type(":q").press(Key.ENTER);
 *         assertEquals(0, vim.awaitExit(Duration.ofSeconds(5)));
 *     }
 * }
 * }</pre>
 *
 * <p>The server: {@link #url()}, else the JUnit configuration parameter {@code ptyctl.url} (a system property, an
 * entry of {@code junit-platform.properties} or the launcher's), else the environment variable {@code PTYCTL_URL},
 * else {@code http://127.0.0.1:8765}. Its token, if it needs one: the configuration parameter {@code ptyctl.token},
 * else {@code PTYCTL_TOKEN}; for an {@code https://} server with a private CA, the PEM file to trust:
 * {@code ptyctl.cacert}, else {@code PTYCTL_CACERT}. Terminals are driven through the server's own port, so the server
 * may be on another machine. The settings {@code ptyctl.reports} (the failure reports' folder),
 * {@code ptyctl.updateSnapshots} and {@code ptyctl.testSources} are read the same way.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(TerminalExtension.class)
public @interface WithTerminal {
    /** The server's URL; empty for the configuration parameter, environment or default (see above). */
    String url() default "";

    /**
     * The shell: a name the server finds on its {@code PATH} ({@code "bash"}, {@code "zsh"}, {@code "fish"}) or a
     * path; it gets shell integration. A shell that is not installed skips the test with that reason, or fails it
     * when the environment variable {@code CI} is {@code true}. Empty: {@link #command()}, else the server's default.
     */
    String shell() default "";

    /** The size as {@code COLSxROWS}, e.g. {@code "80x24"}; empty for {@link #cols()} and {@link #rows()}. */
    String size() default "";

    /**
     * The program and its arguments; empty for the server's default shell. Arguments known only when the test runs (a
     * file in a {@code @TempDir}) go through a {@link TerminalLauncher} parameter: {@code terminals.command("less",
     * file.toString()).open()}.
     */
    String[] command() default {};

    /** Columns. */
    int cols() default 100;

    /** Rows. */
    int rows() default 30;

    /** The working directory; empty for the server's. */
    String cwd() default "";

    /** Extra environment variables, each {@code NAME=value}. */
    String[] env() default {};

    /** The default timeout of the driver's waits, in seconds. */
    long timeoutSeconds() default 10;

    /**
     * Whether the test starts only once the shell has drawn its first prompt, when the program is a shell with
     * ptyctl's integration (the server's default shell, {@link #shell()}, or such a shell as {@link #command()}): what
     * the test types then reaches the shell's line editor, where typed earlier the terminal would echo it before the
     * prompt and the editor draw it again. At most {@link #timeoutSeconds()}; a prompt that does not come fails the
     * test before its body runs. Programs whose prompts cannot be seen (vim, {@code bash --norc}) start at once
     * either way. {@code false}: hand the terminal over as soon as it exists, to test a shell's start-up itself.
     */
    boolean awaitPrompt() default true;
}
