package dev.ptyctl.vt.parser;

/** Kinds of input the parser discards; reported through {@link VtHandler#parseError}. */
public enum ParseError {
    /** A character with no transition in the current state (e.g. DEL in ground, U+00E9 inside CSI). */
    UNEXPECTED_CHARACTER,
    /** A CSI sequence that went through the CSI-ignore state (e.g. {@code CSI 1 ? h}). */
    MALFORMED_CSI,
    /** A DCS sequence that went through the DCS-ignore state. */
    MALFORMED_DCS,
    /** An ESC, CSI or DCS sequence with more collected bytes than {@link Intermediates} can hold. */
    TOO_MANY_INTERMEDIATES,
    /** An OSC string longer than {@link VtParser#OSC_LIMIT} characters; it is dropped. */
    OSC_TOO_LONG,
    /** An OSC string abandoned by CAN, SUB or the start of another sequence. */
    OSC_ABORTED
}
