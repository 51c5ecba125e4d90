package dev.ptyctl.vt.terminal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * XTGETTCAP, {@code DCS + q Pt ST}: a program asks for terminfo (or termcap) capabilities by name,
 * hex-encoded and separated by {@code ;}. Answered from ptyctl's own {@code xterm-256color}
 * description (the {@code TERM} hosted programs get) as xterm answers: {@code DCS 1 + r name=value ST}
 * with name and value hex-encoded, all names in one reply separated by {@code ;}; a name it does not
 * know ends the reply, which is then {@code DCS 0 + r name ST}.
 */
final class TermcapQuery {
    /**
     * The capabilities answered, by terminfo and by termcap name: the table in {@code
     * xterm-256color-capabilities.txt} beside this class, which the web page bundles too (it answers
     * XTGETTCAP with the same table while it answers queries).
     */
    private static final Map<String, String> CAPABILITIES = load("xterm-256color-capabilities.txt");

    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private TermcapQuery() {
    }

    /**
     * The reply to one request.
     *
     * @param request the string after {@code DCS + q}: hex-encoded names separated by {@code ;}
     * @return the whole reply, {@code DCS ... ST}
     */
    static String answer(String request) {
        StringBuilder found = new StringBuilder();
        for (String hexName : request.split(";", -1)) {
            String value = CAPABILITIES.get(decode(hexName));
            if (value == null) {
                return "\u001bP0+r" + hexName + "\u001b\\";
            }
            if (!found.isEmpty()) {
                found.append(';');
            }
            found.append(hexName).append('=').append(HEX.formatHex(value.getBytes(StandardCharsets.UTF_8)));
        }
        return "\u001bP1+r" + found + "\u001b\\";
    }

    private static Map<String, String> load(String resource) {
        try (InputStream in = TermcapQuery.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the vt jar");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            Map<String, String> capabilities = new HashMap<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.trim().split(" ");
                if (fields.length != 3) {
                    throw new IllegalStateException(resource + ": not 'terminfo termcap value': " + line);
                }
                String value = fields[2].replace("\\E", "\u001b").replace("^?", "\u007f");
                capabilities.put(fields[0], value);
                capabilities.put(fields[1], value);
            }
            return Map.copyOf(capabilities);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String decode(String hexName) {
        try {
            return new String(HEX.parseHex(hexName), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
