/**
 * The {@code ptyctl} command line. {@link dev.ptyctl.cli.EntryPoint} is the jar's main class: a plain
 * {@code read}/{@code write}/{@code wait}/{@code status} runs through {@code FastPath} without picocli (start-up is
 * what shell loops pay); everything else goes to picocli, where {@link dev.ptyctl.cli.Main} is the root command and
 * each verb one {@code <Verb>Command} class. Both paths share the picocli-free pieces: target selection
 * ({@code EndpointSelection}), what the hot verbs do ({@code ClientVerbs}, {@code WaitOptions}) and how failures
 * become messages and exit codes ({@code Failures}; {@code ExitCodeMapper} is picocli's side of it).
 * {@code new}, {@code ls}, {@code rm}, {@code screen}, {@code attach} and {@code --terminal} use the SDK's REST
 * client; {@code attach} also JLine and the SDK's WebSocket attachment ({@code AttachSession}). Only
 * {@code ServeLauncher} and {@code ServerLauncher} reach into the service module, loaded through
 * {@code ServerSideLoader}, so the client commands start without the server's jars on their class path.
 */
package dev.ptyctl.cli;
