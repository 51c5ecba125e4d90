/**
 * End-to-end tests: the real {@code ptyctl} jar started as a separate process, driven over its real sockets and
 * through its real command line, exactly as a user or a script would.
 */
package dev.ptyctl.e2e;
