package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.screen.Charset;
import dev.ptyctl.vt.screen.Screen;
import java.util.ArrayList;
import java.util.List;

/**
 * A read-only view of the emulator's state beyond what {@link dev.ptyctl.vt.Terminal} shows: what
 * the VT serializer needs to write it all back out (both screens, current attributes, charsets,
 * every mode, titles, hyperlinks). Live: it reads the emulator as it is at the time of each call.
 */
public final class StateView {
    private final TerminalState t;

    StateView(TerminalState t) {
        this.t = t;
    }

    /**
     * A mode of the {@link Mode} table that is a plain flag, with its current value.
     *
     * @param dec true for a DEC private mode ({@code CSI ? n h}), false for an ANSI mode
     * @param number the mode number
     * @param set the current value
     * @param powerOn the value after power-on and RIS
     */
    public record ModeValue(boolean dec, int number, boolean set, boolean powerOn) {
    }

    /**
     * The main screen.
     *
     * @return the live main screen
     */
    public Screen mainScreen() {
        return t.main;
    }

    /**
     * The alternate screen (its content matters only while it is shown).
     *
     * @return the live alternate screen
     */
    public Screen alternateScreen() {
        return t.alternate;
    }

    /**
     * Whether the alternate screen is shown.
     *
     * @return true on the alternate screen
     */
    public boolean alternateActive() {
        return t.alternateActive();
    }

    /**
     * Current graphic rendition, DECSCA protection included.
     *
     * @return packed {@link dev.ptyctl.vt.screen.Style}
     */
    public long style() {
        return t.style;
    }

    /**
     * Current underline colour and hyperlink.
     *
     * @return packed {@link dev.ptyctl.vt.screen.Extras}
     */
    public long extra() {
        return t.extra;
    }

    /**
     * The set designated into G0..G3.
     *
     * @param slot 0..3
     * @return the set
     */
    public Charset designatedCharset(int slot) {
        return t.charsets.designated(slot);
    }

    /**
     * Which of G0..G3 is invoked into GL (SI, SO, LS2, LS3).
     *
     * @return 0..3
     */
    public int charsetShiftLevel() {
        return t.charsets.shiftLevel();
    }

    /**
     * The set printing uses; usually the one at the shift level, but DECRC restores the set that
     * was active when DECSC saved, whatever the designations are since.
     *
     * @return the active set
     */
    public Charset activeCharset() {
        return t.charsets.active();
    }

