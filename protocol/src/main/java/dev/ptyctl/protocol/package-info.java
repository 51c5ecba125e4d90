/**
 * Wire vocabulary shared by the server and its clients: JSON-RPC method names and error codes
 * (SPEC §4), and the rule for what counts as a loopback host (SPEC §8). It holds names, numbers and
 * that one rule, so both sides agree without the SDK depending on the service.
 */
package dev.ptyctl.protocol;
