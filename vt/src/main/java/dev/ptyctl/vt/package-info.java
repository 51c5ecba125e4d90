/**
 * ptyctl's terminal emulator: a server-side copy of a terminal's state that behaves as xterm.js
 * does. {@link dev.ptyctl.vt.Terminal} is the facade other modules use: feed it the bytes a program
 * writes to its pseudo-terminal, then read the screen, the scrollback, the cursor and the modes, and
 * forward its replies to the program. The layers underneath are the parser ({@code vt.parser}), the
 * screen model ({@code vt.screen}), the meaning of sequences ({@code vt.terminal}) and the
 * serializers ({@code vt.serialize}).
 */
package dev.ptyctl.vt;
