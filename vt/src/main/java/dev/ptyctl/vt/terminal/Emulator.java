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
    private final WindowOps window;
    private final RectangleOps rectangles;
    private final Replies replies;
    private final Resets resets;
    private final Printer printer;
    private final ColumnOps columns;
    private final StateView state;
    private final SequenceTable<CsiAction> csi = new SequenceTable<>();
    private final SequenceTable<Runnable> esc = new SequenceTable<>();
    /** Longest DECRQSS or XTGETTCAP request accepted; real ones are a few names long. */
    private static final int MAX_STATUS_REQUEST = 256;

    private final int[] single = new int[1];
    private final StringBuilder statusRequest = new StringBuilder();
    private boolean collectingStatusRequest;
    /** Whether the DCS being collected is XTGETTCAP ({@code DCS + q}) rather than DECRQSS ({@code DCS $ q}). */
    private boolean termcapRequest;
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
        window = new WindowOps(t);
        rectangles = new RectangleOps(t);
        replies = new Replies(t);
        resets = new Resets(t);
        printer = new Printer(t, cursor, scroll, sgr, edit);
        columns = new ColumnOps(t);
        state = new StateView(t);
        registerCsi();
        registerEsc();
    }

    private void registerCsi() {
        csi.put("", '@', "ICH", edit::insertChars);
        csi.put(" ", '@', "SL", columns::scrollLeft);
        csi.put("", 'A', "CUU", cursor::up);
        csi.put(" ", 'A', "SR", columns::scrollRight);
        csi.put("", 'B', "CUD", cursor::down);
        csi.put("", 'C', "CUF", cursor::forward);
        csi.put("", 'D', "CUB", cursor::backward);
        csi.put("", 'E', "CNL", cursor::nextLine);
        csi.put("", 'F', "CPL", cursor::previousLine);
        csi.put("", 'G', "CHA", cursor::column);
        csi.put("", 'H', "CUP", cursor::position);
        csi.put("", 'I', "CHT", cursor::forwardTab);
        csi.put("", 'J', "ED", edit::eraseInDisplay);
        csi.put("?", 'J', "DECSED", edit::selectiveEraseInDisplay);
        csi.put("", 'K', "EL", edit::eraseInLine);
        csi.put("?", 'K', "DECSEL", edit::selectiveEraseInLine);
        csi.put("", 'L', "IL", scroll::insertLines);
        csi.put("", 'M', "DL", scroll::deleteLines);
        csi.put("", 'P', "DCH", edit::deleteChars);
        csi.put("", 'S', "SU", scroll::scrollUp);
        csi.put("?", 'S', "XTSMGRAPHICS", replies::graphicsAttributes);
        csi.put("", 'T', "SD", scroll::scrollDown);
        csi.put("", 'X', "ECH", edit::eraseChars);
        csi.put("", 'Z', "CBT", cursor::backwardTab);
        csi.put("", '`', "HPA", cursor::column);
        csi.put("", 'a', "HPR", cursor::forward);
        csi.put("", 'b', "REP", p -> printer.repeat(p.getOr(0, 1)));
        csi.put("", 'c', "DA1", replies::primaryDeviceAttributes);
        csi.put(">", 'c', "DA2", replies::secondaryDeviceAttributes);
        csi.put("=", 'c', "DA3", replies::tertiaryDeviceAttributes);
        csi.put("", 'd', "VPA", cursor::row);
        csi.put("", 'e', "VPR", cursor::rowRelative);
        csi.put("", 'f', "HVP", cursor::position);
        csi.put("", 'g', "TBC", cursor::clearTabStops);
        csi.put("", 'h', "SM", p -> modes.setAnsi(p, true));
        csi.put("?", 'h', "DECSET", p -> modes.setDec(p, true));
        csi.put("", 'l', "RM", p -> modes.setAnsi(p, false));
        csi.put("?", 'l', "DECRST", p -> modes.setDec(p, false));
        csi.put("", 'm', "SGR", sgr::apply);
        csi.put("?", 'm', "XTQMODKEYS", replies::keyModifierOptions);
        // XTMODKEYS sets and resets the key modifier resources; ptyctl's keys cannot follow them (see XTQMODKEYS),
        // so they are recognised and change nothing.
        csi.put(">", 'm', "XTMODKEYS", p -> { });
        csi.put(">", 'n', "XTMODKEYS", p -> { }); // the older form of the reset
        csi.put("", 'n', "DSR", replies::deviceStatus);
        csi.put("?", 'n', "DECDSR", replies::decDeviceStatus);
        csi.put("!", 'p', "DECSTR", p -> resets.softReset());
        csi.put("\"", 'p', "DECSCL", this::setConformanceLevel);
        csi.put("$", 'p', "DECRQM", p -> modes.requestMode(p, false)); // ANSI modes
        csi.put("?$", 'p', "DECRQM", p -> modes.requestMode(p, true)); // DEC modes
        csi.put(" ", 'q', "DECSCUSR", modes::setCursorStyle);
        csi.put(">", 'q', "XTVERSION", replies::version);
        csi.put("\"", 'q', "DECSCA", edit::selectProtection);
        csi.put("", 'r', "DECSTBM", scroll::setScrollRegion);
        csi.put("?", 'r', "XTRESTORE", modes::restoreDec);
        csi.put("?", 's', "XTSAVE", modes::saveDec);
        csi.put(">", 't', "XTSMTITLE", p -> t.titleModes.set(p, true));
        csi.put(">", 'T', "XTRMTITLE", p -> t.titleModes.set(p, false));
        csi.put("", 's', "SCOSC/DECSLRM", this::saveCursorOrSetMargins); // DECSLRM under DECLRMM
        csi.put("", 't', "XTWINOPS", window::apply);
        csi.put("", 'u', "SCORC", p -> cursor.restore());
        csi.put("'", '}', "DECIC", columns::insertColumns);
        csi.put("'", '~', "DECDC", columns::deleteColumns);
        csi.put("$", 'v', "DECCRA", rectangles::copy);
        csi.put("$", 'x', "DECFRA", rectangles::fill);
        csi.put("$", 'z', "DECERA", rectangles::erase);
        csi.put("$", '{', "DECSERA", rectangles::selectiveErase);
        csi.put("*", 'x', "DECSACE", p -> t.attributeChangeExtent = p.get(0) <= 2 ? p.get(0) : t.attributeChangeExtent);
        csi.put("*", 'y', "DECRQCRA", rectangles::checksum);
        csi.put("$", 'w', "DECRQPSR", replies::presentationStateReport);
        csi.put("#", 'R', "XTREPORTCOLORS", p -> replies.colorStackReport());
        csi.put("#", '|', "XTREPORTSGR", rectangles::reportRendition);
    }

    private void registerEsc() {
        esc.put("", '6', "DECBI", columns::backIndex);
        esc.put("", '7', "DECSC", cursor::save);
        esc.put("", '8', "DECRC", cursor::restore);
        esc.put("", '9', "DECFI", columns::forwardIndex);
        esc.put("", 'D', "IND", scroll::index);
        esc.put("", 'E', "NEL", scroll::nextLine);
        esc.put("", 'H', "HTS", cursor::setTabStop);
        esc.put("", 'V', "SPA", edit::startProtectedArea);
        esc.put("", 'W', "EPA", edit::endProtectedArea);
        esc.put("", 'Z', "DECID", replies::identify);
        esc.put("", 'M', "RI", scroll::reverseIndex);
        esc.put("", '=', "DECKPAM", () -> modes.keypad(true));
        esc.put("", '>', "DECKPNM", () -> modes.keypad(false));
        esc.put("", 'c', "RIS", this::fullReset);
        esc.put("", 'n', "LS2", () -> t.charsets.shift(2));
        esc.put("", 'o', "LS3", () -> t.charsets.shift(3));
        esc.put("", '|', "LS3R", () -> t.charsets.shift(3)); // (as LS3, like xterm.js)
        esc.put("", '}', "LS2R", () -> t.charsets.shift(2)); // (as LS2)
        esc.put("", '~', "LS1R", () -> t.charsets.shift(1)); // (as LS1)
        esc.put("%", '@', "DOCS", this::selectDefaultCharset); // select default charset
        esc.put("%", 'G', "DOCS", this::selectDefaultCharset); // select UTF-8 (same)
        esc.put("#", '8', "DECALN", edit::screenAlignment);
        esc.put("", '\\', "ST", () -> { }); // after an OSC/DCS ended by ESC
    }

    // ---- VtHandler -------------------------------------------------------------------------

    @Override
    public void print(int[] codePoints, int start, int end) {
        printer.print(codePoints, start, end);
    }

    @Override
    public int printUtf8(byte[] src, int from, int to) {
        return printer.printUtf8(src, from, to);
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
            case HT -> tab();
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
        // The commonest sequences called directly: the table's call site, shared by every action, cannot be
        // inlined. SGR is most of coloured output; CUP and EL most of a full-screen program's redraw.
        int key = intermediates == Intermediates.NONE ? finalByte : -1;
        switch (key) {
            case 'm' -> sgr.apply(params);
            case 'H' -> cursor.position(params);
            case 'K' -> edit.eraseInLine(params);
            default -> {
                CsiAction action = csi.get(Intermediates.key(intermediates, finalByte));
                if (action == null) {
                    t.unknown.record("CSI " + Intermediates.toString(intermediates) + (char) finalByte);
                } else {
                    action.apply(params);
                }
            }
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
        termcapRequest = intermediates == '+' && finalByte == 'q';
        collectingStatusRequest = (intermediates == '$' || termcapRequest) && finalByte == 'q';
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
            if (termcapRequest) {
                t.reply(TermcapQuery.answer(statusRequest.toString())); // XTGETTCAP, DCS + q Pt ST
            } else {
                replies.statusString(statusRequest.toString());        // DECRQSS, DCS $ q Pt ST
            }
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

    /**
     * HT. With xterm's curses fix (mode 41) and autowrap, a tab while a wrap is pending wraps first,
     * as if a character had been printed, then tabs on the new row.
     */
    private void tab() {
        Screen s = t.active;
        if (s.cursor().marginWrapPending() || s.cursor().col() >= s.cols()) {
            if (t.modes.is(Mode.CURSES_FIX) && t.modes.autowrap) {
                scroll.index();
                cursor.carriageReturn();
                s.line(s.cursor().row()).setWrapped(true);
            }
        }
        cursor.tab();
    }

    /** CSI s: DECSLRM while DECLRMM (mode 69) is set, SCOSC otherwise, as in xterm. */
    private void saveCursorOrSetMargins(Params p) {
        if (t.modes.is(Mode.LEFT_RIGHT_MARGINS)) {
            scroll.setHorizontalMargins(p);
        } else {
            cursor.save();
        }
    }

    /**
     * DECSCL, {@code CSI Pl ; Pc " p}: an operating level from 61 (VT100) to 65 (VT520) is kept for
     * DECRQSS and, as in xterm, soft-resets the terminal; other levels are ignored. The level changes
     * nothing else, and replies stay 7-bit whatever Pc asks (see docs/emulator.md).
     */
    private void setConformanceLevel(Params p) {
        int level = p.get(0);
        if (level >= 61 && level <= 65) {
            resets.softReset();
            t.conformanceLevel = level;
        } else {
            t.unknown.record("DECSCL " + level);
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
     * Sets apart where the answers to XTWINOPS 21 and 20 (title and icon-label reports) go; null sends them with
     * the other replies, the default.
     *
     * @param sink receives each title report's bytes, from the feeding thread
     */
    public void onTitleReport(Consumer<byte[]> sink) {
        t.onTitleReport(sink);
    }

    /**
     * Whether XTWINOPS 21 and 20 report the title and icon label (off by default, as in xterm).
     *
     * @param allow true to answer them
     */
    public void allowTitleReports(boolean allow) {
        t.titleReports = allow;
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
     * A sequence this emulator implements, as registered in its constructor.
     *
     * @param kind {@code "CSI"} or {@code "ESC"}
     * @param intermediates private marker and intermediate bytes, e.g. {@code "?"}, {@code " "}
     * @param finalByte the final byte
     * @param mnemonic its name (several joined by {@code /} when the meaning depends on a mode)
     */
    public record SupportedSequence(String kind, String intermediates, char finalByte, String mnemonic) {
    }

    /**
     * The index of supported CSI and ESC sequences (docs/emulator.md's tables are checked against
     * it). SCS designations ({@code ESC ( F} and friends) are not listed: they are recognised by
     * their intermediates, see {@code designateCharset}.
     *
     * @return the registrations, CSI first, in order
     */
    public java.util.List<SupportedSequence> supportedSequences() {
        java.util.List<SupportedSequence> all = new java.util.ArrayList<>();
        for (String[] r : csi.registrations()) {
            all.add(new SupportedSequence("CSI", r[0], r[1].charAt(0), r[2]));
        }
        for (String[] r : esc.registrations()) {
            all.add(new SupportedSequence("ESC", r[0], r[1].charAt(0), r[2]));
        }
        return all;
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
