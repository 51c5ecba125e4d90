package dev.ptyctl.cli;

import dev.ptyctl.protocol.RpcMethod;

/** The check of a terminal's columns or rows on the command line ({@code new --cols}, {@code resize COLS ROWS}). */
final class TerminalSize {
    private TerminalSize() {
    }

    /**
     * {@code value}, when the server would take it.
     *
     * @param name how the command line names the value: {@code --cols}, {@code ROWS}
     * @throws UsageException when it is not from 1 to {@link RpcMethod#MAX_DIMENSION}
     */
    static int checked(String name, int value) {
        if (value < 1 || value > RpcMethod.MAX_DIMENSION) {
            throw new UsageException(name + " must be from 1 to " + RpcMethod.MAX_DIMENSION + ", got " + value);
        }
        return value;
    }
}
