package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.screen.Screen;
import dev.ptyctl.vt.screen.Style;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The state every sequence family reads and changes: both screens and which one is active, the
 * current graphic rendition, modes, charsets, title and the reply channel. Package-private fields
 * on purpose: the family classes are the only writers, and they live in this package.
 */
final class TerminalState {
    final int scrollbackLimit;
    int cols;
    int rows;
    Screen main;
    Screen alternate;
    /** The screen sequences act on: {@link #main} or {@link #alternate}. */
    Screen active;
    /**
     * Lines the alternate screen may hold, rows included (xterm.js's alt buffer capacity): the rows
     * it had when last left, raised by any taller resize since. Entering with fewer rows lets it keep
     * that many hidden lines above the screen.
     */
    int alternateMaxLength;
    /** Current SGR attributes, applied to printed characters. */
    long style = Style.DEFAULT;
    /** Current underline colour and hyperlink, packed as {@link dev.ptyctl.vt.screen.Extras}. */
    long extra;
    /** OSC 8 links the cells' extras refer to. */
    final Hyperlinks links = new Hyperlinks();
    final ModeState modes = new ModeState();
    final CharsetState charsets = new CharsetState();
    final UnknownSequences unknown = new UnknownSequences();
    /** DECTCEM: xterm.js keeps this outside the resettable modes, so RIS leaves it as it was. */
    boolean cursorHidden;
    /** Cursor shapes DECSCUSR selects. */
    enum CursorShape { BLOCK, UNDERLINE, BAR }

    /**
     * Shape chosen by DECSCUSR, null for the default; reset by RIS and DECSTR. Separate from mode 12
     * (cursor blink option), which DECRQM and DECRQSS report, as in xterm.js.
     */
    CursorShape cursorShape;
    /** Blink chosen by DECSCUSR together with {@link #cursorShape}. */
    boolean cursorShapeBlinks;
    /** Operating level DECSCL chose (61 VT100 .. 65 VT520), reported by DECRQSS; power-on 65, as xterm set up as a VT520. */
    int conformanceLevel = DEFAULT_CONFORMANCE_LEVEL;
    static final int DEFAULT_CONFORMANCE_LEVEL = 65;
    /** DECSACE (0, 1 stream, 2 rectangle), reported by DECRQSS. */
    int attributeChangeExtent;
    /** Whether SPA (ISO protection) was used since DECSCA: ED, EL and ECH then spare protected cells, as in xterm. */
    boolean isoProtection;
    /** Window position XTWINOPS 3 set, reported by XTWINOPS 13. */
    int windowX;
    int windowY;
    /** XTSMTITLE / XTRMTITLE: whether titles are set and reported hex-encoded. */
    final TitleModes titleModes = new TitleModes();
    /** DEC private mode values saved by XTSAVE ({@code CSI ? Pm s}), by mode number. */
    final java.util.Map<Integer, Boolean> savedDecModes = new java.util.HashMap<>();
    /** Origin mode as DECSC saved it, for the main screen [0] and the alternate one [1] (xterm saves DECOM too). */
    final boolean[] savedOrigin = new boolean[2];
    /** XTWINOPS 1 / 2: what the program was told the window is; 11 reports it. */
    boolean iconified;
    /** Whether XTWINOPS 20 and 21 report the icon name and title (off by default, as in xterm). */
    boolean titleReports;
    String title = "";
    String iconName = "";
    /**
     * Entries saved by {@code CSI 22 t}, newest last; at most {@link #TITLE_STACK_LIMIT}. One stack, as
     * xterm keeps it: an entry holds the icon name, the title or both, and {@code CSI 23 t} pops an
     * entry whatever part it restores.
     */
    final java.util.ArrayDeque<StateView.TitleEntry> titleStack = new java.util.ArrayDeque<>();
    /** Entries each title stack keeps, as in xterm.js. */
    static final int TITLE_STACK_LIMIT = 10;
    /** The working directory the shell reported with OSC 7 (a {@code file://} URI), "" if none. */
    String workingDirectory = "";
    /** Colours set with OSC 4, 10, 11, 12. */
    final Colors colors = new Colors();
    private java.util.function.Consumer<dev.ptyctl.vt.PromptMark> promptSink = mark -> { };
    /**
     * The line of the last prompt start (OSC 133 A), which the command's end (D) marks with its exit code; a resize
     * may move the mark to another line (see {@code OscOps.lastPromptLine}).
     */
    dev.ptyctl.vt.screen.Line lastPromptLine;
    private Consumer<byte[]> replySink = bytes -> { };
    /** Where the title and icon-label reports go when set apart from the other replies; null: with them. */
    private Consumer<byte[]> titleReportSink;

    TerminalState(int cols, int rows, int scrollbackLimit) {
        this.cols = cols;
        this.rows = rows;
        this.scrollbackLimit = scrollbackLimit;
        this.main = new Screen(cols, rows, scrollbackLimit);
        this.alternate = new Screen(cols, rows, 0);
        this.alternateMaxLength = rows;
        this.active = main;
    }

    /** Sets the bits of every hyperlink key still in use: in cells, the current and the saved attributes. */
    void collectLinks(java.util.BitSet used) {
        for (Screen screen : new Screen[] {main, alternate}) {
            for (int i = 0; i < screen.scrollback().size(); i++) {
                screen.scrollback().get(i).collectLinks(used);
            }
            for (int row = 0; row < screen.rows(); row++) {
                screen.line(row).collectLinks(used);
            }
            used.set(dev.ptyctl.vt.screen.Extras.link(screen.saved().extra()));
        }
        used.set(dev.ptyctl.vt.screen.Extras.link(extra));
    }

    boolean alternateActive() {
        return active == alternate;
    }

    /** The style erased and scrolled-in cells get: the current background only (back-colour erase). */
    long eraseStyle() {
        return Style.eraseStyle(style);
    }

    void onReply(Consumer<byte[]> sink) {
        this.replySink = sink == null ? bytes -> { } : sink;
    }

    void onTitleReport(Consumer<byte[]> sink) {
        this.titleReportSink = sink;
    }

    void onPromptMark(java.util.function.Consumer<dev.ptyctl.vt.PromptMark> sink) {
        this.promptSink = sink == null ? mark -> { } : sink;
    }

    void promptMark(dev.ptyctl.vt.PromptMark mark) {
        promptSink.accept(mark);
    }

    void reply(String text) {
        replySink.accept(text.getBytes(StandardCharsets.UTF_8));
    }

    /** An answer to XTWINOPS 20 or 21: to the title-report sink when one is set, else with the other replies. */
    void titleReport(String text) {
        (titleReportSink != null ? titleReportSink : replySink).accept(text.getBytes(StandardCharsets.UTF_8));
    }
}
