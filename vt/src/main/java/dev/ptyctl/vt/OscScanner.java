package dev.ptyctl.vt;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;

/**
 * Finds the OSC sequences with chosen numbers ({@code ESC ] Ps ; Pt} ended by BEL or {@code ESC \}) in a raw output
 * stream, however the reads split it: the one scanner of the shell-integration marks (OSC 133, 633, 7) that the
 * server's prompt tracker and the test DSL's command log both read. It does not interpret the sequences, and passes
 * every other byte by.
 *
 * <p>A caller feeds each chunk through {@link #scan}, which stops just after the next complete sequence it accepts
 * (or at the chunk's end): the caller handles the bytes up to there (a command's output, say), then the sequence
 * ({@link #found()}, {@link #number()}, {@link #payload()}, {@link #startOffset()}, {@link #endOffset()}), and calls
 * again from where it stopped.
 *
 * <p>The server's prompt tracker runs this on its emulator thread over every chunk of output in which the emulator
 * began an OSC (the others it passes over, see {@link #passesOver}), so nothing is looked at one byte at a time until an
 * {@code ESC ]} turns up: byte by byte it cost a fifth of that thread's time on plain text, and stopping at every ESC
 * (every CSI of a full-screen program) a tenth on redraws, so it looks for the rarer {@code ]} eight bytes at a time.
 * Not thread-safe.
 */
public final class OscScanner {
    private static final byte ESC = 0x1b;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BRACKETS = 0x5D5D5D5D5D5D5D5DL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    /** OSC numbers have at most this many digits (iTerm's 1337 is the longest in use). */
    private static final int MAX_DIGITS = 4;

    // States: ESC ] then up to four digits and ';' (the OSC number), then the payload until BEL or ESC \.
    private static final int IDLE = 0;
    private static final int AFTER_ESC = 1;
    private static final int NUMBER = 2;
    private static final int PAYLOAD = 3;

    /** The OSC numbers to report; a BitSet holds the few used (7, 133, 633) in a few words, not 10,000 bytes. */
    private final BitSet accepted = new BitSet();
    private final int maxPayload;
    private int state = IDLE;
    private int oscNumber;
    private int digits;
    private final ByteArrayOutputStream payload = new ByteArrayOutputStream();
    private boolean payloadCut;
    private boolean escInPayload;
    private long startOffset;

    private boolean found;
    private int foundNumber;
    private String foundPayload;
    private boolean foundCut;
    private long foundStart;
    private long foundEnd;

    /**
     * @param maxPayload longest payload kept; the rest of a longer one is dropped and the sequence reported as
     *                   {@link #cut()}
     * @param numbers    the OSC numbers to report (0–9999); others are skipped
     */
    public OscScanner(int maxPayload, int... numbers) {
        this.maxPayload = maxPayload;
        for (int number : numbers) {
            accepted.set(number);
        }
    }

    /**
     * Scans {@code data[from, end)}, whose first byte is at stream offset {@code offset}, up to and including the end
     * of the next accepted sequence.
     *
     * @return the index just after that sequence ({@link #found()} is then true), or {@code end}
     */
    public int scan(byte[] data, int from, int end, long offset) {
        found = false;
        long seq = offset;
        int i = from;
        while (i < end) {
            if (state == IDLE) {
                // Nothing has begun to match, so no byte before the next ESC ] can change any state: skip to it. An
                // ESC that ends the chunk is left to the state machine, whose state carries over to the next chunk.
                int esc = nextOscStart(data, i, end);
                seq += esc - i;
                i = esc;
                if (i == end) {
                    return end;
                }
            }
            step(data[i], seq);
            i++;
            seq++;
            if (found) {
                return i;
            }
        }
        return end;
    }

    /**
     * Whether {@link #scan} of {@code data[from, end)} would find nothing in it and leave this scanner as it is, given
     * that the range holds no {@code ESC ]}, as when an emulator's parser fed the same bytes began no OSC sequence in
     * them ({@link Terminal#oscsBegun()} did not move): true when no sequence is under way here and the range does not
     * end with an ESC (which the scan would keep, its {@code ]} perhaps beginning the next chunk). A caller that has
     * run the emulator over a chunk then need not look at its bytes again.
     *
     * @param data   the chunk
     * @param from   its first index
     * @param end    the index after its last byte
     * @return whether a scan of the range may be skipped
     */
    public boolean passesOver(byte[] data, int from, int end) {
        return state == IDLE && (end == from || data[end - 1] != ESC);
    }

