/**
 * The differential test against xterm.js: {@link dev.ptyctl.vt.oracle.XtermOracle} drives one
 * long-lived node process running xterm.js headless ({@code tools/xterm-oracle/oracle.mjs}), and
 * {@link dev.ptyctl.vt.oracle.XtermDifferentialTest} feeds every case of the corpus
 * ({@code src/test/resources/corpus}) to it and to our {@link dev.ptyctl.vt.Terminal}, at several
 * sizes and splits of the byte stream, and reports every cell, cursor, title, mode and reply that
 * differs. xterm.js is the reference; the few differences we keep on purpose are listed, with
 * reasons, in {@code corpus/SKIP.md}.
 */
package dev.ptyctl.vt.oracle;
