package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.parser.Params;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * xterm's title modes, set by XTSMTITLE ({@code CSI > Pm t}) and reset by XTRMTITLE ({@code CSI > Pm T}):
 * 0 titles set with OSC 0/1/2 are hex-encoded, 1 title reports (XTWINOPS 20/21) are hex-encoded, 2 and
 * 3 the same for UTF-8 (which ptyctl always uses: recorded only). All off by default, as in xterm.
 */
final class TitleModes {
    private boolean setHex;
    private boolean queryHex;

    /**
     * XTSMTITLE ({@code on}) or XTRMTITLE: each parameter given turns its mode on or off, and an omitted one changes
     * nothing, as in xterm (charproc.c, CASE_SM_TITLE / CASE_RM_TITLE skip a DEFAULT parameter). So {@code CSI > T}
     * and {@code CSI > t} change nothing, and {@code CSI > ; 1 t} sets mode 1 only. xterm's branch that resets every
     * mode when there is no parameter at all is never taken: its parser hands every CSI at least one parameter.
     */
    void set(Params p, boolean on) {
        for (int i = 0; i < p.length(); i++) {
            if (p.omitted(i)) {
                continue;
            }
            switch (p.get(i)) {
                case 0 -> setHex = on;
                case 1 -> queryHex = on;
                default -> {
                    // 2, 3: UTF-8 titles, always the case here
                }
            }
        }
    }

    void reset() {
        setHex = false;
        queryHex = false;
    }

    boolean queryHex() {
        return queryHex;
    }

    /** The title an OSC 0/1/2 payload sets: hex-decoded in hex mode (left as sent when it is not hex). */
    String decode(String payload) {
        if (!setHex) {
            return payload;
        }
        try {
            return new String(HexFormat.of().parseHex(payload), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return payload;
        }
    }

    static String hex(String text) {
        return HexFormat.of().withUpperCase().formatHex(text.getBytes(StandardCharsets.UTF_8));
    }
}
