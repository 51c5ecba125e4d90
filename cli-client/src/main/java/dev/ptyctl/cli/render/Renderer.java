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
 * streamed: raw bytes in {@link #CHUNK}-sized reads, asciicast one line at a time, so memory does not
 * grow with the file. Query replies the emulator produces are discarded (the terminal has no reply
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
        for (int n = in.readNBytes(buffer, 0, CHUNK); n > 0; n = in.readNBytes(buffer, 0, CHUNK)) {
            if (trailer != null) {
                trailer.accept(buffer, 0, n);
            } else {
                terminal.feed(buffer, 0, n);
            }
        }
        if (trailer != null) {
            trailer.finish();
        }
        return terminal;
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
