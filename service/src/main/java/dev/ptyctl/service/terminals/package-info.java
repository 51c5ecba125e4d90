/**
 * The terminals a {@code ptyctl server} hosts: the registry that applies the session rule and the limits, each
 * hosted terminal with its output log, output timeline and JSON-RPC endpoint, the asciicast recording built from
 * them, and the {@code terminal.*} events the REST layer streams (SPEC §5.1). Nothing here knows HTTP: requests
 * come in as {@link dev.ptyctl.service.terminals.CreateRequest} and refusals go out as
 * {@link dev.ptyctl.service.terminals.TerminalRequestException} with a reason the protocols map to a status.
 */
package dev.ptyctl.service.terminals;
