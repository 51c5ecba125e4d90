package dev.ptyctl.cli.render;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What kind of recording an input is, decided from its first line alone so that the rest can be
 * streamed:
 * <ul>
 *   <li>{@link Kind#ASCIICAST}: the first line is a JSON object with a numeric {@code "version"}
 *       (the asciicast header; {@link AsciicastReader} insists on version 2);</li>
 *   <li>{@link Kind#TYPESCRIPT}: the first line starts with {@code "Script started on "}, the header
 *       util-linux {@code script} writes. Its {@code COLUMNS="N" LINES="N"} fields, when present and
 *       in range, give the size the session ran at;</li>
 *   <li>{@link Kind#RAW}: anything else, fed byte for byte.</li>
 * </ul>
 *
 * @param kind the kind
 * @param headerBytes bytes to skip before the content: the typescript header line and its newline
 * @param cols width recorded in a typescript header, if any
 * @param rows height recorded in a typescript header, if any
 */
public record RecordingFormat(Kind kind, int headerBytes, OptionalInt cols, OptionalInt rows) {

    /** The kinds of input {@code render} reads. */
    public enum Kind {
        /** Program output as it came from the PTY. */
        RAW,
        /** A {@code script} typescript: raw output between a header line and a trailer line. */
        TYPESCRIPT,
        /** An asciicast file: a JSON header line, then one JSON event per line. */
        ASCIICAST
    }

    /**
     * The longest first line looked at. An asciicast header or a {@code script} header is far
     * shorter; a first line longer than this is program output, so the input is raw.
     */
    static final int FIRST_LINE_LIMIT = 64 * 1024;
    private static final byte[] SCRIPT_HEADER = "Script started on ".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern SCRIPT_SIZE = Pattern.compile("\\b(COLUMNS|LINES)=\"(\\d{1,4})\"");
    private static final int MAX_SIZE = 1000;

    /**
     * Looks at the first line of {@code in} and rewinds it, so the caller reads the input from its
     * first byte.
     *
     * @param in the input; must support mark/reset with at least {@link #FIRST_LINE_LIMIT} bytes
     * @return the format
     * @throws IOException when reading fails
     */
    public static RecordingFormat detect(BufferedInputStream in) throws IOException {
        in.mark(FIRST_LINE_LIMIT + 1);
        byte[] head = in.readNBytes(FIRST_LINE_LIMIT);
        in.reset();
        int newline = indexOf(head, (byte) '\n');
        if (newline < 0 && head.length == FIRST_LINE_LIMIT) {
            return raw();
        }
        byte[] firstLine = Arrays.copyOf(head, newline < 0 ? head.length : newline);
        if (startsWith(firstLine, SCRIPT_HEADER)) {
            return typescript(firstLine, newline < 0 ? head.length : newline + 1);
        }
        if (isAsciicastHeader(new String(firstLine, StandardCharsets.UTF_8))) {
            return new RecordingFormat(Kind.ASCIICAST, 0, OptionalInt.empty(), OptionalInt.empty());
        }
        return raw();
    }

    private static RecordingFormat raw() {
        return new RecordingFormat(Kind.RAW, 0, OptionalInt.empty(), OptionalInt.empty());
    }

    private static RecordingFormat typescript(byte[] header, int headerBytes) {
        OptionalInt cols = OptionalInt.empty();
        OptionalInt rows = OptionalInt.empty();
        // COLUMNS="-1" (no terminal) does not match; "0" or "5000" are out of range and ignored.
        Matcher m = SCRIPT_SIZE.matcher(new String(header, StandardCharsets.UTF_8));
        while (m.find()) {
            int value = Integer.parseInt(m.group(2));
            if (value >= 1 && value <= MAX_SIZE) {
                if (m.group(1).equals("COLUMNS")) {
                    cols = OptionalInt.of(value);
                } else {
                    rows = OptionalInt.of(value);
                }
            }
        }
        return new RecordingFormat(Kind.TYPESCRIPT, headerBytes, cols, rows);
    }

    private static boolean isAsciicastHeader(String line) {
        String trimmed = (line.startsWith("\uFEFF") ? line.substring(1) : line).strip();
        if (!trimmed.startsWith("{")) {
            return false;
        }
        try {
            JsonValue value = JsonSupport.parseValue(trimmed);
            return value instanceof JsonObject header && header.get("version") instanceof JsonNumber;
        } catch (JsonException | IllegalStateException e) {
            return false;
        }
    }

    static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
