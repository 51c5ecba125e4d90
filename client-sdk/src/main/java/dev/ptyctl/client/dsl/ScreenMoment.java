package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.SvgSerializer;
import java.util.List;

/**
 * The driver's copy of the screen at one instant, as a failure shows it: the cells its message prints and the
 * emulator's state (escape sequences, with styles) its report and its failed step draw. Both are taken together under
 * the copy's lock ({@link LiveScreen#moment()}): what a failed wait's last look found, the screen printed beside it
 * and the pictures of the report must describe the same moment, not one output arrived in between.
 */
record ScreenMoment(Cells cells, byte[] vtState) {

    /** The emulator's state in a fresh emulator of the screen's size: a copy that no output changes. */
    Terminal frozen() {
        return frozen(cells.cols(), cells.rows(), vtState);
    }

    /** {@code vtState} fed to a fresh emulator of {@code cols} by {@code rows}. */
    static Terminal frozen(int cols, int rows, byte[] vtState) {
        Terminal terminal = new Terminal(cols, rows);
        terminal.feed(vtState);
        return terminal;
    }

    /** The picture of that moment (an SVG: colours, styles, the cursor), with what a locator {@code found} framed. */
    String svg(List<ScreenDump.Underline> found) {
        return picture(frozen(), found);
    }

    /** {@code screen} as an SVG, each of {@code found} framed: the picture of a failure marks what the text marks ~. */
    static String picture(Terminal screen, List<ScreenDump.Underline> found) {
        return SvgSerializer.render(screen, found.stream().filter(u -> u.to() > u.from())
                .map(u -> new SvgSerializer.Outline(u.row(), u.from(), u.to() - u.from())).toList());
    }
}
