package dev.ptyctl.client.junit;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.internal.PemTrust;
import dev.ptyctl.protocol.RpcErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * Creates a test's terminal on the server as {@link WithTerminal} (and a {@link TerminalLauncher}'s shell and size)
 * say, and connects a driver to it. A shell the server cannot find skips the test with that reason, or fails it when
 * the environment variable {@code CI} is {@code true}: on a build server a missing shell is a broken set-up, not a
 * reason to test less.
 */
final class TerminalOpener {
    /** One terminal of a test: the REST client that made it, its description, and the driver. */
    record Running(TerminalsClient terminals, Terminal terminal, TerminalDriver driver, String label) {
        void close() throws IOException {
            try {
                driver.close();
                terminals.delete(terminal.terminalId());
            } finally {
                terminals.close();
            }
        }
    }

    /**
     * What a {@link TerminalLauncher} changes of the settings for one terminal; {@code null} (empty for the lists and
     * maps) keeps the settings'. A shell or a command replaces both of the settings' program elements; {@code env}
     * adds to theirs.
     */
    record Overrides(String shell, List<String> command, String size, String cwd, Map<String, String> env) {
        static final Overrides NONE = new Overrides(null, List.of(), null, null, Map.of());

        Overrides {
            command = List.copyOf(command);
            env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        }

        Overrides withProgram(String newShell, List<String> newCommand) {
            return new Overrides(newShell, newCommand, size, cwd, env);
        }

        Overrides withSize(String newSize) {
            return new Overrides(shell, command, newSize, cwd, env);
        }

        Overrides withCwd(String newCwd) {
            return new Overrides(shell, command, size, newCwd, env);
        }

        Overrides withEnv(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(env);
            more.put(name, value);
            return new Overrides(shell, command, size, cwd, more);
        }
    }

    private TerminalOpener() {
    }

    /**
     * @param overrides what differs from the settings for this terminal
     * @param label     what tells this terminal from the test's others ("" for the test's own)
     */
    static Running open(ExtensionContext context, WithTerminal settings, Overrides overrides, String label)
            throws IOException {
        // JUnit's configuration parameters: the launcher's, then system properties, then junit-platform.properties.
        String url = first(settings == null ? "" : settings.url(), parameter(context, "ptyctl.url"),
                System.getenv("PTYCTL_URL")).orElse(TerminalExtension.DEFAULT_URL);
        String token = first(parameter(context, "ptyctl.token"), System.getenv("PTYCTL_TOKEN")).orElse(null);
        TerminalsClient.Builder client = TerminalsClient.builder().baseUrl(URI.create(url)).token(token);
        Optional<String> cacert = first(parameter(context, "ptyctl.cacert"), System.getenv("PTYCTL_CACERT"));
        if (cacert.isPresent()) {
            // A private CA (or a self-signed server certificate) to trust for an https:// server, as --cacert is to
            // the CLI; the driver's and the live view's connections take the same trust from the client.
            client.sslContext(PemTrust.trusting(Path.of(cacert.get())));
        }
        TerminalsClient terminals = client.build();
        try {
            Terminal terminal = create(terminals, request(context, settings, overrides));
            TerminalDriver driver;
            try {
                driver = TerminalDriver.connect(terminals, terminal, token)
                        .timeout(Duration.ofSeconds(settings == null ? 10 : settings.timeoutSeconds()));
            } catch (IOException | RuntimeException e) {
                terminals.delete(terminal.terminalId());
                throw e;
            }
            driver.testName(context.getRequiredTestClass(), FailureReports.snapshotName(context) + label)
                    .settings(context::getConfigurationParameter);
            Running running = new Running(terminals, terminal, driver, label);
            if (settings == null || settings.awaitPrompt()) {
                awaitFirstPrompt(running);
            }
            return running;
        } catch (RestConnectionException e) {
            terminals.close();
            throw new IllegalStateException("no ptyctl server at " + url + " (" + e.getMessage() + "): start one with"
                    + " ./ptyctl server, or name another with @WithTerminal(url = ...), -Dptyctl.url or PTYCTL_URL", e);
        } catch (IOException | RuntimeException | Error e) {
            terminals.close();
            throw e;
        }
    }

