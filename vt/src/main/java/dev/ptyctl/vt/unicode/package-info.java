/**
 * How many terminal cells a code point occupies: 0 for combining marks and other zero-width
 * characters (they join the cell before them), 2 for East Asian wide and fullwidth characters and
 * emoji, 1 otherwise. The tables are generated from the Unicode Character Database so that the widths
 * equal those of xterm.js's unicode11 addon, the reference terminal ptyctl matches.
 */
package dev.ptyctl.vt.unicode;
