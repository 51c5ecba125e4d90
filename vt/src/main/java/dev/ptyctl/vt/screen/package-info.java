/**
 * The screen model: {@link dev.ptyctl.vt.screen.Line}s of cells packed into primitive arrays, the
 * {@link dev.ptyctl.vt.screen.Scrollback} ring of lines that scrolled off the top, and a {@link
 * dev.ptyctl.vt.screen.Screen} (the main or the alternate buffer) that holds rows, cursor, scroll
 * margins (top/bottom and left/right), tab stops and the saved cursor. Cell attributes are one
 * {@code long} per cell, laid out by {@link dev.ptyctl.vt.screen.Style}; the rare ones (underline
 * colour, hyperlink) one more, laid out by {@link dev.ptyctl.vt.screen.Extras}.
 *
 * <p>Coordinates: "row" is a 0-based screen row (0 = top of the visible screen), "col" a 0-based
 * column; scrollback indexes count from the oldest kept line (0) and are always named as such.
 */
package dev.ptyctl.vt.screen;
