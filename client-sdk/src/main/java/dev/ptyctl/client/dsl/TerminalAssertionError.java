package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Screen;

/**
 * A terminal test expectation failed: the text did not appear in time, the screen did not match,
 * the command failed. The message says what was expected and shows the screen at that moment, one
 * numbered row per line, with the cursor marked:
 *
 * <pre>
 * expected the screen to contain "PASSED" within 30 s
 * screen 80x24, cursor at row 3, column 3:
 *    1 |$ make test
 *    2 |Running 12 tests
 *    3 |$
 *      |  ^
 * </pre>
 *
 * <pre>{@code
 * try {
 *     terminal.waitFor("PASSED", Duration.ofSeconds(30));
 * } catch (TerminalAssertionError e) {
 *     Files.writeString(Path.of("screen.txt"), e.screen().text());
 *     throw e;
 * }
 * }</pre>
 */
public final class TerminalAssertionError extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final transient Screen screen;
    private final transient String expectation;
    /** The emulator's state when it failed, as escape sequences (with styles), when the DSL had a copy; else null. */
    private final transient byte[] styledScreen;
    /** What a locator found on that screen, marked on it in the message and framed in the report's picture. */
    private final transient java.util.List<ScreenDump.Underline> found;

    /**
     * Creates the error.
     *
     * @param expectation what was expected, e.g. {@code expected the screen to contain "x"}
     * @param screen      the screen when it failed
     */
    public TerminalAssertionError(String expectation, Screen screen) {
        this(expectation, screen, null);
    }

    TerminalAssertionError(String expectation, Screen screen, byte[] styledScreen) {
        this(expectation, screen, styledScreen, java.util.List.of());
    }

    /** With what a locator found marked on the screen ({@link ScreenDump}). */
    TerminalAssertionError(String expectation, Screen screen, byte[] styledScreen,
                           java.util.List<ScreenDump.Underline> found) {
        super(expectation + "\n" + ScreenDump.render(screen, found));
        this.screen = screen;
        this.expectation = expectation;
        this.styledScreen = styledScreen;
        this.found = java.util.List.copyOf(found);
    }

    /** What was expected, without the screen: {@code expected the screen to contain "PASSED" within 30 s}. */
    public String expectation() {
        return expectation;
    }

    byte[] styledScreen() {
        return styledScreen;
    }

    /** What a locator found, on {@link #styledScreen} (empty for any other failure). */
    java.util.List<ScreenDump.Underline> found() {
        return found;
    }

    /** The screen when the expectation failed. */
    public Screen screen() {
        return screen;
    }
}
