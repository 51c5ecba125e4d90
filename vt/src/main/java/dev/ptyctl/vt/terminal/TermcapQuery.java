package dev.ptyctl.vt.terminal;

import java.nio.charset.StandardCharsets;
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
     * The capabilities answered: the terminal's name and colour count, and the strings the keys send
     * with cursor keys in normal mode, by terminfo and by termcap name, as xterm-256color's terminfo
     * entry gives them.
     */
    private static final Map<String, String> CAPABILITIES = Map.ofEntries(
        Map.entry("TN", "xterm-256color"), Map.entry("name", "xterm-256color"),
        Map.entry("Co", "256"), Map.entry("colors", "256"),
        Map.entry("kcuu1", "\u001bOA"), Map.entry("ku", "\u001bOA"),
        Map.entry("kcud1", "\u001bOB"), Map.entry("kd", "\u001bOB"),
        Map.entry("kcuf1", "\u001bOC"), Map.entry("kr", "\u001bOC"),
        Map.entry("kcub1", "\u001bOD"), Map.entry("kl", "\u001bOD"),
        Map.entry("khome", "\u001bOH"), Map.entry("kh", "\u001bOH"),
        Map.entry("kend", "\u001bOF"), Map.entry("@7", "\u001bOF"),
        Map.entry("kich1", "\u001b[2~"), Map.entry("kI", "\u001b[2~"),
        Map.entry("kdch1", "\u001b[3~"), Map.entry("kD", "\u001b[3~"),
        Map.entry("kpp", "\u001b[5~"), Map.entry("kP", "\u001b[5~"),
        Map.entry("knp", "\u001b[6~"), Map.entry("kN", "\u001b[6~"),
        Map.entry("kbs", "\u007f"), Map.entry("kb", "\u007f"),
        Map.entry("kf1", "\u001bOP"), Map.entry("k1", "\u001bOP"),
        Map.entry("kf2", "\u001bOQ"), Map.entry("k2", "\u001bOQ"),
        Map.entry("kf3", "\u001bOR"), Map.entry("k3", "\u001bOR"),
        Map.entry("kf4", "\u001bOS"), Map.entry("k4", "\u001bOS"),
        Map.entry("kf5", "\u001b[15~"), Map.entry("k5", "\u001b[15~"),
        Map.entry("kf6", "\u001b[17~"), Map.entry("k6", "\u001b[17~"),
        Map.entry("kf7", "\u001b[18~"), Map.entry("k7", "\u001b[18~"),
        Map.entry("kf8", "\u001b[19~"), Map.entry("k8", "\u001b[19~"),
        Map.entry("kf9", "\u001b[20~"), Map.entry("k9", "\u001b[20~"),
        Map.entry("kf10", "\u001b[21~"), Map.entry("k;", "\u001b[21~"),
        Map.entry("kf11", "\u001b[23~"), Map.entry("F1", "\u001b[23~"),
        Map.entry("kf12", "\u001b[24~"), Map.entry("F2", "\u001b[24~"));

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

    private static String decode(String hexName) {
        try {
            return new String(HEX.parseHex(hexName), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
