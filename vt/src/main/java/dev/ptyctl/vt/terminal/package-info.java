/**
 * The meaning layer: {@link dev.ptyctl.vt.terminal.Emulator} receives what the parser recognises and
 * applies it to the screens, with one class per family of sequences (cursor movement, erasing and
 * editing, scrolling and margins, column editing, modes, SGR, OSC with hyperlinks, colours and prompt
 * marks, charsets, replies, resets). {@link dev.ptyctl.vt.terminal.StateView} shows the state the
 * serializers write out. {@code Emulator}'s constructor is
 * the index of every supported sequence; anything not registered there is counted by {@link
 * dev.ptyctl.vt.terminal.UnknownSequences} and otherwise ignored. Behaviour follows xterm.js; where
 * it deliberately does not, the class says so and docs/emulator.md lists it.
 */
package dev.ptyctl.vt.terminal;
