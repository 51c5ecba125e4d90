/**
 * JUnit 5 support: {@link dev.ptyctl.client.junit.WithTerminal} on a test class or method starts a
 * fresh terminal on a ptyctl server for every test, hands it to the test as a
 * {@link dev.ptyctl.client.dsl.TerminalDriver} parameter, and closes it afterwards. Needs
 * {@code junit-jupiter-api} on the test class path (the SDK declares it optional).
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
