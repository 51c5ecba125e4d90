package dev.ptyctl.vt;

import java.util.OptionalInt;

/**
 * A shell-integration mark (OSC 133, as FinalTerm, iTerm2, VS Code and WezTerm define them): where
 * a prompt, a command line and a command's output start, and how the command ended.
 *
 * @param kind which mark
 * @param exitCode for {@link Kind#COMMAND_FINISHED}, the exit status when the shell gave one
 * @param row the cursor's screen row when the mark arrived (0 = top)
 * @param bufferRow the same row counted from the oldest scrollback line, which keeps naming the
 *     same line while it scrolls (until the scrollback drops it)
 */
public record PromptMark(Kind kind, OptionalInt exitCode, int row, int bufferRow) {
    /** The four marks. */
    public enum Kind {
        /** {@code OSC 133 ; A}: the prompt starts. */
        PROMPT_START,
        /** {@code OSC 133 ; B}: the prompt ends, the command line starts. */
        COMMAND_START,
        /** {@code OSC 133 ; C}: the command was entered, its output starts. */
        COMMAND_EXECUTED,
        /** {@code OSC 133 ; D [; exit code]}: the command finished. */
        COMMAND_FINISHED
    }
}
