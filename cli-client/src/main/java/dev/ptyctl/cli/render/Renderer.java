package dev.ptyctl.cli.render;

import dev.ptyctl.vt.Terminal;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;

/**
 * Feeds a recording to a fresh {@link Terminal} and returns it in its final state. The input is
 * streamed: raw bytes in {@link #CHUNK}-sized reads, each fed up to its last line end, asciicast one line at a time,
 * so memory does not grow with the file. Query replies the emulator produces are discarded (the terminal has no reply
 * sink).
 *
 * <pre>{@code
 * Terminal t = Renderer.render(in, "session.cast", new Renderer.Settings(OptionalInt.empty(), OptionalInt.empty(), 10_000));
 * String screen = TextSerializer.screen(t);
 * }</pre>
 */
public final class Renderer {
    /**
     * Bytes read and fed per call: large enough that per-call costs vanish next to the emulator's,
     * small enough to stay in cache; the same size the benchmark feeds.
     */
    public static final int CHUNK = 64 * 1024;
    /** Most bytes a read carries over to the next one (see {@link #afterLastLineFeed}). */
    private static final int CARRY_LIMIT = 4 * 1024;
    /** Width when neither the command line nor the recording gives one (SPEC section 7). */
    public static final int DEFAULT_COLS = 100;
    /** Height when neither the command line nor the recording gives one (SPEC section 7). */
    public static final int DEFAULT_ROWS = 30;
    /** Smallest width or height the emulator accepts. */
    public static final int MIN_SIZE = Terminal.MIN_SIZE;
    /** Largest width or height the emulator accepts. */
    public static final int MAX_SIZE = Terminal.MAX_SIZE;

    /**
     * How to render.
     *
     * @param cols width that replaces the recording's, 1..1000
     * @param rows height that replaces the recording's, 1..1000
     * @param scrollbackLines lines kept above the screen, at least 0
     */
    public record Settings(OptionalInt cols, OptionalInt rows, int scrollbackLines) {
    }

    private Renderer() {
    }

    /**
     * Renders a raw capture, a {@code script} typescript or an asciicast v2 file, told apart by
     * {@link RecordingFormat#detect}. Does not close {@code in}.
     *
     * @param in the recording
     * @param name what to call it in messages
     * @param settings size and scrollback
     * @return the terminal after the whole recording
     * @throws RenderException when the recording is invalid
     * @throws IOException when reading fails
     */
    public static Terminal render(InputStream in, String name, Settings settings)
            throws IOException, RenderException {
        BufferedInputStream buffered = new BufferedInputStream(in, CHUNK);
        RecordingFormat format = RecordingFormat.detect(buffered);
        return switch (format.kind()) {
            case ASCIICAST -> renderAsciicast(buffered, name, settings);
            case TYPESCRIPT, RAW -> renderBytes(buffered, format, name, settings);
        };
    }

    private static Terminal renderBytes(InputStream in, RecordingFormat format, String name, Settings settings)
            throws IOException, RenderException {
        Terminal terminal = newTerminal(name, settings, format.cols(), format.rows());
        in.skipNBytes(format.headerBytes());
        boolean typescript = format.kind() == RecordingFormat.Kind.TYPESCRIPT;
        TypescriptTrailerFilter trailer = typescript ? new TypescriptTrailerFilter(terminal::feed) : null;
        byte[] buffer = new byte[CHUNK];
        int kept = 0;
        for (int n; (n = in.readNBytes(buffer, kept, CHUNK - kept)) > 0 || kept > 0; ) {
            int length = kept + n;
            int cut = length == CHUNK ? afterLastLineFeed(buffer, length) : length; // the last read takes all
            if (trailer != null) {
                trailer.accept(buffer, 0, cut);
            } else {
                terminal.feed(buffer, 0, cut);
            }
            kept = length - cut;
            System.arraycopy(buffer, cut, buffer, 0, kept);
        }
        if (trailer != null) {
            trailer.finish();
        }
        return terminal;
    }

    /**
     * Where a full buffer is fed up to: after its last line feed when one is in the last {@link #CARRY_LIMIT} bytes
     * (the rest is fed with the next read), else all of it. Output rarely has a sequence or a character cut by a line
     * end, while a cut at a fixed size cuts one in most reads; the emulator's result is the same either way, but its
     * compiled code is not: each of its fast paths stops at the end of the input, and the first such stop after C2
     * compiled one sends it back to slower code until it is compiled again. Cutting at line ends, tiered as render
     * runs it, the feeding rate from 8 MiB on (median of 10 fresh JVMs, 32 MiB files) went from 269 to 278 MiB/s on
     * SGR_LOG, 157 to 160 on TUI, 215 to 225 on UNICODE, 212 to 218 on COMBINING, 548 to 594 on ASCII, the slowest
     * of the ten from 200 to 250, 121 to 145, 188 to 211, 144 to 185, 433 to 414.
     */
    private static int afterLastLineFeed(byte[] buffer, int length) {
        for (int i = length - 1; i >= length - CARRY_LIMIT; i--) {
            if (buffer[i] == '\n') {
                return i + 1;
            }
        }
        return length;
    }

    private static Terminal renderAsciicast(InputStream in, String name, Settings settings)
            throws IOException, RenderException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), CHUNK);
        AsciicastReader reader = new AsciicastReader(lines, name);
        AsciicastReader.Header header = reader.readHeader();
        Terminal terminal = newTerminal(name, settings, header.cols(), header.rows());
        reader.readEvents(new AsciicastReader.Listener() {
            @Override
            public void output(String text) {
                terminal.feed(text.getBytes(StandardCharsets.UTF_8));
            }

            @Override
            public void resize(int cols, int rows) {
                terminal.resize(cols, rows);
            }
        });
        return terminal;
    }

    private static Terminal newTerminal(String name, Settings settings, OptionalInt recordedCols,
            OptionalInt recordedRows) throws RenderException {
        int cols = size(name, "width", "--cols", settings.cols(), recordedCols, DEFAULT_COLS);
        int rows = size(name, "height", "--rows", settings.rows(), recordedRows, DEFAULT_ROWS);
        return new Terminal(cols, rows, settings.scrollbackLines());
    }

    private static int size(String name, String what, String option, OptionalInt given, OptionalInt recorded,
            int fallback) throws RenderException {
        if (given.isPresent()) {
            return given.getAsInt();
        }
        int value = recorded.orElse(fallback);
        if (value < Terminal.MIN_SIZE || value > Terminal.MAX_SIZE) {
            throw new RenderException(name + ": recorded " + what + " " + value + " is outside "
                    + Terminal.MIN_SIZE + "-" + Terminal.MAX_SIZE + "; give " + option);
        }
        return value;
    }
}
