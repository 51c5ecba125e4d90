package dev.ptyctl.service.terminals;

/**
 * What closing a terminal found ({@link TerminalRegistry#closeById}, {@link TerminalRegistry#closeBySession}). The
 * REST API answers the first {@code {"closed": true}} and the other two {@code {"closed": false}} with 404, as SPEC
 * §5.1 has it, and tells them apart by the error members an unknown terminal's answer has: a client that removes
 * what it started must not fail for a program that ended by itself, while a mistyped id must fail.
 */
public enum Closing {
    /** A live terminal: its program was ended, and the terminal forgotten. */
    LIVE,
    /** A terminal whose program had already exited: forgotten. */
    EXITED,
    /** No such terminal (or none in that session). */
    NONE;

    /** Whether a live terminal was closed ({@code {"closed": true}}). */
    public boolean closed() {
        return this == LIVE;
    }
}
