/**
 * JUnit 5 support: {@link dev.ptyctl.client.junit.WithTerminal} on a test class or method starts a
 * fresh terminal on a ptyctl server for every test (its {@code shell} and {@code size}, or a
 * {@link dev.ptyctl.client.junit.TerminalLauncher} parameter for shells and sizes chosen by a parameterized test),
 * hands it to the test as a {@link dev.ptyctl.client.dsl.TerminalDriver} parameter, closes it afterwards, and leaves
 * a failure report under {@code target/ptyctl-reports/} for every failing test, attached with JUnit's
 * {@code publishFile}. Needs {@code junit-jupiter-api} on the test class path (the SDK declares it optional).
 *
 * <pre>{@code
 * @WithTerminal(cols = 80, rows = 24)
 * class ShellTest {
 *     @Test
 *     void echo(TerminalDriver terminal) {
 *         assertEquals("hi\n", terminal.run("echo hi").output());
 *     }
 * }
 * }</pre>
 */
package dev.ptyctl.client.junit;
