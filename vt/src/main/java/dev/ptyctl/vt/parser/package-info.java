/**
 * The byte-stream layer of the emulator, which gives sequences no meaning: {@link
 * dev.ptyctl.vt.parser.VtParser} runs the DEC/VT500 state machine over UTF-8 input and reports
 * printable text, controls, and complete ESC, CSI, OSC and DCS sequences to a {@link
 * dev.ptyctl.vt.parser.VtHandler}. Printable text and plain CSI sequences are read straight from the
 * bytes; {@link dev.ptyctl.vt.parser.Utf8Decoder} turns the rest into code points (characters split
 * across chunks, ill-formed input). Parameters arrive in a reused {@link
 * dev.ptyctl.vt.parser.Params}; nothing here allocates per byte.
 */
package dev.ptyctl.vt.parser;
