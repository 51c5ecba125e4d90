package dev.ptyctl.vt.oracle;

import dev.ptyctl.vt.oracle.ScreenDiff.Aspect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The differences from xterm.js we keep on purpose, read from {@code corpus/SKIP.md}.
 *
 * <p>An entry is a list item {@code - `case-name`: reason} (the whole case is skipped) or
 * {@code - `case-name#aspect`: reason} (only that aspect, e.g. {@code replies}, is not compared).
 * Every entry needs a reason; an entry naming no existing case is an error, so the list cannot
 * silently outlive its cases.
 */
final class SkipList {
    private static final Pattern ENTRY = Pattern.compile("^\\s*[-*]\\s+`([a-z0-9][a-z0-9.-]*)(?:#([a-z-]+))?`\\s*:\\s*(\\S.*)$");

    /**
     * Why a case, or some of its aspects, are not compared.
     *
     * @param wholeCase the reason the case is skipped entirely, or null
     * @param aspects aspects not compared, with their reasons
     */
    record Entry(String wholeCase, Map<Aspect, String> aspects) {
    }

    private final Map<String, Entry> entries;

    private SkipList(Map<String, Entry> entries) {
        this.entries = entries;
    }

    /**
     * Reads SKIP.md.
     *
     * @param file the list; a missing file is an empty list
     * @param caseNames every case of the corpus, to reject entries for cases that do not exist
     * @return the list
     */
    static SkipList read(Path file, Set<String> caseNames) {
        Map<String, Entry> entries = new HashMap<>();
        if (!Files.exists(file)) {
            return new SkipList(entries);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String line : lines) {
            Matcher m = ENTRY.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            if (!caseNames.contains(name)) {
                throw new IllegalStateException(file + " names a case that does not exist: " + name);
            }
            Entry old = entries.getOrDefault(name, new Entry(null, Map.of()));
            if (m.group(2) == null) {
                entries.put(name, new Entry(m.group(3), old.aspects()));
            } else {
                Map<Aspect, String> aspects = new HashMap<>(old.aspects());
                aspects.put(Aspect.fromLabel(m.group(2)), m.group(3));
                entries.put(name, new Entry(old.wholeCase(), Map.copyOf(aspects)));
            }
        }
        return new SkipList(Map.copyOf(entries));
    }

    /**
     * Why the case is skipped entirely.
     *
     * @param name the case
     * @return the reason, or null when it is run
     */
    String skipReason(String name) {
        Entry e = entries.get(name);
        return e == null ? null : e.wholeCase();
    }

    /**
     * The aspects compared for a case: all but those listed for it.
     *
     * @param name the case
     * @return the aspects to compare
     */
    Set<Aspect> comparedAspects(String name) {
        EnumSet<Aspect> all = EnumSet.allOf(Aspect.class);
        Entry e = entries.get(name);
        if (e != null) {
            all.removeAll(e.aspects().keySet());
        }
        return all;
    }

    /** Number of entries (cases with at least one skipped aspect or skipped whole). */
    int size() {
        return entries.size();
    }
}
