package dev.ptyctl.bench;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * The four byte streams the emulator is measured on. Each is generated from a fixed seed, so every run (and the
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
    };

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

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
