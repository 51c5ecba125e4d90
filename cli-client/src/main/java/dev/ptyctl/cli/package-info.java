/**
 * The {@code ptyctl} command line (picocli): {@link dev.ptyctl.cli.Main} is the root command, each
 * verb is one {@code <Verb>Command} class, target selection and {@code --json} are shared mixins,
 * and {@link dev.ptyctl.cli.ExitCodeMapper} is the single place that turns failures into exit
 * codes and messages. {@code new}, {@code ls}, {@code rm}, {@code screen} and {@code --terminal} use the SDK's
 * REST client through {@code ServerOptions}/{@code ServerConnection}. The client verbs ({@code read}, {@code write}, {@code wait}, ...) go through
 * the client SDK only; {@code serve} alone reaches into the service module, through
 * {@code ServeLauncher}, so the hot commands start without loading any server class.
 */
package dev.ptyctl.cli;
