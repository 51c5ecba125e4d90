/**
 * The output of a terminal as a byte stream with offsets (SPEC §5.2): {@link dev.ptyctl.service.output.OutputLog}
 * keeps the most recent bytes in a ring, fed by the PTY reader, and lets any number of readers pull from their own
 * offset, which is what replay after a reconnect, catching up a slow client and recordings are made of.
 */
package dev.ptyctl.service.output;
