/**
 * A fluent Java DSL for testing programs in a terminal. {@link dev.ptyctl.client.dsl.TerminalDriver} types text,
 * presses keys, waits for text, the shell's prompt or a quiet screen, and runs commands; connected to a terminal of
 * {@code ptyctl server} it also keeps its own copy of the screen (the project's emulator, fed over a view-only
 * WebSocket), which gives locators ({@code getByText}, {@code getByRegex}, {@code getByStyle}) whose assertions wait
 * for the screen to change, marks ({@code expectAfter(mark)}: only what was drawn since), snapshots with styles, every
 * command with its exit code ({@code commands()}), and the failure report a test leaves
 * ({@link dev.ptyctl.client.dsl.FailureReport}). {@link dev.ptyctl.client.dsl.Replay} offers the same on a recording.
 * A failure is a {@link dev.ptyctl.client.dsl.TerminalAssertionError} whose message shows the screen with row numbers
 * and the cursor. Plain Java, no Kotlin, no assertion library needed.
 *
 * <pre>{@code
 * assertThat(t.getByText("Saved")).isVisible();
 * var m = t.mark();
 * t.press(Key.ENTER);
 * t.expectAfter(m).text("Sent");
 * assertThat(t.commands()).allSucceeded();
 * assertThat(t).matchesSnapshot();
 * }</pre>
 */
package dev.ptyctl.client.dsl;
