package dev.ptyctl.service.shell;

import dev.ptyctl.service.pty.OutputListener;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Follows the OSC 133 prompt marks a shell with ptyctl's integration emits (SPEC §5.9) in the raw output, and keeps
 * what they tell: whether the shell is at its prompt or running a command, and for the last command its output
 * (the bytes between its C and D marks) and exit code.
 *
 * <p>It reads the raw byte stream rather than the emulator's screen because a command's output is a range of the
 * stream: rendered on its own (see {@link CommandRecord#outputBytes()}) it is exactly what the command printed,
 * whatever the screen has scrolled or redrawn since. The scanner is a small state machine that survives marks split
 * across reads; everything but {@code ESC ] 1 3 3 ;} passes through it untouched.
 *
 * <p>Thread-safe: {@link #output} runs on the PTY reader thread, readers on any thread.
 */
public final class PromptTracker implements OutputListener {
    /** Where the shell is, as far as its marks say. */
    public enum State {
        /** No mark seen yet: no integration, or the shell has not drawn its first prompt. */
        UNKNOWN,
        /** Drawing its prompt or reading a command line (after A or B). */
        AT_PROMPT,
        /** Running a command (after C, until D and the next prompt). */
        RUNNING
    }

    /**
     * One finished command.
     *
     * @param outputStartSeq output offset where its output began (just after the C mark)
     * @param outputEndSeq   output offset where it ended (where the D mark began)
     * @param exitCode       its exit status, when the shell reported one
     * @param outputBytes    its raw output, at most {@link #MAX_CAPTURE_BYTES} (the beginning is kept)
     * @param truncated      whether output beyond that limit was dropped
     */
    public record CommandRecord(long outputStartSeq, long outputEndSeq, OptionalInt exitCode, byte[] outputBytes,
                                boolean truncated) {
    }

    /** What is kept of one command's output: enough for any report a script reads, bounded per terminal. */
    public static final int MAX_CAPTURE_BYTES = 4 << 20;
    /** Longest OSC 133 payload looked at ("D;255" plus extensions); anything longer is not ours. */
    private static final int MAX_PAYLOAD = 64;
    private static final byte[] OSC_133 = {0x1b, ']', '1', '3', '3', ';'};

    private State state = State.UNKNOWN;
    private long lastPromptSeq = -1;
    private CommandRecord lastCommand;

    // Scanner: how much of "ESC ] 1 3 3 ;" has matched, then the payload until BEL or ESC \.
    private int matched;
    private final StringBuilder payload = new StringBuilder();
    private boolean inPayload;
    private boolean escInPayload;
    private long markStartSeq;

    // The command being run, if any.
    private long captureStartSeq = -1;
    private final ByteArrayOutputStream capture = new ByteArrayOutputStream();
    private boolean captureTruncated;

    @Override
    public synchronized void output(byte[] data, int offset, int length, long outputSeqAfter) {
        long seq = outputSeqAfter - length;
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (!inPayload && matched == 0) {
                // Nothing has begun to match, so no byte before the next ESC can change any state: skip to it in a
                // tight loop and capture the run in one copy. This runs on the PTY reader thread for every byte of
                // output; byte by byte it cost a fifth of that thread's time on plain text.
                int esc = i;
                while (esc < end && data[esc] != 0x1b) {
                    esc++;
                }
                if (captureStartSeq >= 0) {
                    capture(data, i, esc - i);
                }
                seq += esc - i;
                i = esc;
                if (i == end) {
                    break;
                }
            }
            if (captureStartSeq >= 0) {
                capture(data, i, 1);
            }
            scan(data[i], seq);
            i++;
            seq++;
        }
    }

    private void scan(byte b, long seq) {
        if (inPayload) {
            if (escInPayload) {
                escInPayload = false;
                if (b == '\\') {
                    markEnded(seq + 1);
                    return;
                }
                resetScanner(); // ESC followed by anything else cancels the sequence
            } else if (b == 0x07) {
                markEnded(seq + 1);
            } else if (b == 0x1b) {
                escInPayload = true;
            } else if (payload.length() >= MAX_PAYLOAD) {
                resetScanner();
            } else {
                payload.append((char) (b & 0xff));
            }
            return;
        }
        if (b == OSC_133[matched]) {
            if (matched == 0) {
                markStartSeq = seq;
            }
            if (++matched == OSC_133.length) {
                inPayload = true;
                matched = 0;
            }
        } else {
            matched = b == OSC_133[0] ? 1 : 0;
            if (matched == 1) {
                markStartSeq = seq;
            }
        }
    }

    /** A complete mark; {@code endSeq} is the offset just after its terminator. */
    private void markEnded(long endSeq) {
        String mark = payload.toString();
        resetScanner();
        char kind = mark.isEmpty() ? '?' : mark.charAt(0);
        switch (kind) {
            case 'A', 'B' -> {
                state = State.AT_PROMPT;
                lastPromptSeq = endSeq;
                captureStartSeq = -1; // a prompt without a D (e.g. Ctrl-C at a prompt): nothing is running
            }
            case 'C' -> {
                state = State.RUNNING;
                captureStartSeq = endSeq;
                capture.reset();
                captureTruncated = false;
            }
            case 'D' -> finishCommand(mark);
            default -> {
                // other OSC 133 kinds (P, L, ...) carry nothing we use
            }
        }
    }

    private void finishCommand(String mark) {
        if (captureStartSeq < 0) {
            return; // a D without its C: nothing ran since the prompt
        }
        OptionalInt exit = OptionalInt.empty();
        String[] fields = mark.split(";");
        if (fields.length > 1 && fields[1].matches("-?\\d{1,9}")) {
            exit = OptionalInt.of(Integer.parseInt(fields[1]));
        }
        byte[] bytes = capture.toByteArray();
        // Bytes were captured as they went by, the D mark's own included: keep only what came before the mark.
        int keep = (int) Math.max(0, Math.min(bytes.length, markStartSeq - captureStartSeq));
        byte[] output = Arrays.copyOf(bytes, keep);
        lastCommand = new CommandRecord(captureStartSeq, markStartSeq, exit, output, captureTruncated);
        captureStartSeq = -1;
        capture.reset();
    }

    private void capture(byte[] data, int from, int count) {
        int room = MAX_CAPTURE_BYTES - capture.size();
        if (count > room) {
            captureTruncated = true;
        }
        if (room > 0) {
            capture.write(data, from, Math.min(count, room));
        }
    }

    private void resetScanner() {
        matched = 0;
        inPayload = false;
        escInPayload = false;
        payload.setLength(0);
    }

    /** Where the shell is now. */
    public synchronized State state() {
        return state;
    }

    /** Output offset just after the most recent prompt mark (A or B), or -1 when none has been seen. */
    public synchronized long lastPromptSeq() {
        return lastPromptSeq;
    }

    /** The last command that finished, if any. */
    public synchronized Optional<CommandRecord> lastCommand() {
        return Optional.ofNullable(lastCommand);
    }
}
