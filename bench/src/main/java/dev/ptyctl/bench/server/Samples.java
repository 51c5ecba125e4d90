package dev.ptyctl.bench.server;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Measured values of one quantity (times in nanoseconds, or rates), with the order statistics the report uses. */
final class Samples {
    private final List<Double> values = new ArrayList<>();

    void add(double value) {
        values.add(value);
    }

    /** How many values lie in [{@code low}, {@code high}]. */
    long countBetween(double low, double high) {
        return values.stream().filter(v -> v >= low && v <= high).count();
    }

    int count() {
        return values.size();
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    /** The {@code p}-th percentile (0–100), nearest rank. */
    double percentile(double p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    double median() {
        return percentile(50);
    }

    double min() {
        return Collections.min(values);
    }

    double max() {
        return Collections.max(values);
    }

    /** The geometric mean: the average of ratios that treats 0.5 and 2 as opposite. */
    double geometricMean() {
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
    }

    /** "median (min–max)" with one decimal. */
    String medianRange() {
        return medianRange(1);
    }

    /** "median (min–max)" with {@code decimals} decimals. */
    String medianRange(int decimals) {
        String f = "%." + decimals + "f";
        return String.format(Locale.ROOT, f + " (" + f + "–" + f + ")", median(), min(), max());
    }
}
