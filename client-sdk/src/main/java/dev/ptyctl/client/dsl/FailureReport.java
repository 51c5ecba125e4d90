package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;
import dev.ptyctl.vt.Terminal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a failed terminal test leaves behind, in one folder: the screen as a picture ({@code screen.svg}, drawn from
 * the emulator's cells) and as numbered text ({@code screen.txt}), the asciicast v2 recording of the terminal's whole
 * output ({@code recording.cast}, from the server's output log: replay it with {@code ptyctl render} or asciinema),
 * every command with its exit code and duration ({@code commands.txt}), what the test did, step by step, with the
 * time of each ({@code steps.txt}: keys and text sent, waits and assertions), the failed expectation, the line of the
 * test that failed and the screen it saw ({@code failure.txt}), and an {@code index.html} that shows them together
 * with nothing to download.
 *
 * <p>{@code @WithTerminal} writes it under {@code target/ptyctl-reports/<test>/} for every failing test (the system
 * property or JUnit configuration parameter {@code ptyctl.reports} names another root) and attaches the files to the test's report.
 */
public final class FailureReport {
    /** The files of a report, in the order they are written. */
    public static final List<String> FILES =
            List.of("screen.svg", "screen.txt", "recording.cast", "commands.txt", "steps.txt", "failure.txt",
                    "index.html");

    /** What a passing test's report says where a failing one's names its expectation. */
    static final String PASSED = "the test passed";

    private FailureReport() {
    }

    /**
     * Writes the report of a test that failed with {@code failure} while driving {@code driver}'s terminal.
     *
     * @param dir     the folder, created if needed; files in it are replaced
     * @param title   the test's name, for the page
     * @param driver  the test's driver (one connected with a live view gives the picture, recording and commands)
     * @param failure what the test threw; null for a test that passed (its report shows the screen at its end, with
     *                the same steps, recording and commands: tui-test's {@code trace: true})
     * @return the files written
     */
    public static List<Path> write(Path dir, String title, TerminalDriver driver, Throwable failure) throws IOException {
        Files.createDirectories(dir);
        Terminal screen = frozenScreen(driver, failure);
        // what a locator found is marked on the failure's own screen: the picture frames it, the text marks it ~
        List<ScreenDump.Underline> found = failure instanceof TerminalAssertionError e ? e.found() : List.of();
        String svg = ScreenMoment.picture(screen, found);
        String text = ScreenDump.render(Cells.of(screen).toScreen(), found);
        String cast = recording(driver);
        List<Command> commands = cast.isEmpty() ? List.of() : Replay.ofText("recording.cast", cast).commands();
        String message = failure == null ? PASSED : String.valueOf(failure.getMessage());
        String expectation = failure == null ? PASSED : failure instanceof TerminalAssertionError e ? e.expectation()
                : failure.toString();
        String where = failure == null ? "" : where(failure, driver.testClass());
        String at = where.isEmpty() ? "" : "at " + where + "\n";

        List<Path> written = new ArrayList<>();
        written.add(write(dir, "screen.svg", svg));
        written.add(write(dir, "screen.txt", text + "\n"));
        written.add(write(dir, "recording.cast", cast));
        written.add(write(dir, "commands.txt", commandsText(commands)));
        written.add(write(dir, "steps.txt", driver.steps().text()));
        written.add(write(dir, "failure.txt", failure == null || failure instanceof TerminalAssertionError
                ? at + message + "\n" : at + failure + "\n\n" + text + "\n"));
        written.add(write(dir, "index.html", ReportPage.html(title, expectation, failure == null, where, svg,
                !found.isEmpty(), text, driver.steps(), commands)));
        return written;
    }

    /**
     * The line of the test that failed, as a stack trace shows it ({@code FailingExample.deploymentSaysDeployed
     * (FailingExample.java:24)}): the failure's first frame in the test class or a class nested in it; "" when the
     * test class is not known (a driver not named with {@link TerminalDriver#testName}) or not on the stack.
     */
    static String where(Throwable failure, Class<?> testClass) {
        if (testClass == null) {
            return "";
        }
        String test = SnapshotOwner.outermost(testClass).getName();
        for (StackTraceElement frame : failure.getStackTrace()) {
            if (frame.getClassName().equals(test) || frame.getClassName().startsWith(test + "$")) {
                String simple = frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1);
                return simple + "." + frame.getMethodName() + "(" + frame.getFileName() + ":" + frame.getLineNumber()
                        + ")";
            }
        }
        return "";
    }

    /** The screen when it failed: the copy the error carries, else the driver's copy now, in a fresh emulator. */
    private static Terminal frozenScreen(TerminalDriver driver, Throwable failure) {
        byte[] styled = failure instanceof TerminalAssertionError e ? e.styledScreen() : null;
        Screen size = failure instanceof TerminalAssertionError e ? e.screen() : null;
        if (styled == null && driver.hasLiveView()) {
            return driver.live("a failure report").screen().moment().frozen();
        }
        if (size == null) {
            size = driver.screen();
        }
        return ScreenMoment.frozen(size.size().cols(), size.size().rows(),
                styled != null ? styled : plain(size).getBytes(StandardCharsets.UTF_8));
    }

    /** A screen known only as text, redrawn without styles. */
    private static String plain(Screen screen) {
        StringBuilder out = new StringBuilder();
        List<String> lines = screen.lines();
        for (int i = 0; i < lines.size(); i++) {
            out.append("\u001b[").append(i + 1).append(";1H").append(lines.get(i));
        }
        return out.append("\u001b[").append(screen.cursor().row()).append(';').append(screen.cursor().col()).append('H')
                .toString();
    }

    private static String recording(TerminalDriver driver) {
        if (!driver.hasLiveView()) {
            return "";
        }
        try {
            return driver.live("a failure report").recording();
        } catch (IOException e) {
            return ""; // the terminal may be gone already; the other files still tell the story
        }
    }

    static String commandsText(List<Command> commands) {
        if (commands.isEmpty()) {
            return "(no command reported by the shell)\n";
        }
        StringBuilder text = new StringBuilder();
        for (Command command : commands) {
            text.append(command.describe()).append('\n');
            command.output().lines().forEach(line -> text.append("    ").append(line).append('\n'));
        }
        return text.toString();
    }

    private static Path write(Path dir, String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }
}
