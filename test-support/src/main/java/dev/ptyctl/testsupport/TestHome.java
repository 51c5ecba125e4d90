package dev.ptyctl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Makes the HOME the build gives a test JVM (maven-surefire-plugin's {@code HOME}, the root pom) empty when its tests
 * start and deletes it when the JVM ends, whether they passed or not. The shells, editors and pagers the tests host
 * start in it: a home kept from run to run carried the earlier runs' shell history (which bash's up-arrow recalls and
 * fish shows as autosuggestions on the screens the tests read) and fish's generated completions into the next run.
 * Registered for every test JVM that has this module on its class path through {@code META-INF/services}.
 */
public final class TestHome implements TestExecutionListener {
    /**
     * The system property the build sets to the same path as HOME. Only then is HOME touched: a test run from an
     * IDE has the user's own HOME and no such property. Not under "ptyctl.": a server started in a test's JVM reads
     * those system properties as its configuration and warns of any it does not know.
     */
    static final String PROPERTY = "test.home";

    /** A JVM may execute more than one test plan; its home is emptied once, before the first. */
    private static final AtomicBoolean PREPARED = new AtomicBoolean();

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        if (PREPARED.compareAndSet(false, true)) {
            prepare(System.getProperty(PROPERTY), System.getenv("HOME"));
        }
    }

    /**
     * Empties {@code home} (what a run killed before its JVM could delete it left) and has it deleted when the JVM
     * ends; nothing when {@code named}, the build's name for the tests' home, is not {@code home}.
     *
     * @return whether {@code home} is the tests' home
     */
    static boolean prepare(String named, String home) {
        if (named == null || !named.equals(home)) {
            return false;
        }
        Path folder = Path.of(home);
        TemporaryFolders.delete(folder);
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the tests' home " + folder, e);
        }
        TemporaryFolders.deleteAtExit(folder);
        return true;
    }
}