    /**
     * Waits for the shell's first prompt when its prompts can be seen (a shell with ptyctl's integration); a program
     * without them (the server refuses the prompt wait at once) starts as it is. A prompt that does not come fails the
     * test, its terminal deleted and its REST client closed (which the caller's own close on failure repeats
     * harmlessly).
     */
    private static void awaitFirstPrompt(Running running) throws IOException {
        try {
            running.driver().waitForPrompt();
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof RpcException refused
                    && refused.errorCode() == RpcErrorCode.INVALID_PARAMS) {
                return; // no shell integration marks: nothing to wait for
            }
            running.close();
            throw e;
        } catch (TerminalAssertionError e) {
            running.close();
            TerminalAssertionError before = new TerminalAssertionError("@WithTerminal waits for the shell's first "
                    + "prompt before the test: " + e.expectation() + " (awaitPrompt = false hands the terminal over "
                    + "at once)", e.screen());
            before.initCause(e);
            throw before;
        } catch (RuntimeException | Error e) {
            running.close();
            throw e;
        }
    }

    private static Terminal create(TerminalsClient terminals, CreateTerminalRequest request) throws IOException {
        try {
            return terminals.create(request);
        } catch (RestException e) {
            // The server's wording: "command not found: zsh (not on the server PATH)", earlier "... not found on PATH".
            if (request.shell().isPresent() && e.status() == 400 && e.message().contains("not found")
                    && e.message().contains(request.shell().get())) {
                String reason = request.shell().get() + " is not installed where the ptyctl server runs (" + e.message()
                        + ")";
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    throw new IllegalStateException(reason + "; CI=true, so this fails instead of skipping", e);
                }
                throw new TestAbortedException(reason);
            }
            throw e;
        }
    }

    private static CreateTerminalRequest request(ExtensionContext context, WithTerminal settings, Overrides overrides) {
        String sessionId = "junit-" + context.getRequiredTestClass().getSimpleName() + "-"
                + context.getRequiredTestMethod().getName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        CreateTerminalRequest.Builder request = CreateTerminalRequest.builder(
                sessionId.length() > 256 ? sessionId.substring(sessionId.length() - 256) : sessionId);
        String chosenSize = overrides.size() != null ? overrides.size() : settings == null ? "" : settings.size();
        if (!chosenSize.isEmpty()) {
            int[] colsRows = parseSize(chosenSize);
            request.size(colsRows[0], colsRows[1]);
        } else if (settings != null) {
            request.size(settings.cols(), settings.rows());
        }
        if (overrides.shell() != null) {
            request.shell(overrides.shell());
        } else if (!overrides.command().isEmpty()) {
            request.command(overrides.command());
        } else if (settings != null && !settings.shell().isEmpty()) {
            request.shell(settings.shell());
        } else if (settings != null && settings.command().length > 0) {
            request.command(settings.command());
        }
        String cwd = overrides.cwd() != null ? overrides.cwd() : settings == null ? "" : settings.cwd();
        if (!cwd.isEmpty()) {
            request.cwd(cwd);
        }
        for (String variable : settings == null ? new String[0] : settings.env()) {
            int eq = variable.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("@WithTerminal env entries are NAME=value, got \"" + variable + "\"");
            }
            if (!overrides.env().containsKey(variable.substring(0, eq))) {
                request.env(variable.substring(0, eq), variable.substring(eq + 1));
            }
        }
        overrides.env().forEach(request::env);
        return request.build();
    }

    /** {@code "80x24"} as columns and rows. */
    static int[] parseSize(String size) {
        String[] parts = size.strip().split("x");
        try {
            if (parts.length == 2) {
                return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException("a terminal size is COLSxROWS, e.g. \"80x24\", got \"" + size + "\"");
    }

    private static String parameter(ExtensionContext context, String name) {
        return context.getConfigurationParameter(name).orElse(null);
    }

    private static Optional<String> first(String... candidates) {
        return Arrays.stream(candidates).filter(c -> c != null && !c.isBlank()).findFirst();
    }
}
