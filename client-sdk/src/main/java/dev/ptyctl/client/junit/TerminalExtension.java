package dev.ptyctl.client.junit;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.dsl.TerminalDriver;
import java.io.IOException;
import java.lang.reflect.AnnotatedElement;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link WithTerminal}: before each test it creates a terminal on the
 * ptyctl server (REST, {@link TerminalsClient}) and connects a {@link TerminalDriver} to the
 * terminal's JSON-RPC endpoint; test and {@code @BeforeEach} methods receive it as a parameter (and
 * the {@link Terminal} description too, if they ask). After the test it closes the connection and
 * deletes the terminal, whatever the outcome. When a test fails, its {@link dev.ptyctl.client.dsl.FailureReport}
 * (screen picture and text, recording, commands, the failed expectation) is written under
 * {@code target/ptyctl-reports/<test>/} and attached to the test with JUnit's {@code publishFile}.
 *
 * <pre>{@code
 * @ExtendWith(TerminalExtension.class)   // or @WithTerminal, which also takes settings
 * class ShellTest {
 *     @Test
 *     void pwd(TerminalDriver terminal, Terminal description) {
 *         assertEquals(description.cwd() + "\n", terminal.run("pwd").output());
 *     }
 * }
 * }</pre>
 */
public final class TerminalExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
    /** The server when nothing else names one (SPEC §5). */
    public static final String DEFAULT_URL = "http://127.0.0.1:8765";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TerminalExtension.class);
    private static final String KEY = "terminal";

    /** One test's terminal: the REST client that made it, its description, and the driver. */
    private record RunningTerminal(TerminalsClient terminals, Terminal terminal, TerminalDriver driver) {
        void close() throws IOException {
            try {
                driver.close();
                terminals.delete(terminal.terminalId());
            } finally {
                terminals.close();
            }
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        WithTerminal settings = settings(context);
        String url = first(settings == null ? "" : settings.url(), System.getProperty("ptyctl.url"),
                System.getenv("PTYCTL_URL")).orElse(DEFAULT_URL);
        String token = first(System.getProperty("ptyctl.token"), System.getenv("PTYCTL_TOKEN")).orElse(null);
        TerminalsClient terminals = TerminalsClient.builder().baseUrl(URI.create(url)).token(token).build();
        try {
            Terminal terminal = terminals.create(request(context, settings));
            TerminalDriver driver;
            try {
                driver = TerminalDriver.connect(terminals, terminal, token)
                        .timeout(Duration.ofSeconds(settings == null ? 10 : settings.timeoutSeconds()));
            } catch (IOException | RuntimeException e) {
                terminals.delete(terminal.terminalId());
                throw e;
            }
            driver.testName(context.getRequiredTestClass(), FailureReports.testName(context));
            context.getStore(NAMESPACE).put(KEY, new RunningTerminal(terminals, terminal, driver));
        } catch (RestConnectionException e) {
            terminals.close();
            throw new IllegalStateException("no ptyctl server at " + url + " (" + e.getMessage() + "): start one with"
                    + " ./ptyctl server, or name another with @WithTerminal(url = ...), -Dptyctl.url or PTYCTL_URL", e);
        } catch (IOException | RuntimeException e) {
            terminals.close();
            throw e;
        }
    }

    private static CreateTerminalRequest request(ExtensionContext context, WithTerminal settings) {
        String sessionId = "junit-" + context.getRequiredTestClass().getSimpleName() + "-"
                + context.getRequiredTestMethod().getName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        CreateTerminalRequest.Builder request = CreateTerminalRequest.builder(
                sessionId.length() > 256 ? sessionId.substring(sessionId.length() - 256) : sessionId);
        if (settings == null) {
            return request.build();
        }
        request.size(settings.cols(), settings.rows());
        if (settings.command().length > 0) {
            request.command(settings.command());
        }
        if (!settings.cwd().isEmpty()) {
            request.cwd(settings.cwd());
        }
        for (String variable : settings.env()) {
            int eq = variable.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("@WithTerminal env entries are NAME=value, got \"" + variable + "\"");
            }
            request.env(variable.substring(0, eq), variable.substring(eq + 1));
        }
        return request.build();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        RunningTerminal running = context.getStore(NAMESPACE).remove(KEY, RunningTerminal.class);
        if (running == null) {
            return;
        }
        try {
            Optional<Throwable> failure = context.getExecutionException();
            if (failure.isPresent()) {
                FailureReports.publish(context, running.driver(), failure.get());
            }
        } finally {
            running.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TerminalDriver.class || type == Terminal.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        RunningTerminal running = context.getStore(NAMESPACE).get(KEY, RunningTerminal.class);
        if (running == null) {
            throw new ParameterResolutionException("no terminal for " + parameter.getParameter()
                    + ": only test and @BeforeEach/@AfterEach methods get one");
        }
        return parameter.getParameter().getType() == Terminal.class ? running.terminal() : running.driver();
    }

    /** The method's annotation, else the nearest class's (the test class, its superclasses, enclosing classes). */
    private static WithTerminal settings(ExtensionContext context) {
        WithTerminal found = context.getTestMethod().map(m -> find(m)).orElse(null);
        for (Class<?> type = context.getRequiredTestClass(); found == null && type != null; type = type.getEnclosingClass()) {
            found = find(type);
        }
        return found;
    }

    private static WithTerminal find(AnnotatedElement element) {
        WithTerminal direct = element.getAnnotation(WithTerminal.class);
        if (direct != null) {
            return direct;
        }
        // Also through a meta-annotation, e.g. a team's own @ShellTest annotated with @WithTerminal.
        return Arrays.stream(element.getAnnotations())
                .map(a -> a.annotationType().getAnnotation(WithTerminal.class))
                .filter(a -> a != null).findFirst().orElse(null);
    }

    private static Optional<String> first(String... candidates) {
        return Arrays.stream(candidates).filter(c -> c != null && !c.isBlank()).findFirst();
    }
}