    /**
     * Every flag mode of the {@link Mode} table with its value, in table order.
     *
     * @return the modes
     */
    public List<ModeValue> flagModes() {
        List<ModeValue> values = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            if (mode.flag()) {
                values.add(new ModeValue(mode.dec(), mode.number(), t.modes.is(mode), mode.defaultValue()));
            }
        }
        return values;
    }

    /**
     * The DEC mode that selects the current mouse protocol.
     *
     * @return 0 for none, else 9, 1000, 1002 or 1003
     */
    public int mouseProtocolMode() {
        return switch (t.modes.mouseProtocol) {
            case NONE -> 0;
            case X10 -> Mode.MOUSE_X10.number();
            case VT200 -> Mode.MOUSE_VT200.number();
            case DRAG -> Mode.MOUSE_DRAG.number();
            case ANY -> Mode.MOUSE_ANY.number();
        };
    }

    /**
     * The DEC mode that selects the current mouse encoding.
     *
     * @return 0 for the default encoding, else 1006 or 1016
     */
    public int mouseEncodingMode() {
        return switch (t.modes.mouseEncoding) {
            case DEFAULT -> 0;
            case SGR -> Mode.MOUSE_SGR.number();
            case SGR_PIXELS -> Mode.MOUSE_SGR_PIXELS.number();
        };
    }

    /**
     * DECTCEM reset.
     *
     * @return true when the cursor is hidden
     */
    public boolean cursorHidden() {
        return t.cursorHidden;
    }

    /**
     * The DECSCUSR number that recreates the cursor shape.
     *
     * @return 0 to 6
     */
    public int cursorStyle() {
        return Replies.cursorStyleNumber(t);
    }

    /**
     * The window title (OSC 0, 2).
     *
     * @return the title, "" if none
     */
    public String title() {
        return t.title;
    }

    /**
     * The icon name (OSC 0, 1).
     *
     * @return the icon name, "" if none
     */
    public String iconName() {
        return t.iconName;
    }

    /**
     * The working directory reported with OSC 7.
     *
     * @return the URI as sent, "" if none
     */
    public String workingDirectory() {
        return t.workingDirectory;
    }

    /**
     * Titles saved by {@code CSI 22 t}, oldest first.
     *
     * @return a copy of the stack
     */
    public List<String> titleStack() {
        return t.titleStack.stream().map(TitleEntry::title).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * One entry of the title stack: what {@code CSI 22 ; Ps t} saved.
     *
     * @param iconName the icon name saved, null when Ps was 2
     * @param title the title saved, null when Ps was 1
     */
    public record TitleEntry(String iconName, String title) {
    }

    /**
     * The title stack as xterm keeps it, one entry per {@code CSI 22 t}, oldest first.
     *
     * @return a copy of the stack
     */
    public List<TitleEntry> titleStackEntries() {
        return List.copyOf(t.titleStack);
    }

    /**
     * Icon names saved by {@code CSI 22 t}, oldest first.
     *
     * @return a copy of the stack
     */
    public List<String> iconNameStack() {
        return t.titleStack.stream().map(TitleEntry::iconName).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * The OSC commands that set the colours programs changed (OSC 4 palette entries, OSC 5 special
     * colours, OSC 10 to 19), each without its {@code OSC} and terminator, e.g. {@code "4;1;rgb:ff/00/00"}.
     *
     * @return one payload per changed colour, palette first
     */
    public List<String> changedColors() {
        List<String> changed = new ArrayList<>();
        for (int index = 0; index < Colors.count(); index++) {
            if (t.colors.changed(index)) {
                int rgb = t.colors.get(index);
                String spec = String.format(java.util.Locale.ROOT, "rgb:%02x/%02x/%02x",
                    (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF);
                changed.add(index < Colors.SPECIAL ? "4;" + index + ";" + spec
                    : index < Colors.DYNAMIC ? "5;" + (index - Colors.SPECIAL) + ";" + spec
                    : (10 + index - Colors.DYNAMIC) + ";" + spec);
            }
        }
        return changed;
    }

    /**
     * A palette colour as the terminal would draw it now, with the changes programs made (OSC 4).
     *
     * @param index 0..255
     * @return 0xRRGGBB
     */
    public int paletteColor(int index) {
        java.util.Objects.checkIndex(index, 256);
        return t.colors.get(index);
    }

    /**
     * A dynamic colour as drawn now: the default foreground (OSC 10), background (OSC 11), cursor colour
     * (OSC 12) or one of xterm's others (OSC 13 to 19).
     *
     * @param osc 10 to 19
     * @return 0xRRGGBB
     */
    public int dynamicColor(int osc) {
        if (osc < 10 || osc > 19) {
            throw new IllegalArgumentException("dynamic colours are OSC 10 to 19, got " + osc);
        }
        return t.colors.get(Colors.FOREGROUND + osc - 10);
    }

    /**
     * The URI of a hyperlink key (see {@link dev.ptyctl.vt.screen.Extras#link}).
     *
     * @param key the key, 0 for none
     * @return the URI, "" for none
     */
    public String hyperlinkUri(int key) {
        return t.links.uri(key);
    }

    /**
     * The {@code id} parameter the hyperlink was opened with.
     *
     * @param key the key
     * @return the id, "" when none
     */
    public String hyperlinkId(int key) {
        return t.links.id(key);
    }
}
