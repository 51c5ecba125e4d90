package dev.ptyctl.service.http;

import dev.ptyctl.service.server.PtyctlServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), written to the format's specification
 * for tests, since no parser for it is published on Maven Central for Java: the Prometheus Java client only writes
 * the format. Every line must be a {@code # HELP}, a {@code # TYPE}, another comment, or a sample
 * {@code name{label="value",...} value [timestamp]}; names and label names must match the format's grammar, label
 * values use its three escapes, values are Go floats ({@code NaN}, {@code +Inf}, {@code -Inf} included), a family's
 * {@code TYPE} comes at most once and before its samples, no sample repeats, and a histogram's samples are its
 * buckets, sum and count (a summary's quantiles under a histogram's TYPE are not). Anything else fails with the line.
 */
final class PrometheusText {
    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final List<String> TYPES = List.of("counter", "gauge", "histogram", "summary", "untyped");
    private static final List<String> SUFFIXES = List.of("_bucket", "_count", "_sum", "_total", "_created");

    /** One sample: a name and its labels (sorted by name). */
    record Sample(String name, Map<String, String> labels) {
    }

    private final Map<String, String> types = new HashMap<>();
    private final Map<Sample, Double> samples = new LinkedHashMap<>();
    private final List<String> familiesWithSamples = new ArrayList<>();

    private PrometheusText() {
    }

    /** {@code GET /observe/metrics} of {@code server}, parsed. */
    static PrometheusText scrape(HttpClient http, PtyctlServer server) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url()
                + "/observe/metrics")).header("Accept", "text/plain").build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError("/observe/metrics answered " + response.statusCode() + ": " + response.body());
        }
        return parse(response.body());
    }

    /**
     * Parses a whole scrape.
     *
     * @throws IllegalArgumentException naming the line that breaks the format
     */
    static PrometheusText parse(String text) {
        PrometheusText parsed = new PrometheusText();
        String[] lines = text.split("\n", -1);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            throw new IllegalArgumentException("the exposition does not end with a line feed");
        }
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isEmpty()) {
                continue;
            }
            try {
                parsed.line(line);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage() + ": " + line, e);
            }
        }
        return parsed;
    }

    /** The value of the sample with this name and exactly these labels, or null. */
    Double value(String name, Map<String, String> labels) {
        return samples.get(new Sample(name, new TreeMap<>(labels)));
    }

    /** The sum over samples of {@code name} whose labels include {@code labels} (0 when there is none). */
    double sum(String name, Map<String, String> labels) {
        double total = 0;
        for (Map.Entry<Sample, Double> sample : samples.entrySet()) {
            if (sample.getKey().name().equals(name)
                    && sample.getKey().labels().entrySet().containsAll(labels.entrySet())) {
                total += sample.getValue();
            }
        }
        return total;
    }

    /** The {@code TYPE} of a family, or null. */
    String type(String family) {
        return types.get(family);
    }

    private void line(String line) {
        if (line.startsWith("#")) {
            comment(line);
            return;
        }
        sample(line);
    }

    private void comment(String line) {
        String[] parts = line.split(" ", 4);
        if (parts.length < 3 || !parts[0].equals("#") || !(parts[1].equals("HELP") || parts[1].equals("TYPE"))) {
            return; // an ordinary comment
        }
        String family = parts[2];
        requireName(family);
        if (parts[1].equals("TYPE")) {
            String type = parts.length > 3 ? parts[3] : "";
            if (!TYPES.contains(type)) {
                throw new IllegalArgumentException("unknown type \"" + type + "\"");
            }
            if (types.putIfAbsent(family, type) != null) {
                throw new IllegalArgumentException("a second TYPE for " + family);
            }
            if (familiesWithSamples.contains(family)) {
                throw new IllegalArgumentException("TYPE after samples of " + family);
            }
        }
    }

    private void sample(String line) {
        int at = 0;
        while (at < line.length() && line.charAt(at) != '{' && line.charAt(at) != ' ') {
            at++;
        }
        String name = line.substring(0, at);
        requireName(name);
        Map<String, String> labels = new TreeMap<>();
        if (at < line.length() && line.charAt(at) == '{') {
            at = labels(line, at + 1, labels);
        }
        if (at >= line.length() || line.charAt(at) != ' ') {
            throw new IllegalArgumentException("no space before the value");
        }
        String[] rest = line.substring(at + 1).trim().split(" +");
        if (rest.length > 2) {
            throw new IllegalArgumentException("more than a value and a timestamp");
        }
        double value = number(rest[0]);
        if (rest.length == 2) {
            Long.parseLong(rest[1]);
        }
        String family = family(name);
        shape(types.get(family), family, name, labels);
        familiesWithSamples.add(family);
        if (samples.put(new Sample(name, labels), value) != null) {
            throw new IllegalArgumentException("a repeated sample");
        }
    }

    /** Reads {@code name="value",...}} from {@code at}; returns the index after the closing brace. */
    private static int labels(String line, int at, Map<String, String> labels) {
        while (true) {
            if (at < line.length() && line.charAt(at) == '}') {
                return at + 1;
            }
            int equals = line.indexOf('=', at);
            if (equals < 0) {
                throw new IllegalArgumentException("a label without =");
            }
            String name = line.substring(at, equals);
            if (!LABEL_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a bad label name \"" + name + "\"");
            }
            if (equals + 1 >= line.length() || line.charAt(equals + 1) != '"') {
                throw new IllegalArgumentException("a label value without quotes");
            }
            StringBuilder value = new StringBuilder();
            int i = equals + 2;
            for (; i < line.length() && line.charAt(i) != '"'; i++) {
                char c = line.charAt(i);
                if (c == '\\') {
                    char escaped = ++i < line.length() ? line.charAt(i) : ' ';
                    value.append(switch (escaped) {
                        case '\\' -> '\\';
                        case '"' -> '"';
                        case 'n' -> '\n';
                        default -> throw new IllegalArgumentException("a bad escape \\" + escaped);
                    });
                } else {
                    value.append(c);
                }
            }
            if (i >= line.length()) {
                throw new IllegalArgumentException("an unterminated label value");
            }
            if (labels.put(name, value.toString()) != null) {
                throw new IllegalArgumentException("a repeated label " + name);
            }
            at = i + 1;
            if (at < line.length() && line.charAt(at) == ',') {
                at++;
            }
        }
    }

    private static double number(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                if (!text.matches("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?")) {
                    throw new IllegalArgumentException("not a number \"" + text + "\"");
                }
                yield Double.parseDouble(text);
            }
        };
    }

    private static void requireName(String name) {
        if (!METRIC_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a bad metric name \"" + name + "\"");
        }
    }

    /**
     * A histogram's samples are {@code x_bucket{le="..."}}, {@code x_sum} and {@code x_count} only (a sample named
     * {@code x} itself, such as a quantile, belongs to a summary); a summary's {@code x} samples carry
     * {@code quantile}.
     */
    private static void shape(String type, String family, String name, Map<String, String> labels) {
        if ("histogram".equals(type) && name.equals(family)) {
            throw new IllegalArgumentException("a sample of histogram " + family + " without _bucket, _sum or _count");
        }
        if ("histogram".equals(type) && name.endsWith("_bucket") && !labels.containsKey("le")) {
            throw new IllegalArgumentException("a bucket without le");
        }
        if ("summary".equals(type) && name.equals(family) && !labels.containsKey("quantile")) {
            throw new IllegalArgumentException("a sample of summary " + family + " without quantile");
        }
    }

    /** The family a sample belongs to: its name without a histogram's or counter's suffix, when that family exists. */
    private String family(String name) {
        for (String suffix : SUFFIXES) {
            if (name.endsWith(suffix) && types.containsKey(name.substring(0, name.length() - suffix.length()))) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return Objects.requireNonNull(name);
    }
}
