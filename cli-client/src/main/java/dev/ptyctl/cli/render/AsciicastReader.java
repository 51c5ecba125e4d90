package dev.ptyctl.cli.render;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an asciicast v2 file one line at a time: the header object on line 1, then one event per
 * line, {@code [time, code, data]}. Events are handed over in file order (the times are not used):
 * {@code "o"} output and {@code "r"} resize ({@code "COLSxROWS"}); {@code "i"} input, {@code "m"}
 * markers and codes this reader does not know are skipped, as the format asks players to do. Blank
 * lines are skipped. Every error names the file and the line.
 */
public final class AsciicastReader {

    /** What the events of a recording do. */
    public interface Listener {
        /**
         * The program wrote {@code text}.
         *
         * @param text the output, as decoded from the JSON string
         */
        void output(String text);

        /**
         * The terminal was resized.
         *
         * @param cols new width, 1..1000
         * @param rows new height, 1..1000
         */
        void resize(int cols, int rows);
    }

    /**
     * Width and height from the header, positive but not range-checked.
     *
     * @param cols {@code width}, if the header has it
     * @param rows {@code height}, if the header has it
     */
    public record Header(OptionalInt cols, OptionalInt rows) {
    }

    private static final int MAX_SIZE = 1000;
    private static final Pattern RESIZE = Pattern.compile("(\\d{1,9})x(\\d{1,9})");

    private final BufferedReader lines;
    private final String name;
    private int lineNumber;

    /**
     * Creates a reader.
     *
     * @param lines the file's text, from its first line
     * @param name the file name, for messages
     */
    public AsciicastReader(BufferedReader lines, String name) {
        this.lines = lines;
        this.name = name;
    }

    /**
     * Reads line 1.
     *
     * @return the size it gives
     * @throws RenderException when it is not an asciicast v2 header
     * @throws IOException when reading fails
     */
    public Header readHeader() throws IOException, RenderException {
        String line = lines.readLine();
        lineNumber = 1;
        if (line == null) {
            throw error("empty file, expected an asciicast header");
        }
        if (line.startsWith("\uFEFF")) {
            line = line.substring(1);
        }
        if (!(parse(line) instanceof JsonObject header)) {
            throw error("expected the asciicast header object");
        }
        JsonValue version = header.get("version");
        if (!(version instanceof JsonNumber number) || !number.isIntegral() || number.intValue() != 2) {
            throw error("asciicast version " + version + " is not supported; only version 2 is read");
        }
        return new Header(dimension(header, "width"), dimension(header, "height"));
    }

    /**
     * Reads every event after the header and hands them to {@code listener}, in file order.
     *
     * @param listener receives output and resizes
     * @throws RenderException at the first line that is not a valid event
     * @throws IOException when reading fails
     */
    public void readEvents(Listener listener) throws IOException, RenderException {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (!line.isBlank()) {
                dispatch(line, listener);
            }
        }
    }

    private void dispatch(String line, Listener listener) throws RenderException {
        if (!(parse(line) instanceof JsonArray event) || event.size() < 3
                || !(event.get(0) instanceof JsonNumber)
                || !(event.get(1) instanceof JsonString code)
                || !(event.get(2) instanceof JsonString data)) {
            throw error("expected an event [time, code, data]");
        }
        switch (code.getString()) {
            case "o" -> listener.output(data.getString());
            case "r" -> resize(data.getString(), listener);
            default -> {
                // "i" (input), "m" (marker) and unknown codes do not change the screen.
            }
        }
    }

    private void resize(String size, Listener listener) throws RenderException {
        Matcher m = RESIZE.matcher(size);
        if (!m.matches()) {
            throw error("resize event \"" + size + "\" is not COLSxROWS");
        }
        int cols = Integer.parseInt(m.group(1));
        int rows = Integer.parseInt(m.group(2));
        if (cols < 1 || cols > MAX_SIZE || rows < 1 || rows > MAX_SIZE) {
            throw error("resize event \"" + size + "\": columns and rows must be 1-" + MAX_SIZE);
        }
        listener.resize(cols, rows);
    }

    private OptionalInt dimension(JsonObject header, String key) throws RenderException {
        JsonValue value = header.get(key);
        if (value == null) {
            return OptionalInt.empty();
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 1
                || number.longValue() > Integer.MAX_VALUE) {
            throw error("header " + key + " must be a positive integer, got " + value);
        }
        // The range the emulator accepts is checked where the size is used: --cols/--rows may replace it.
        return OptionalInt.of(number.intValue());
    }

    private JsonValue parse(String line) throws RenderException {
        try {
            return JsonSupport.parseValue(line);
        } catch (JsonException | IllegalStateException e) {
            throw error("not valid JSON");
        }
    }

    private RenderException error(String message) {
        return new RenderException(name + ":" + lineNumber + ": " + message);
    }
}
