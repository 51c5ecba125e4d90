package dev.ptyctl.vt.screen;

/**
 * What DECSC ({@code ESC 7}, {@code CSI s}, mode 1048/1049) saves and DECRC restores, per screen.
 *
 * <p>As in xterm.js, the row is kept as an absolute line index (scrollback size + screen row at the
 * time of saving), so a restore after the screen scrolled into a scrollback that was not yet full
 * lands correspondingly higher; the charset saved is the one active at that moment.
 *
 * @param col saved column (0..cols)
 * @param absoluteRow scrollback size + screen row when saved
 * @param style saved SGR style
 * @param extra saved underline colour / hyperlink
 * @param charset the charset active when saved
 */
public record SavedCursor(int col, int absoluteRow, long style, long extra, Charset charset) {
    /** The state before any save: home position, default style, default charset. */
    public static final SavedCursor INITIAL = new SavedCursor(0, 0, Style.DEFAULT, 0, Charset.US);
}
