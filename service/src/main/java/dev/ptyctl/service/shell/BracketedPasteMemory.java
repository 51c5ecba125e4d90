package dev.ptyctl.service.shell;

/**
 * What one terminal's pastes learned of its shell's line editor: that the shell at its prompt left bracketed paste
 * (mode 2004) off for a whole grace period of the control package's {@code PasteReadiness}, as bash does with
 * {@code enable-bracketed-paste off} (and bash before 5.1 by default). A later paste of several lines to that shell
 * then goes out at once, as the lines they are, instead of waiting the grace again, every time, for a mode that does
 * not come. Remembered with the terminal's foreground process group at that prompt, so another shell started from
 * it (a group of its own) is waited for again; forgotten as soon as the mode is seen on at a prompt. Thread-safe.
 */
public final class BracketedPasteMemory {
    private static final long NOTHING = Long.MIN_VALUE;
    /** The foreground process group of the shell that left the mode off, or {@link #NOTHING}. */
    private long groupLeavingItOff = NOTHING;

    /** The shell in foreground process group {@code group} (-1: unknown) left the mode off for the whole grace. */
    public synchronized void leftOff(long group) {
        groupLeavingItOff = group;
    }

    /** The mode was seen on at a prompt: whatever the shell did before, it uses bracketed paste now. */
    public synchronized void seenOn() {
        groupLeavingItOff = NOTHING;
    }

    /** Whether the shell in foreground process group {@code group} (-1: unknown) is the one that left it off. */
    public synchronized boolean leavesItOff(long group) {
        return groupLeavingItOff != NOTHING && groupLeavingItOff == group;
    }
}
