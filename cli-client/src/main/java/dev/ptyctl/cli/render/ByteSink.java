package dev.ptyctl.cli.render;

/** Where bytes go next, e.g. {@link dev.ptyctl.vt.Terminal#feed(byte[], int, int)}. */
@FunctionalInterface
public interface ByteSink {
    /**
     * Takes {@code length} bytes from {@code offset}; they must be used before returning.
     *
     * @param bytes the buffer
     * @param offset first byte
     * @param length number of bytes
     */
    void accept(byte[] bytes, int offset, int length);
}
