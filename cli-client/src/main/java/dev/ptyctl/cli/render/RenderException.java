package dev.ptyctl.cli.render;

import java.io.Serial;

/**
 * The input cannot be rendered: it is missing, unreadable, or not valid for its format. The message
 * is written for the user and names the file (and the line, for asciicast), so the CLI prints it
 * as it is.
 */
public final class RenderException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong, naming the input
     */
    public RenderException(String message) {
        super(message);
    }
}
