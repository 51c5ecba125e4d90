package dev.ptyctl.vt.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the differential test's results per case family and prints them at the end of the run
 * (and into {@code target/oracle-summary.txt}): which families pass, which fail, how long the
 * oracle took, and where xterm.js itself gave a different screen for a split stream.
 */
final class OracleSummary {
    /** A case's outcome: it passes only if every variant run passed. */
    private enum Outcome { PASSED, FAILED, SKIPPED }

    /** Per family: each case's outcome, and variants passed and failed. */
    private static final class Family {
        final Map<String, Outcome> cases = new TreeMap<>();
        int passed;
        int failed;

        long count(Outcome outcome) {
            return cases.values().stream().filter(o -> o == outcome).count();
        }
    }

    private final Map<String, Family> families = new TreeMap<>();
    private final List<String> splitNotes = new ArrayList<>();

    synchronized void passed(CorpusCase c) {
        Family f = family(c);
        f.passed++;
        f.cases.putIfAbsent(c.name(), Outcome.PASSED);
    }

    synchronized void failed(CorpusCase c) {
        Family f = family(c);
        f.failed++;
        f.cases.put(c.name(), Outcome.FAILED);
    }

    synchronized void skipped(CorpusCase c) {
        family(c).cases.put(c.name(), Outcome.SKIPPED);
    }

    /** Records that xterm.js's screen for a split stream differs from its screen for the whole. */
    synchronized void xtermSplitDependent(String variant, String firstDifference) {
        splitNotes.add(variant + ": " + firstDifference);
    }

    /**
     * The report.
     *
     * @param oracle for its request count and time
     * @return the text
     */
    synchronized String render(XtermOracle oracle) {
        StringBuilder sb = new StringBuilder("xterm.js differential test (a case passes when all its variants do)\n");
        String format = "%-13s %6s %7s %7s %8s %9s %9s%n";
        sb.append(String.format(format, "family", "cases", "passed", "failed", "skipped", "variants", "v-failed"));
        long[] total = new long[6];
        for (Map.Entry<String, Family> e : families.entrySet()) {
            Family f = e.getValue();
            long[] row = {f.cases.size(), f.count(Outcome.PASSED), f.count(Outcome.FAILED), f.count(Outcome.SKIPPED),
                f.passed + f.failed, f.failed};
            sb.append(String.format(format, e.getKey(), row[0], row[1], row[2], row[3], row[4], row[5]));
            for (int i = 0; i < row.length; i++) {
                total[i] += row[i];
            }
        }
        sb.append(String.format(format, "total", total[0], total[1], total[2], total[3], total[4], total[5]));
        List<String> failing = new ArrayList<>();
        families.values().forEach(f -> f.cases.forEach((name, outcome) -> {
            if (outcome == Outcome.FAILED) {
                failing.add(name);
            }
        }));
        if (!failing.isEmpty()) {
            sb.append("failing cases: ").append(String.join(", ", failing)).append('\n');
        }
        if (oracle != null) {
            sb.append(String.format("oracle: %d requests in %.1f s%n", oracle.requestCount(), oracle.busyNanos() / 1e9));
        }
        if (!splitNotes.isEmpty()) {
            sb.append("xterm.js gave a different screen for a split stream than for the whole one (")
                .append(splitNotes.size()).append(" variants; the whole-stream screen is the reference):\n");
            splitNotes.stream().limit(20).forEach(n -> sb.append("  ").append(n).append('\n'));
        }
        return sb.toString();
    }

    /**
     * Prints the report and writes it to {@code target/oracle-summary.txt}.
     *
     * @param oracle the oracle used, or null if it never started
     */
    void publish(XtermOracle oracle) {
        String text = render(oracle);
        System.out.println(text);
        try {
            Path target = Path.of("target");
            Files.createDirectories(target);
            Files.writeString(target.resolve("oracle-summary.txt"), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("could not write target/oracle-summary.txt: " + e);
        }
    }

    private Family family(CorpusCase c) {
        return families.computeIfAbsent(c.family(), k -> new Family());
    }
}
