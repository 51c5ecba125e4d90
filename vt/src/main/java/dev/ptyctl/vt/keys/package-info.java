/**
 * Key names to bytes (SPEC §4.3): {@link dev.ptyctl.vt.keys.KeyEncoder} turns names such as {@code Enter},
 * {@code Ctrl+C} or {@code Ctrl+Alt+Delete} into the byte sequences xterm sends with its default settings
 * (PC-style function keys, no {@code modifyOtherKeys}), honouring application cursor key mode (DECCKM). The
 * package has no dependencies so the server, the SDK and the CLI can all share one table.
 */
package dev.ptyctl.vt.keys;
