package dev.ptyctl.vt.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * How a byte stream is cut into the pieces handed to {@code feed}/{@code write}: a terminal's
 * screen must not depend on where the reads of a PTY happened to split the output.
 */
enum Chunking {
    /** The whole stream in one piece. */
    WHOLE,
    /** One byte per piece: splits every UTF-8 character and escape sequence. */
    BYTES,
    /** Cut at random points, about one every {@value #MEAN_RANDOM_CHUNK} bytes, from a seed. */
    RANDOM;

    /** Mean piece length for RANDOM: short enough to split most sequences somewhere. */
    static final int MEAN_RANDOM_CHUNK = 7;

    /**
     * Cuts the data.
     *
     * @param data the stream
     * @param seed used by RANDOM only
     * @return the pieces, in order; together exactly the data
     */
    List<byte[]> split(byte[] data, long seed) {
        return switch (this) {
            case WHOLE -> List.of(data);
            case BYTES -> {
                List<byte[]> pieces = new ArrayList<>(data.length);
                for (byte b : data) {
                    pieces.add(new byte[] {b});
                }
                yield pieces;
            }
            case RANDOM -> atRandomPoints(data, seed);
        };
    }

    /** The name used in test names and the summary. */
    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    private static List<byte[]> atRandomPoints(byte[] data, long seed) {
        if (data.length < 2) {
            return List.of(data);
        }
        Random random = new Random(seed);
        TreeSet<Integer> cuts = new TreeSet<>();
        int wanted = Math.max(1, data.length / MEAN_RANDOM_CHUNK);
        for (int i = 0; i < wanted; i++) {
            cuts.add(1 + random.nextInt(data.length - 1));
        }
        List<byte[]> pieces = new ArrayList<>(cuts.size() + 1);
        int from = 0;
        for (int cut : cuts) {
            pieces.add(Arrays.copyOfRange(data, from, cut));
            from = cut;
        }
        pieces.add(Arrays.copyOfRange(data, from, data.length));
        return pieces;
    }
}
