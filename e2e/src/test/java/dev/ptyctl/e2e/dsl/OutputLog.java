package dev.ptyctl.e2e.dsl;

import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.TerminalSize;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An attachment listener that keeps every output byte and checks, chunk by chunk, that the stream has neither gaps
 * nor repeats: each chunk must start exactly where the previous one ended (a reset starts over).
 */
final class OutputLog implements AttachmentListener {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<String> problems = new ArrayList<>();
    private final List<TerminalSize> sizes = new ArrayList<>();
    private long lastSeq = -1;
    private int resets;

    @Override
    public synchronized void onOutput(byte[] data, long seq, boolean reset) {
        if (reset) {
            resets++;
        } else if (lastSeq >= 0 && seq - data.length != lastSeq) {
            problems.add("chunk of " + data.length + " bytes ending at " + seq + " follows " + lastSeq);
        }
        lastSeq = seq;
        bytes.writeBytes(data);
        notifyAll();
    }

    @Override
    public synchronized void onSize(TerminalSize size) {
        sizes.add(size);
        notifyAll();
    }

    synchronized String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    synchronized int resets() {
        return resets;
    }

    /** Waits until the output contains {@code text} (woken by each chunk, no polling). */
    synchronized void awaitText(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!text().contains(text)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("output never contained \"" + text + "\":\n" + text());
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits until a reset chunk arrived. */
    synchronized void awaitReset(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (resets == 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no reset chunk");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits until a size frame with {@code size} arrived. */
    synchronized void awaitSize(TerminalSize size, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!sizes.contains(size)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no size frame " + size + ", only " + sizes);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
