package dev.ptyctl.vt.keys;

import java.util.Optional;

/**
 * What a terminal sends for a mouse click, as xterm does, in the protocol and encoding the program turned on: X10
 * ({@code CSI ? 9 h}) reports the press only; VT200 ({@code ?1000}), button-event ({@code ?1002}) and any-event
 * ({@code ?1003}) tracking report the press and the release. The default encoding is {@code CSI M} and three bytes
 * (button, column and row, each plus 32; a release is button 3); SGR ({@code ?1006}) is {@code CSI < b ; col ; row M},
 * {@code m} for the release. Rows and columns count from 1.
 *
 * A turn of the wheel is a press of button 4 (up) or 5 (down), reported as 64 and 65 with no release; X10 reports no
 * wheel.
 *
 * <p>Made as a string of one character per byte: the default encoding, as xterm's, carries columns and rows up to 223
 * (32 + 223 = 255), and from column or row 96 its coordinate bytes are 128 to 255, characters U+0080 to U+00FF here,
 * which must reach the program as single bytes (ISO-8859-1), not as text (UTF-8 would make two bytes of each): the
 * test DSL sends such a report with {@code pty/write}'s {@code bytes} action, the web page with the WebSocket
 * input's {@code bytes}. A report whose characters are all below 128 is the same as text. SGR-pixel
 * coordinates ({@code ?1016}) need the cell's size in pixels, which a terminal without a screen has none of: refused.
 * urxvt's ({@code ?1015}) and the UTF-8 encoding ({@code ?1005}) are not among the modes, as the emulator keeps neither
 * (xterm.js sends neither): a program that asks for one of them alone is sent the default encoding, as in the web page.
 */
public final class MouseEncoder {
    /** The largest column or row the default encoding carries (32 + 223 = 255, the largest byte), as in xterm. */
    public static final int MAX_DEFAULT_ENCODING_CELL = 223;
    private static final int X10 = 9;
    /** Normal tracking: presses and releases, no motion. */
    private static final int NORMAL = 1000;
    /** What a motion report adds to the button held. */
    private static final int MOTION = 32;
    private static final int SGR = 1006;
    private static final int SGR_PIXELS = 1016;
    /** The default encoding's button number for a release (SGR keeps the button and ends in {@code m}). */
    private static final int RELEASE = 3;
    /** The button numbers of a notch of the wheel up (button 4) and down (button 5). */
    private static final int WHEEL_UP = 64;
    private static final int WHEEL_DOWN = 65;

    /** A mouse button, by the number xterm reports it as. */
    public enum Button {
        LEFT(0), MIDDLE(1), RIGHT(2);

        private final int code;

        Button(int code) {
            this.code = code;
        }
    }

    private MouseEncoder() {
    }

    /**
     * The report of pressing and releasing {@code button} on the cell at {@code row}, {@code col}.
     *
     * @param protocolMode the DEC mode of the program's mouse protocol: 9, 1000, 1002 or 1003 (0: none)
     * @param encodingMode the DEC mode of its encoding: 0 (default), 1006 (SGR) or 1016 (SGR pixels)
     * @throws IllegalArgumentException when the program reports no mouse, or the click cannot be encoded (see the
     *     class comment)
     */
    public static String click(int protocolMode, int encodingMode, Button button, int row, int col) {
        refuse(reportingOff(protocolMode));
        requireCell(encodingMode, row, col);
        String press = report(encodingMode, button.code, row, col, true);
        return protocolMode == X10 ? press : press + report(encodingMode, button.code, row, col, false);
    }

    /**
     * The report of one notch of the mouse wheel over the cell at {@code row}, {@code col}: a press of button 4 (up) or
     * 5 (down), with no release, as xterm sends it.
     *
     * @param protocolMode the DEC mode of the program's mouse protocol: 1000, 1002 or 1003 (X10's, 9, has no wheel)
     * @param encodingMode the DEC mode of its encoding, as for {@link #click}
     * @param down         toward the user (the view moves down the text), else away
     * @throws IllegalArgumentException when the program reports no mouse or no wheel, or the cell cannot be encoded
     */
    public static String wheel(int protocolMode, int encodingMode, boolean down, int row, int col) {
        refuse(reportingOff(protocolMode).or(() -> noWheel(protocolMode)));
        requireCell(encodingMode, row, col);
        return report(encodingMode, down ? WHEEL_DOWN : WHEEL_UP, row, col, true);
    }

