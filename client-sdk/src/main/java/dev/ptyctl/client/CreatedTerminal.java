package dev.ptyctl.client;

/**
 * What {@link TerminalsClient#createOrReuse(CreateTerminalRequest)} got: the terminal, and whether this request started
 * it. A session that already had a live terminal gets that one back, as it is: the request's command, directory, size
 * and environment were not applied ({@code spawned} false), as the server answers 200 instead of 201.
 *
 * @param terminal the session's terminal
 * @param spawned  whether this request started it
 */
public record CreatedTerminal(Terminal terminal, boolean spawned) {
}
