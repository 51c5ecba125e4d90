/**
 * Test fixtures shared with other modules through the client SDK's test jar: a scripted fake
 * JSON-RPC endpoint that answers canned replies in order and records every request it receives,
 * so client and command-line tests can assert exact request shapes without a real terminal.
 */
package dev.ptyctl.client.testing;
