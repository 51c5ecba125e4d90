/**
 * Implementation of the ptyctl clients, not API: the JSON-RPC connection (socket, newline framing,
 * request ids, the reader thread that matches responses to waiting calls) and helpers that read
 * typed fields out of result objects. Anything here may change without notice.
 */
package dev.ptyctl.client.internal;