    /** Whether the last {@link #scan} stopped after an accepted sequence. */
    public boolean found() {
        return found;
    }

    /** The OSC number of the sequence found. */
    public int number() {
        return foundNumber;
    }

    /** Its payload (after {@code Ps;}), decoded as UTF-8, at most {@code maxPayload} bytes of it. */
    public String payload() {
        return foundPayload;
    }

    /** Whether its payload was longer than {@code maxPayload} (and so cut). */
    public boolean cut() {
        return foundCut;
    }

    /** The stream offset of its ESC (perhaps in an earlier chunk). */
    public long startOffset() {
        return foundStart;
    }

    /** The stream offset just after its terminator. */
    public long endOffset() {
        return foundEnd;
    }

    /**
     * The index of the first {@code ESC ]} in {@code data[from, end)}, or of an ESC that ends the range (its
     * {@code ]} may begin the next chunk), or {@code end}.
     */
    static int nextOscStart(byte[] data, int from, int end) {
        int i = from;
        while (true) {
            i = indexOfBracket(data, i, end);
            if (i == end) {
                return end > from && data[end - 1] == ESC ? end - 1 : end;
            }
            if (i > from && data[i - 1] == ESC) {
                return i - 1;
            }
            i++;
        }
    }

    /** The index of the first ']' in {@code data[from, end)}, or {@code end}; eight bytes per step. */
    private static int indexOfBracket(byte[] data, int from, int end) {
        int i = from;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long x = (long) LONGS.get(data, i) ^ BRACKETS;
            // A byte of x is zero where data has ']'; the lowest flagged byte is always a real one (a false flag
            // can only sit above a real zero byte), and in little-endian order the lowest is the first.
            long zeros = (x - ONES) & ~x & HIGH_BITS;
            if (zeros != 0) {
                return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; i < end; i++) {
            if (data[i] == ']') {
                return i;
            }
        }
        return end;
    }

    private void step(byte b, long seq) {
        switch (state) {
            case PAYLOAD -> payloadByte(b, seq);
            case NUMBER -> {
                if (b >= '0' && b <= '9' && digits < MAX_DIGITS) {
                    oscNumber = oscNumber * 10 + (b - '0');
                    digits++;
                } else if (b == ';' && digits > 0 && accepted.get(oscNumber)) {
                    state = PAYLOAD;
                } else {
                    restart(b, seq);
                }
            }
            case AFTER_ESC -> {
                if (b == ']') {
                    state = NUMBER;
                    oscNumber = 0;
                    digits = 0;
                } else {
                    restart(b, seq);
                }
            }
            default -> restart(b, seq);
        }
    }

    /** Not (or no longer) inside a sequence: {@code b} may begin the next one. */
    private void restart(byte b, long seq) {
        reset();
        if (b == ESC) {
            state = AFTER_ESC;
            startOffset = seq;
        }
    }

    private void payloadByte(byte b, long seq) {
        if (escInPayload) {
            escInPayload = false;
            if (b == '\\') {
                ended(seq + 1);
            } else {
                restart(b, seq); // ESC followed by anything else cancels the sequence
            }
        } else if (b == 0x07) {
            ended(seq + 1);
        } else if (b == ESC) {
            escInPayload = true;
        } else if (b == 0x18 || b == 0x1a) {
            reset(); // CAN and SUB abort a control string
        } else if (payload.size() < maxPayload) {
            payload.write(b);
        } else {
            payloadCut = true;
        }
    }

    private void ended(long endSeq) {
        found = true;
        foundNumber = oscNumber;
        foundPayload = payload.toString(StandardCharsets.UTF_8);
        foundCut = payloadCut;
        foundStart = startOffset;
        foundEnd = endSeq;
        reset();
    }

    private void reset() {
        if (state == PAYLOAD) {
            // Only a payload state writes it; ByteArrayOutputStream.reset is synchronized, and most sequences (every
            // CSI of a full-screen program) get here twice without ever reaching one.
            payload.reset();
        }
        state = IDLE;
        escInPayload = false;
        payloadCut = false;
    }
}
