/**
 * The byte-stream layer of the emulator, which gives sequences no meaning: {@link
 * dev.ptyctl.vt.parser.Utf8Decoder} turns bytes into code points (surviving sequences split across
 * chunks), and {@link dev.ptyctl.vt.parser.VtParser} runs the DEC/VT500 state machine over them and
 * reports printable runs, controls, and complete ESC, CSI, OSC and DCS sequences to a {@link
 * dev.ptyctl.vt.parser.VtHandler}. Parameters arrive in a reused {@link dev.ptyctl.vt.parser.Params};
 * nothing here allocates per byte.
 */
package dev.ptyctl.vt.parser;
