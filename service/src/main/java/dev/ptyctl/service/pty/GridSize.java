package dev.ptyctl.service.pty;

/**
 * The size of a session's emulator and where in the output it began: output from {@code sinceSeq} on is drawn at
 * this size. A client that draws the same output (a web page) applies the size at exactly that offset, so its screen
 * wraps as the server's does.
 *
 * @param cols     columns
 * @param rows     rows
 * @param sinceSeq the output offset at which the emulator took this size (0 for its first size)
 * @param resizes  how many resizes came before: of two readings, the one with more is the newer, even when no
 *                 output came between them
 */
public record GridSize(int cols, int rows, long sinceSeq, long resizes) {
}
