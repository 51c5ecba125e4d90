/**
 * Wire vocabulary shared by the server and its clients: JSON-RPC method names and error codes
 * (SPEC §4). It holds names and numbers only, so both sides agree without the SDK depending on the
 * service.
 */
package dev.ptyctl.protocol;
