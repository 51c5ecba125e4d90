package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Intermediates;
import dev.ptyctl.vt.parser.Params;
import dev.ptyctl.vt.parser.ParseError;
import dev.ptyctl.vt.parser.VtHandler;
import dev.ptyctl.vt.screen.Charset;
import dev.ptyctl.vt.screen.Screen;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Gives meaning to what {@link dev.ptyctl.vt.parser.VtParser} recognises. The constructor is the
 * index of every supported sequence; each entry delegates to the class of its family. Sequences
 * without an entry are counted in {@link #unknownSequenceCounts()} and ignored.
 *
 * <p>Not thread-safe: one thread at a time feeds and reads.
 */
public final class Emulator implements VtHandler {
    private static final int BEL = 0x07;
    private static final int BS = 0x08;
    private static final int HT = 0x09;
    private static final int LF = 0x0A;
    private static final int VT = 0x0B;
    private static final int FF = 0x0C;
    private static final int CR = 0x0D;
    private static final int SO = 0x0E;
    private static final int SI = 0x0F;
    private static final int NUL = 0x00;
    private static final int CAN = 0x18;
    private static final int SUB = 0x1A;
    private static final int IND = 0x84;
    private static final int NEL = 0x85;
    private static final int HTS = 0x88;

    /** Intermediates of SCS (designate a 94-character set): {@code ( ) * +} and the VT300 {@code - . /}. */
    private static final String CHARSET_SLOTS = "()*+-./";

    private final TerminalState t;
    private final CursorOps cursor;
    private final ScrollOps scroll;
    private final EditOps edit;
    private final ModeOps modes;
    private final SgrOps sgr;
    private final OscOps osc;
    private final Replies replies;
    private final Resets resets;
    private final Printer printer;
    private final ColumnOps columns;
    private final StateView state;
    private final SequenceTable<CsiAction> csi = new SequenceTable<>();
    private final SequenceTable<Runnable> esc = new SequenceTable<>();
    /** Longest DECRQSS request accepted; real ones are one or two characters. */
    private static final int MAX_STATUS_REQUEST = 64;

    private final int[] single = new int[1];
    private final StringBuilder statusRequest = new StringBuilder();
    private boolean collectingStatusRequest;
    private boolean statusRequestOverflow;
    private long bells;

    /** What a CSI sequence does with its parameters. */
    @FunctionalInterface
    private interface CsiAction {
        void apply(Params params);
    }

    /**
     * Creates an emulator with blank screens.
     *
     * @param cols width, at least 1
     * @param rows height, at least 1
     * @param scrollbackLimit lines kept above the main screen
     */
    public Emulator(int cols, int rows, int scrollbackLimit) {
        t = new TerminalState(cols, rows, scrollbackLimit);
        cursor = new CursorOps(t);
        scroll = new ScrollOps(t, cursor);
        edit = new EditOps(t, cursor);
        modes = new ModeOps(t, cursor);
        sgr = new SgrOps(t);
        osc = new OscOps(t);
        replies = new Replies(t);
        resets = new Resets(t);
        printer = new Printer(t, scroll);
        columns = new ColumnOps(t);
        state = new StateView(t);
        registerCsi();
        registerEsc();
    }

    private void registerCsi() {
        csi.put("", '@', edit::insertChars);                       // ICH
        csi.put(" ", '@', columns::scrollLeft);                    // SL
        csi.put("", 'A', cursor::up);                              // CUU
        csi.put(" ", 'A', columns::scrollRight);                   // SR
        csi.put("", 'B', cursor::down);                            // CUD
        csi.put("", 'C', cursor::forward);                         // CUF
        csi.put("", 'D', cursor::backward);                        // CUB
        csi.put("", 'E', cursor::nextLine);                        // CNL
        csi.put("", 'F', cursor::previousLine);                    // CPL
        csi.put("", 'G', cursor::column);                          // CHA
        csi.put("", 'H', cursor::position);                        // CUP
        csi.put("", 'I', cursor::forwardTab);                      // CHT
        csi.put("", 'J', edit::eraseInDisplay);                    // ED
        csi.put("?", 'J', edit::selectiveEraseInDisplay);          // DECSED
        csi.put("", 'K', edit::eraseInLine);                       // EL
        csi.put("?", 'K', edit::selectiveEraseInLine);             // DECSEL
        csi.put("", 'L', scroll::insertLines);                     // IL
        csi.put("", 'M', scroll::deleteLines);                     // DL
        csi.put("", 'P', edit::deleteChars);                       // DCH
        csi.put("", 'S', scroll::scrollUp);                        // SU
        csi.put("", 'T', scroll::scrollDown);                      // SD
        csi.put("", 'X', edit::eraseChars);                        // ECH
        csi.put("", 'Z', cursor::backwardTab);                     // CBT
        csi.put("", '`', cursor::column);                          // HPA
        csi.put("", 'a', cursor::forward);                         // HPR
        csi.put("", 'b', p -> printer.repeat(p.getOr(0, 1)));      // REP
        csi.put("", 'c', replies::primaryDeviceAttributes);        // DA1
        csi.put(">", 'c', replies::secondaryDeviceAttributes);     // DA2
        csi.put("", 'd', cursor::row);                             // VPA
        csi.put("", 'e', cursor::rowRelative);                     // VPR
        csi.put("", 'f', cursor::position);                        // HVP
        csi.put("", 'g', cursor::clearTabStops);                   // TBC
        csi.put("", 'h', p -> modes.setAnsi(p, true));             // SM
        csi.put("?", 'h', p -> modes.setDec(p, true));             // DECSET
        csi.put("", 'l', p -> modes.setAnsi(p, false));            // RM
        csi.put("?", 'l', p -> modes.setDec(p, false));            // DECRST
        csi.put("", 'm', sgr::apply);                              // SGR
        csi.put("", 'n', replies::deviceStatus);                   // DSR
        csi.put("?", 'n', replies::decDeviceStatus);               // DECDSR
        csi.put("!", 'p', p -> resets.softReset());                // DECSTR
        csi.put("$", 'p', p -> modes.requestMode(p, false));       // DECRQM (ANSI modes)
        csi.put("?$", 'p', p -> modes.requestMode(p, true));       // DECRQM (DEC modes)
        csi.put(" ", 'q', modes::setCursorStyle);                  // DECSCUSR
        csi.put(">", 'q', replies::version);                       // XTVERSION
        csi.put("\"", 'q', edit::selectProtection);                // DECSCA
        csi.put("", 'r', scroll::setScrollRegion);                 // DECSTBM
        csi.put("", 's', this::saveCursorOrSetMargins);            // SCOSC, or DECSLRM under DECLRMM
        csi.put("", 't', osc::windowOperation);                    // XTWINOPS (title stack)
        csi.put("", 'u', p -> cursor.restore());                   // SCORC
        csi.put("'", '}', columns::insertColumns);                 // DECIC
        csi.put("'", '~', columns::deleteColumns);                 // DECDC
    }

    private void registerEsc() {
        esc.put("", '7', cursor::save);                            // DECSC
        esc.put("", '8', cursor::restore);                         // DECRC
        esc.put("", 'D', scroll::index);                           // IND
        esc.put("", 'E', scroll::nextLine);                        // NEL
        esc.put("", 'H', cursor::setTabStop);                      // HTS
        esc.put("", 'M', scroll::reverseIndex);                    // RI
        esc.put("", '=', () -> modes.keypad(true));                // DECKPAM
        esc.put("", '>', () -> modes.keypad(false));               // DECKPNM
        esc.put("", 'c', this::fullReset);                         // RIS
        esc.put("", 'n', () -> t.charsets.shift(2));               // LS2
        esc.put("", 'o', () -> t.charsets.shift(3));               // LS3
        esc.put("", '|', () -> t.charsets.shift(3));               // LS3R (as LS3, like xterm.js)
        esc.put("", '}', () -> t.charsets.shift(2));               // LS2R (as LS2)
        esc.put("", '~', () -> t.charsets.shift(1));               // LS1R (as LS1)
        esc.put("%", '@', this::selectDefaultCharset);             // select default charset
        esc.put("%", 'G', this::selectDefaultCharset);             // select UTF-8 (same)
        esc.put("#", '8', edit::screenAlignment);                  // DECALN
        esc.put("", '\\', () -> { });                              // ST after an OSC/DCS ended by ESC
    }

    // ---- VtHandler -------------------------------------------------------------------------

    @Override
    public void print(int[] codePoints, int start, int end) {
        printer.print(codePoints, start, end);
    }

    @Override
    public void print(int codePoint) {
        single[0] = codePoint;
        print(single, 0, 1);
    }

    @Override
    public void execute(int control) {
        printer.breakJoin();
        switch (control) {
            case BEL -> bells++;
            case BS -> cursor.backspace();
            case HT -> cursor.tab();
            case LF, VT, FF -> scroll.lineFeed();
            case CR -> cursor.carriageReturn();
            case SO -> t.charsets.shift(1);
            case SI -> t.charsets.shift(0);
            case IND -> scroll.index();
            case NEL -> scroll.nextLine();
            case HTS -> cursor.setTabStop();
            case NUL, CAN, SUB -> { }
            default -> t.unknown.record(String.format(control < 0x80 ? "C0 0x%02X" : "C1 0x%02X", control));
        }
    }

    @Override
    public void csiDispatch(Params params, int intermediates, int finalByte) {
        CsiAction action = csi.get(Intermediates.key(intermediates, finalByte));
        if (action == null) {
            t.unknown.record("CSI " + Intermediates.toString(intermediates) + (char) finalByte);
        } else {
            action.apply(params);
        }
        printer.breakJoin();
    }

    @Override
    public void escDispatch(int intermediates, int finalByte) {
        Runnable action = esc.get(Intermediates.key(intermediates, finalByte));
        if (action != null) {
            action.run();
        } else if (!designateCharset(intermediates, finalByte)) {
            t.unknown.record("ESC " + Intermediates.toString(intermediates) + (char) finalByte);
        }
        printer.breakJoin();
    }

    @Override
    public void oscDispatch(String payload) {
        osc.dispatch(payload);
        printer.breakJoin();
    }

    @Override
    public void dcsHook(Params params, int intermediates, int finalByte) {
        statusRequest.setLength(0);
        statusRequestOverflow = false;
        collectingStatusRequest = intermediates == '$' && finalByte == 'q';
        if (!collectingStatusRequest) {
            t.unknown.record("DCS " + Intermediates.toString(intermediates) + (char) finalByte);
        }
    }

    @Override
    public void dcsPut(int codePoint) {
        if (collectingStatusRequest) {
            if (statusRequest.length() < MAX_STATUS_REQUEST) {
                statusRequest.appendCodePoint(codePoint);
            } else {
                statusRequestOverflow = true;
            }
        }
    }

    @Override
    public void dcsUnhook(boolean success) {
        if (collectingStatusRequest && success && !statusRequestOverflow) {
            replies.statusString(statusRequest.toString());          // DECRQSS, DCS $ q Pt ST
        }
        collectingStatusRequest = false;
        printer.breakJoin();
    }

    @Override
    public void parseError(ParseError error) {
        t.unknown.record("parse " + error.name());
        if (error == ParseError.OSC_ABORTED || error == ParseError.OSC_TOO_LONG) {
            printer.breakJoin();
        }
    }

    // ---- sequences handled here -----------------------------------------------------------

    /** SCS, ESC ( F and friends: designate a character set into G0..G3. */
    private boolean designateCharset(int intermediates, int finalByte) {
        if (intermediates < 0x20 || intermediates > 0x2F) {
            return false;
        }
        int slotIndex = CHARSET_SLOTS.indexOf(intermediates);
        Charset charset = Charset.byDesignator(finalByte);
        if (slotIndex < 0 || charset == null) {
            return false;
        }
        if (intermediates == '/') {
            return true; // 96-character set into G3: accepted and ignored, as in xterm.js
        }
        int slot = switch (intermediates) {
            case '(' -> 0;
            case ')', '-' -> 1;
            case '*', '.' -> 2;
            default -> 3;
        };
        t.charsets.designate(slot, charset);
        return true;
    }

    /** CSI s: DECSLRM while DECLRMM (mode 69) is set, SCOSC otherwise, as in xterm. */
    private void saveCursorOrSetMargins(Params p) {
        if (t.modes.is(Mode.LEFT_RIGHT_MARGINS)) {
            scroll.setHorizontalMargins(p);
        } else {
            cursor.save();
        }
    }

    private void selectDefaultCharset() {
        t.charsets.shift(0);
        t.charsets.designate(0, Charset.US);
    }

    private void fullReset() {
        resets.fullReset();
        printer.breakJoin();
    }

    // ---- state for the facade --------------------------------------------------------------

    /**
     * Sets where replies (DSR, DA...) go; they are sent synchronously from the feeding thread.
     *
     * @param sink receives each reply's bytes; null discards
     */
    public void onReply(Consumer<byte[]> sink) {
        t.onReply(sink);
    }

    /**
     * Sets where OSC 133 prompt marks go; called synchronously from the feeding thread.
     *
     * @param sink receives each mark; null discards
     */
    public void onPromptMark(Consumer<dev.ptyctl.vt.PromptMark> sink) {
        t.onPromptMark(sink);
    }

    /**
     * The working directory the shell last reported (OSC 7).
     *
     * @return a {@code file://host/path} URI as sent, "" if none
     */
    public String workingDirectory() {
        return t.workingDirectory;
    }

    /**
     * Resizes both screens (see {@link Screen#resize}); arguments are validated by the caller. The
     * alternate screen, when not shown, just gets blank rows of the new size.
     *
     * @param cols new width, at least 1
     * @param rows new height, at least 1
     */
    public void resize(int cols, int rows) {
        t.main.resize(cols, rows);
        if (t.alternateActive()) {
            t.alternate.resize(cols, rows, 0, false);
            t.alternateMaxLength = rows;
        } else {
            t.alternateMaxLength = Math.max(t.alternateMaxLength, rows);
            t.alternate.resizeBlank(cols, rows);
        }
        t.cols = cols;
        t.rows = rows;
    }

    /**
     * Everything else the serializers read: both screens, attributes, charsets, modes, titles.
     *
     * @return a live read-only view
     */
    public StateView state() {
        return state;
    }

    /**
     * The screen currently shown.
     *
     * @return the main or the alternate screen
     */
    public Screen activeScreen() {
        return t.active;
    }

    /**
     * The main screen, whose scrollback is the terminal's history.
     *
     * @return the main screen
     */
    public Screen mainScreen() {
        return t.main;
    }

    /**
     * Whether the alternate screen is shown.
     *
     * @return true after DECSET 47/1047/1049
     */
    public boolean alternateScreenActive() {
        return t.alternateActive();
    }

    /**
     * DECTCEM.
     *
     * @return true unless hidden with DECRST 25
     */
    public boolean cursorVisible() {
        return !t.cursorHidden;
    }

    /**
     * The cursor shape DECSCUSR chose, as the DECSCUSR number that recreates it: 0 none (the
     * default), 1 blinking block, 2 steady block, 3/4 underline, 5/6 bar.
     *
     * @return 0 to 6
     */
    public int cursorStyle() {
        return Replies.cursorStyleNumber(t);
    }

    /**
     * The last title set by OSC 0 or OSC 2.
     *
     * @return the title, "" if none
     */
    public String title() {
        return t.title;
    }

    /**
     * DECCKM.
     *
     * @return true when cursor keys send application sequences
     */
    public boolean applicationCursorKeys() {
        return t.modes.is(Mode.APPLICATION_CURSOR_KEYS);
    }

    /**
     * DECKPAM / DECNKM.
     *
     * @return true when the keypad sends application sequences
     */
    public boolean applicationKeypad() {
        return t.modes.is(Mode.APPLICATION_KEYPAD);
    }

    /**
     * Mode 2004.
     *
     * @return true when pasted text should be bracketed
     */
    public boolean bracketedPaste() {
        return t.modes.is(Mode.BRACKETED_PASTE);
    }

    /**
     * IRM.
     *
     * @return true in insert mode
     */
    public boolean insertMode() {
        return t.modes.is(Mode.INSERT);
    }

    /**
     * DECOM.
     *
     * @return true in origin mode
     */
    public boolean originMode() {
        return t.modes.is(Mode.ORIGIN);
    }

    /**
     * DECAWM.
     *
     * @return true when autowrap is on
     */
    public boolean autowrap() {
        return t.modes.is(Mode.AUTOWRAP);
    }

    /**
     * Mode 1004.
     *
     * @return true when focus changes should be reported
     */
    public boolean sendFocus() {
        return t.modes.is(Mode.SEND_FOCUS);
    }

    /**
     * Mouse protocol chosen by DECSET 9/1000/1002/1003.
     *
     * @return "none", "x10", "vt200", "drag" or "any" (the names xterm.js reports)
     */
    public String mouseTracking() {
        return t.modes.mouseProtocol.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Number of BEL characters received.
     *
     * @return the count
     */
    public long bells() {
        return bells;
    }

    /**
     * Sequences received but not implemented, per kind.
     *
     * @return kind to count, sorted by kind
     */
    public Map<String, Long> unknownSequenceCounts() {
        return t.unknown.snapshot();
    }
}
