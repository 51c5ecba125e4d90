/**
 * Turns a terminal's state into text: {@link dev.ptyctl.vt.serialize.TextSerializer} produces the
 * plain screen text of SPEC section 4.2 (what {@code pty/read} returns), optionally preceded by the
 * scrollback, and {@link dev.ptyctl.vt.serialize.VtSerializer} the escape sequences that rebuild
 * the whole state in another terminal (the {@code vt} format, with an exact round trip);
 * {@link dev.ptyctl.vt.serialize.Format} names the three for callers.
 */
package dev.ptyctl.vt.serialize;
