package dev.ptyctl.vt.oracle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One case of the corpus: a byte stream ({@code name.bin}) and the size it is meant for
 * ({@code name.json}: {@code {"cols", "rows", "resizes": [[offset, cols, rows], ...]}}, all
 * optional, default 80x24 and no resize).
 *
 * @param name the file name without {@code .bin}
 * @param family the group it is counted in: the generator's section (INDEX.tsv), or
 *     "recording" for {@code rec-*} captures of real programs
 * @param data the bytes
 * @param cols its own width
 * @param rows its own height
 * @param resizes size changes, each applied once the bytes before its offset are fed
 */
record CorpusCase(String name, String family, byte[] data, int cols, int rows, List<ResizeAt> resizes) {

    /**
     * A resize at a point of the stream.
     *
     * @param offset bytes fed before it
     * @param cols new width
     * @param rows new height
     */
    record ResizeAt(int offset, int cols, int rows) {
    }
    /** Where the corpus lives, on the test class path. */
    static final String RESOURCE = "corpus";
    /** Prefix of the captures written by tools/record/record.py. */
    static final String RECORDING_PREFIX = "rec-";
    private static final int DEFAULT_COLS = 80;
    private static final int DEFAULT_ROWS = 24;

    /** Whether this is a capture of a real program rather than a generated feature case. */
    boolean isRecording() {
        return name.startsWith(RECORDING_PREFIX);
    }

    /**
     * Reads every case, sorted by name.
     *
     * @return the cases
     */
    static List<CorpusCase> loadAll() {
        Path dir = directory();
        Map<String, String> families = families(dir.resolve("INDEX.tsv"));
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".bin"))
                .sorted()
                .map(p -> load(p, families))
                .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The corpus folder.
     *
     * @return its path
     */
    static Path directory() {
        URL url = CorpusCase.class.getClassLoader().getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException("no '" + RESOURCE + "' folder on the test class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static CorpusCase load(Path bin, Map<String, String> families) {
        String file = bin.getFileName().toString();
        String name = file.substring(0, file.length() - ".bin".length());
        int cols = DEFAULT_COLS;
        int rows = DEFAULT_ROWS;
        List<ResizeAt> resizes = new ArrayList<>();
        try {
            Path json = bin.resolveSibling(name + ".json");
            if (Files.exists(json)) {
                @SuppressWarnings("unchecked")
                Map<String, Object> size = (Map<String, Object>) MiniJson.parse(Files.readString(json));
                cols = ((Number) size.getOrDefault("cols", DEFAULT_COLS)).intValue();
                rows = ((Number) size.getOrDefault("rows", DEFAULT_ROWS)).intValue();
                for (Object r : (List<?>) size.getOrDefault("resizes", List.of())) {
                    List<?> at = (List<?>) r;
                    resizes.add(new ResizeAt(((Number) at.get(0)).intValue(), ((Number) at.get(1)).intValue(),
                        ((Number) at.get(2)).intValue()));
                }
            }
            String family = name.startsWith(RECORDING_PREFIX) ? "recording"
                : families.getOrDefault(name, name.substring(0, Math.max(1, name.indexOf('-'))));
            return new CorpusCase(name, family, Files.readAllBytes(bin), cols, rows, List.copyOf(resizes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> families(Path index) {
        Map<String, String> families = new HashMap<>();
        if (!Files.exists(index)) {
            return families;
        }
        try {
            for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
                String[] fields = line.split("\t");
                if (fields.length >= 2 && !line.startsWith("#")) {
                    families.put(fields[0], fields[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return families;
    }

    /**
     * The steps that feed the first {@code length} bytes cut into the given pieces, with this
     * case's resizes inserted at their offsets (cutting a piece where one falls inside it).
     *
     * @param pieces the bytes to feed, in order
     * @return writes and resizes
     */
    List<FeedStep> steps(List<byte[]> pieces) {
        List<FeedStep> steps = new ArrayList<>(pieces.size() + resizes.size());
        int offset = 0;
        int next = 0;
        for (byte[] piece : pieces) {
            int from = 0;
            while (next < resizes.size() && resizes.get(next).offset() <= offset + piece.length) {
                ResizeAt r = resizes.get(next++);
                int cut = r.offset() - offset;
                if (cut > from) {
                    steps.add(new FeedStep.Write(Arrays.copyOfRange(piece, from, cut)));
                    from = cut;
                }
                steps.add(new FeedStep.Resize(r.cols(), r.rows()));
            }
            if (from < piece.length) {
                steps.add(new FeedStep.Write(from == 0 ? piece : Arrays.copyOfRange(piece, from, piece.length)));
            }
            offset += piece.length;
        }
        return steps;
    }

    @Override
    public String toString() {
        return name + " (" + cols + "x" + rows + ", " + data.length + " bytes"
            + (resizes.isEmpty() ? "" : ", " + resizes.size() + " resizes") + ")";
    }
}
