package dev.ptyctl.vt.terminal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The colour characterization real xterm 379 uses under Xvfb for the device-independent colour
 * specifications, measured black-box from xterm's own answers by {@code tools/xcms-calibrate/run} and
 * kept in {@code xcms-xterm-379.txt} beside this class: the 3×3 matrix from CIE XYZ to linear
 * intensities of red, green and blue (RGBi), the screen white point (the XYZ of RGBi 1/1/1), and per
 * channel the 255 intensities at which xterm's 8-bit answer steps up.
 */
final class XcmsCharacterization {
    static final XcmsCharacterization XTERM_379 = load("xcms-xterm-379.txt");

    private final double[][] matrix;
    private final double[] white;
    private final double[][] steps;

    private XcmsCharacterization(double[][] matrix, double[] white, double[][] steps) {
        this.matrix = matrix;
        this.white = white;
        this.steps = steps;
    }

    /** RGBi intensities of a CIE XYZ colour (not clipped: outside 0..1 when the screen cannot show it). */
    double[] intensities(double[] xyz) {
        double[] rgbi = new double[3];
        for (int row = 0; row < 3; row++) {
            rgbi[row] = matrix[row][0] * xyz[0] + matrix[row][1] * xyz[1] + matrix[row][2] * xyz[2];
        }
        return rgbi;
    }

    /** The screen white point's CIE X, Y or Z. */
    double white(int component) {
        return white[component];
    }

    /** The 8-bit value xterm answers for an intensity (0..1) of a channel (0 red, 1 green, 2 blue). */
    int device(int channel, double intensity) {
        double[] thresholds = steps[channel];
        int low = 0;
        int high = thresholds.length;
        while (low < high) {   // how many thresholds are <= intensity
            int middle = (low + high) >>> 1;
            if (thresholds[middle] <= intensity) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** 0xRRGGBB of intensities, each first clipped to 0..1. */
    int rgb(double[] rgbi) {
        int rgb = 0;
        for (int channel = 0; channel < 3; channel++) {
            rgb = (rgb << 8) | device(channel, Math.min(1, Math.max(0, rgbi[channel])));
        }
        return rgb;
    }

    private static XcmsCharacterization load(String resource) {
        try (InputStream in = XcmsCharacterization.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the vt jar");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            double[][] matrix = new double[3][];
            double[] white = null;
            double[][] steps = new double[3][];
            int rows = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.trim().split(" ");
                double[] values = Arrays.stream(fields, 1, fields.length).mapToDouble(Double::parseDouble).toArray();
                switch (fields[0]) {
                    case "matrix" -> matrix[rows++] = values;
                    case "white" -> white = values;
                    case "red" -> steps[0] = values;
                    case "green" -> steps[1] = values;
                    case "blue" -> steps[2] = values;
                    default -> throw new IllegalStateException(resource + ": unknown line " + fields[0]);
                }
            }
            return new XcmsCharacterization(matrix, white, steps);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
