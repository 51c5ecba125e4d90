package dev.ptyctl.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * The byte streams the emulator is measured on. Each is generated from a fixed seed, so every run (and the
 * xterm.js side, which reads the same files) sees identical bytes. Sizes are about {@link #TARGET_BYTES}: large
 * enough that per-call overhead vanishes, small enough that one iteration takes well under a second.
 */
public enum Workload {
    /** Plain ASCII lines of 40–119 printable characters: `cat` of a source file or a build log without colour. */
    ASCII {
        @Override
        void line(Random r, ByteArrayOutputStream out) {
            int len = 40 + r.nextInt(80);
            for (int i = 0; i < len; i++) {
                out.write(r.nextInt(8) == 0 ? ' ' : 33 + r.nextInt(94));
            }
            out.writeBytes(CRLF);
        }
    },
    /** Log lines dense with SGR: 16-colour, 256-colour and truecolor changes, bold and resets, several per line. */
    SGR_LOG {
        @Override
        void line(Random r, ByteArrayOutputStream out) {
            write(out, String.format("\u001b[2m2026-11-30 12:%02d:%02d.%03d\u001b[0m ", r.nextInt(60), r.nextInt(60),
                    r.nextInt(1000)));
            String[] levels = {"\u001b[32mINFO \u001b[0m", "\u001b[1;33mWARN \u001b[0m", "\u001b[1;31mERROR\u001b[0m",
                "\u001b[36mDEBUG\u001b[0m"};
            write(out, levels[r.nextInt(levels.length)]);
            write(out, " \u001b[38;5;" + (16 + r.nextInt(216)) + "m[worker-" + r.nextInt(16) + "]\u001b[39m ");
            int words = 4 + r.nextInt(8);
            for (int w = 0; w < words; w++) {
                if (r.nextInt(3) == 0) {
                    write(out, "\u001b[38;2;" + r.nextInt(256) + ";" + r.nextInt(256) + ";" + r.nextInt(256) + "m");
                }
                write(out, WORDS[r.nextInt(WORDS.length)]);
                write(out, r.nextInt(3) == 0 ? "\u001b[0m " : " ");
            }
            write(out, "\u001b[0m\r\n");
        }
    },
    /**
     * A full-screen program redrawing: alternate screen, cursor addressing, erase in line, scroll regions with
     * index/reverse index, a status line in inverse video — what vim, htop and less emit.
     */
    TUI {
        @Override
        void line(Random r, ByteArrayOutputStream out) {
            switch (r.nextInt(6)) {
                case 0 -> write(out, "\u001b[?1049h\u001b[H\u001b[2J");
                case 1 -> write(out, "\u001b[" + (2 + r.nextInt(10)) + ";" + (20 + r.nextInt(18)) + "r\u001b["
                        + (20 + r.nextInt(18)) + ";1H\n\n\n\u001bM\u001bM\u001b[r");
                case 2 -> write(out, "\u001b[40;1H\u001b[7m -- INSERT -- " + WORDS[r.nextInt(WORDS.length)]
                        + "\u001b[K\u001b[27m");
                case 3 -> {
                    if (r.nextInt(4) == 0) {
                        write(out, "\u001b[?1049l");
                    }
                }
                default -> {
                }
            }
            for (int i = 0; i < 6; i++) {
                write(out, "\u001b[" + (1 + r.nextInt(40)) + ";" + (1 + r.nextInt(100)) + "H");
                write(out, r.nextBoolean() ? "\u001b[1;34m" : "\u001b[0m");
                write(out, WORDS[r.nextInt(WORDS.length)] + " " + WORDS[r.nextInt(WORDS.length)] + "\u001b[K");
            }
        }
    },
    /** CJK text, emoji (with skin-tone modifiers and ZWJ sequences) and combining accents, mixed with ASCII. */
    UNICODE {
        @Override
        void line(Random r, ByteArrayOutputStream out) {
            String[] pieces = {"漢字かな交じり文", "한국어 텍스트", "中文字符", "😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "e\u0301",
                "n\u0303", "a\u0308\u0304", "ascii ", "text ", "│", "─", "★"};
            int n = 8 + r.nextInt(12);
            for (int i = 0; i < n; i++) {
                write(out, pieces[r.nextInt(pieces.length)]);
            }
            out.writeBytes(CRLF);
        }
    },
    /**
     * Text heavy in grapheme clusters: about 30 % of the pieces are combining sequences (decomposed accents, stacks of
     * two to five combining marks on one base, ZWJ emoji sequences, regional-indicator flags, variation selectors),
     * the rest CJK and plain words. Each piece is drawn independently, so the clusters are as varied as a mixed
     * document's: a cache of recent clusters does not see the same few again and again.
     */
    COMBINING {
        @Override
        void line(Random r, ByteArrayOutputStream out) {
            int n = 10 + r.nextInt(14);
            StringBuilder line = new StringBuilder(160);
            for (int i = 0; i < n; i++) {
                if (r.nextInt(10) < 3) {
                    combiningSequence(r, line);
                } else if (r.nextInt(3) == 0) {
                    line.append(CJK[r.nextInt(CJK.length)]);
                } else {
                    line.append(WORDS[r.nextInt(WORDS.length)]);
                }
                line.append(' ');
            }
            write(out, line.toString());
            out.writeBytes(CRLF);
        }
    };

    /** Bases for combining marks: Latin letters with and without precomposed forms, Greek, Cyrillic. */
    private static final String BASES = "aeiouynczAEIOUSαβγабв";
    /** Marks from the Combining Diacritical Marks block and its supplement (all width 0). */
    private static final int[] MARKS = {0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0307, 0x0308, 0x030A,
        0x030B, 0x030C, 0x0323, 0x0327, 0x0328, 0x0331, 0x0345, 0x1DC4, 0x1DCA, 0x20D7};
    /** Emoji that ZWJ sequences are made of, people with skin tones among them. */
    private static final String[] ZWJ_SEQUENCES = {"👩\u200D💻", "👨\u200D👩\u200D👧\u200D👦", "🏳\uFE0F\u200D🌈",
        "👩🏽\u200D🚀", "🧑\u200D🤝\u200D🧑", "👁\uFE0F\u200D🗨\uFE0F", "🐻\u200D❄\uFE0F", "❤\uFE0F\u200D🔥",
        "👨🏿\u200D🍳", "🏃\u200D♀\uFE0F"};
    /** Characters commonly followed by a variation selector (emoji or text presentation). */
    private static final String[] VARIATION_BASES = {"☺", "❤", "✌", "☀", "✔", "⚠", "™", "↔", "▶", "☎"};
    private static final String[] CJK = {"漢字", "かな交じり", "中文字符", "한국어", "東京都", "日本語の文章", "简体中文",
        "カタカナ"};

    /** One combining sequence of a kind drawn at random. */
    private static void combiningSequence(Random r, StringBuilder out) {
        switch (r.nextInt(5)) {
            case 0 -> out.append(BASES.charAt(r.nextInt(BASES.length()))).appendCodePoint(MARKS[r.nextInt(MARKS.length)]);
            case 1 -> {
                out.append(BASES.charAt(r.nextInt(BASES.length())));
                int marks = 2 + r.nextInt(4);
                for (int m = 0; m < marks; m++) {
                    out.appendCodePoint(MARKS[r.nextInt(MARKS.length)]);
                }
            }
            case 2 -> out.append(ZWJ_SEQUENCES[r.nextInt(ZWJ_SEQUENCES.length)]);
            case 3 -> out.appendCodePoint(0x1F1E6 + r.nextInt(26)).appendCodePoint(0x1F1E6 + r.nextInt(26));
            default -> out.append(VARIATION_BASES[r.nextInt(VARIATION_BASES.length)])
                    .append(r.nextBoolean() ? '\uFE0F' : '\uFE0E');
        }
    }

    /** About 4 MiB per workload. */
    public static final int TARGET_BYTES = 4 << 20;
    private static final byte[] CRLF = {'\r', '\n'};
    private static final String[] WORDS = {"request", "handled", "in", "12ms", "user=alice", "GET", "/v1/terminals",
        "cache", "miss", "retrying", "connection", "reset", "by", "peer", "ok", "compile", "module", "vt", "done"};

    abstract void line(Random r, ByteArrayOutputStream out);

    /** The workload's bytes; the same on every call. */
    public byte[] bytes() {
        Random r = new Random(0x7e57_0000L + ordinal());
        ByteArrayOutputStream out = new ByteArrayOutputStream(TARGET_BYTES + 4096);
        while (out.size() < TARGET_BYTES) {
            line(r, out);
        }
        return out.toByteArray();
    }

    /**
     * Writes the workload's bytes to {@code dir/NAME.bin} unless that file already holds them (the files other
     * benchmarks and scripts read: xterm.js, the server bench, bench/render-run).
     *
     * @param dir the folder
     * @return the bytes
     * @throws IOException when the file cannot be written
     */
    public byte[] writeTo(Path dir) throws IOException {
        byte[] bytes = bytes();
        Path file = dir.resolve(name() + ".bin");
        Files.createDirectories(dir);
        if (!Files.exists(file) || Files.size(file) != bytes.length) {
            Files.write(file, bytes);
        }
        return bytes;
    }

    /**
     * Writes every workload's file into the folder given as the only argument ({@code bench/render-run} uses it).
     *
     * @param args the folder
     * @throws IOException when a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        for (Workload w : values()) {
            w.writeTo(Path.of(args[0]));
        }
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
