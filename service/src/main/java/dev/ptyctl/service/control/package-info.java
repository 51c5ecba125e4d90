/**
 * What a client does with a hosted terminal beyond reading bytes, shared by every protocol that needs it (the MCP
 * adapter first; REST and JSON-RPC may use the same): typing input given as text, keys and pastes
 * ({@link dev.ptyctl.service.control.TerminalInput}), waiting for a condition on screen or in the output after a
 * point ({@link dev.ptyctl.service.control.TerminalWait}), waiting for the shell's prompt after a command and
 * deciding how that ended, for MCP's {@code terminal_run} and JSON-RPC's {@code pty/wait {prompt}} alike
 * ({@link dev.ptyctl.service.control.PromptWait}), running a command line in the shell and taking its exit code,
 * output and working directory from the shell integration's marks ({@link dev.ptyctl.service.control.CommandRun}),
 * and a snapshot of the screen with its facts
 * ({@link dev.ptyctl.service.control.ScreenSnapshot}). None of them knows a wire format.
 */
package dev.ptyctl.service.control;
