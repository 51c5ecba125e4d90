package dev.ptyctl.client.junit;

import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.dsl.TerminalDriver;
import java.io.IOException;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link WithTerminal}: before each test that asks for one it creates a
 * terminal on the ptyctl server (REST) and connects a {@link TerminalDriver} to it; test and
 * {@code @BeforeEach} methods receive it as a parameter (and the {@link Terminal} description too, if
 * they ask), or open terminals of their own with a {@link TerminalLauncher} parameter. After the test
 * it closes the connections and deletes the terminals, whatever the outcome. When a test fails, its {@link dev.ptyctl.client.dsl.FailureReport}
 * (screen picture and text, recording, commands, the failed expectation) is written under
 * {@code target/ptyctl-reports/<test>/} and attached to the test with JUnit's {@code publishFile}. After a class whose
 * tests all ran and passed, its snapshot files that no test used are reported ({@link SnapshotSweep}).
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
public final class TerminalExtension implements BeforeEachCallback, AfterEachCallback, AfterAllCallback,
        ParameterResolver {
    /** The server when nothing else names one. */
    public static final String DEFAULT_URL = "http://127.0.0.1:8765";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TerminalExtension.class);
    private static final String KEY = "terminals";

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        TestTerminals terminals = new TestTerminals(context, settings(context));
        context.getStore(NAMESPACE).put(KEY, terminals);
        boolean wantsOne = context.getTestMethod().stream().flatMap(m -> Arrays.stream(m.getParameterTypes()))
                .anyMatch(type -> type == TerminalDriver.class || type == Terminal.class);
        if (wantsOne) {
            terminals.own(); // here rather than in parameter resolution, so a missing shell skips the test
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        SnapshotSweep.testEnded(context);
        TestTerminals terminals = context.getStore(NAMESPACE).remove(KEY, TestTerminals.class);
        if (terminals == null) {
            return;
        }
        // an attempt of a @RetryingTest that is run again ends aborted: its report shows the failure itself
        Optional<Throwable> failure = RetryingTests.failure(context);
        IOException closing = null;
        for (TerminalOpener.Running running : terminals.opened()) {
            try {
                if (failure.isPresent() || FailureReports.forPassingTests(context)) {
                    FailureReports.publish(context, running.driver(), failure.orElse(null), running.label());
                }
            } finally {
                try {
                    running.close();
                } catch (IOException e) {
                    closing = e;
                }
            }
        }
        if (closing != null && failure.isEmpty()) {
            throw closing;
        }
    }

    /** Reports the class's snapshot files that no test used, or deletes them when updating ({@link SnapshotSweep}). */
    @Override
    public void afterAll(ExtensionContext context) {
        SnapshotSweep.classEnded(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TerminalDriver.class || type == Terminal.class || type == TerminalLauncher.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        TestTerminals terminals = context.getStore(NAMESPACE).get(KEY, TestTerminals.class);
        if (terminals == null) {
            throw new ParameterResolutionException("no terminal for " + parameter.getParameter()
                    + ": only test and @BeforeEach/@AfterEach methods get one");
        }
        Class<?> type = parameter.getParameter().getType();
        if (type == TerminalLauncher.class) {
            return new TerminalLauncher(terminals);
        }
        try {
            TerminalOpener.Running own = terminals.own();
            return type == Terminal.class ? own.terminal() : own.driver();
        } catch (IOException e) {
            throw new ParameterResolutionException("cannot open the test's terminal: " + e.getMessage(), e);
        }
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
}
