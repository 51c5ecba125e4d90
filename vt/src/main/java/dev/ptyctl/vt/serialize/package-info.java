/**
 * Turns a terminal's state into text for readers: {@link dev.ptyctl.vt.serialize.TextSerializer}
 * produces the plain screen text of SPEC section 4.2 (what {@code pty/read} returns), optionally
 * preceded by the scrollback. A VT serializer that reproduces the full state comes later.
 */
package dev.ptyctl.vt.serialize;