    /**
     * The report of a drag with {@code button}: pressed on the cell at {@code fromRow}, {@code fromCol}, moved with it
     * held to {@code toRow}, {@code toCol}, released there, as xterm reports it. Button-event and any-event tracking
     * ({@code ?1002}, {@code ?1003}) report the motion, one report (the button plus 32) per cell the pointer enters on
     * a straight way between the two; normal tracking ({@code ?1000}) the press and the release only, the release on
     * the last cell.
     *
     * @throws IllegalArgumentException when the program reports no mouse, or reports presses only (X10), or a cell
     *     cannot be encoded, or the two cells are one
     */
    public static String drag(int protocolMode, int encodingMode, Button button, int fromRow, int fromCol, int toRow,
                              int toCol) {
        refuse(reportingOff(protocolMode).or(() -> noDrag(protocolMode)));
        if (fromRow < 1 || fromCol < 1 || toRow < 1 || toCol < 1) {
            throw new IllegalArgumentException("rows and columns count from 1, got row " + fromRow + ", column "
                + fromCol + " to row " + toRow + ", column " + toCol);
        }
        if (fromRow == toRow && fromCol == toCol) {
            throw new IllegalArgumentException("a drag goes from one cell to another, got row " + fromRow + ", column "
                + fromCol + " twice: a click stays on one");
        }
        refuse(unreportable(encodingMode, fromRow, fromCol).or(() -> unreportable(encodingMode, toRow, toCol)));
        StringBuilder drag = new StringBuilder(report(encodingMode, button.code, fromRow, fromCol, true));
        if (protocolMode != NORMAL) {
            int steps = Math.max(Math.abs(toRow - fromRow), Math.abs(toCol - fromCol));
            for (int step = 1; step <= steps; step++) {
                int row = fromRow + Math.round((float) (toRow - fromRow) * step / steps);
                int col = fromCol + Math.round((float) (toCol - fromCol) * step / steps);
                drag.append(report(encodingMode, button.code + MOTION, row, col, true));
            }
        }
        return drag.append(report(encodingMode, button.code, toRow, toCol, false)).toString();
    }

    /** Why the mouse protocol {@code protocolMode} cannot be told a drag (X10's: presses only); else empty. */
    public static Optional<String> noDrag(int protocolMode) {
        return protocolMode == X10 ? Optional.of("the program asked for X10 mouse reports (CSI ? 9 h), which carry"
                + " presses only, no release or motion: a drag cannot be told; have it turn on button-event tracking"
                + " (CSI ? 1002 h)") : Optional.empty();
    }

    /** Why the mouse protocol {@code protocolMode} reports no wheel (X10's: presses of buttons 1 to 3 only); else empty. */
    public static Optional<String> noWheel(int protocolMode) {
        return protocolMode == X10 ? Optional.of("the program asked for X10 mouse reports (CSI ? 9 h), which carry"
                + " presses of the three buttons only, no wheel: have it turn on normal tracking (CSI ? 1000 h)")
                : Optional.empty();
    }

    /**
     * Why a click on the cell at {@code row}, {@code col} cannot be reported in the encoding {@code encodingMode}, and
     * what would let it be; empty when it can. A program may still change its encoding: one that turns reporting on
     * and SGR in two writes reports in the default encoding in between.
     */
    public static Optional<String> unreportable(int encodingMode, int row, int col) {
        if (encodingMode == SGR_PIXELS) {
            return Optional.of("the program asked for SGR-pixel mouse coordinates (CSI ? 1016 h), which need the "
                    + "cell's size in pixels: a test's terminal has no pixels");
        }
        if (encodingMode != SGR && (row > MAX_DEFAULT_ENCODING_CELL || col > MAX_DEFAULT_ENCODING_CELL)) {
            return Optional.of("the program reads mouse reports in the default encoding (CSI M), which carries columns "
                    + "and rows up to " + MAX_DEFAULT_ENCODING_CELL + " (each one byte, 32 + the number; xterm sends"
                    + " nothing beyond); got row " + row + ", column " + col + ": have the program turn SGR reports on"
                    + " (CSI ? 1006 h; vim: set ttymouse=sgr), or click within column and row "
                    + MAX_DEFAULT_ENCODING_CELL);
        }
        return Optional.empty();
    }

    /** Why no report can be sent at all: the program has not turned reporting on ({@code protocolMode} 0). */
    private static Optional<String> reportingOff(int protocolMode) {
        return protocolMode == 0 ? Optional.of("the program has not turned mouse reporting on (CSI ? 1000 h)")
                : Optional.empty();
    }

    /** Refuses a report on the cell at {@code row}, {@code col} that is off the screen's numbering or the encoding's. */
    private static void requireCell(int encodingMode, int row, int col) {
        if (row < 1 || col < 1) {
            throw new IllegalArgumentException("rows and columns count from 1, got row " + row + ", column " + col);
        }
        refuse(unreportable(encodingMode, row, col));
    }

    /** Refuses the report with {@code why}, when there is one. */
    private static void refuse(Optional<String> why) {
        if (why.isPresent()) {
            throw new IllegalArgumentException(why.get());
        }
    }

    private static String report(int encodingMode, int button, int row, int col, boolean press) {
        if (encodingMode == SGR) {
            return "\u001b[<" + button + ";" + col + ";" + row + (press ? "M" : "m");
        }
        return "\u001b[M" + (char) (32 + (press ? button : RELEASE)) + (char) (32 + col) + (char) (32 + row);
    }
}
