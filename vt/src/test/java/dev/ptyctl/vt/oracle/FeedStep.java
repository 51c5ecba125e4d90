package dev.ptyctl.vt.oracle;

/** One step of feeding a terminal: bytes of output, or a change of size (which reflows). */
sealed interface FeedStep {
    /**
     * Output to parse.
     *
     * @param bytes the bytes, possibly cutting a character or sequence anywhere
     */
    record Write(byte[] bytes) implements FeedStep {
    }

    /**
     * A resize, applied after everything written before it.
     *
     * @param cols new width
     * @param rows new height
     */
    record Resize(int cols, int rows) implements FeedStep {
    }
}
