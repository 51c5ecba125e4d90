/**
 * A fluent Java DSL for testing programs in a terminal, on top of {@link dev.ptyctl.client.RpcClient}:
 * {@link dev.ptyctl.client.dsl.TerminalDriver} types text, presses keys, waits for text or the
 * shell's prompt, runs commands, and asserts the screen ({@link dev.ptyctl.client.dsl.ScreenAssert});
 * a failure is a {@link dev.ptyctl.client.dsl.TerminalAssertionError} whose message shows the screen
 * with row numbers and the cursor. Plain Java, no Kotlin, no assertion library needed.
 *
 * <pre>{@code
 * terminal.type("make test").press(Key.ENTER)
 *         .waitFor("PASSED", Duration.ofSeconds(30))
 *         .assertScreen().contains("0 failures");
 * }</pre>
 */
package dev.ptyctl.client.dsl;
