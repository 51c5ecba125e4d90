package dev.ptyctl.vt.terminal;

import dev.ptyctl.vt.PromptMark;
import dev.ptyctl.vt.screen.Extras;
import dev.ptyctl.vt.screen.Line;
import java.util.OptionalInt;

/**
 * Operating system commands, {@code OSC Ps ; Pt ST}. The command number is the digits before the
 * first {@code ;}; a payload whose number is missing or not all digits is ignored, as in xterm.js.
 * Implemented: 0 (title and icon name), 1 (icon name), 2 (title), 4 and 104 (palette), 5 and 105
 * (special colours), 7 (working directory), 8 (hyperlink), 10 to 19 and 110 to 119 (dynamic colours),
 * 133 (prompt marks); 52 (clipboard) is ignored on purpose and counted.
 */
final class OscOps {
    /** The OSC commands handled (docs/emulator.md lists the same; a test checks). */
    static final java.util.Set<Integer> COMMANDS = java.util.Set.of(0, 1, 2, 4, 5, 7, 8, 10, 11, 12, 13, 14, 15, 16,
        17, 18, 19, 52, 104, 105, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 133);

    /** Longest command number accepted; real ones have at most 4 digits. */
    private static final int MAX_COMMAND_DIGITS = 9;

    private final TerminalState t;

    OscOps(TerminalState t) {
        this.t = t;
    }

    void dispatch(String payload) {
        int semicolon = payload.indexOf(';');
        int idEnd = semicolon < 0 ? payload.length() : semicolon;
        if (idEnd == 0 || idEnd > MAX_COMMAND_DIGITS) {
            t.unknown.record("OSC without number");
            return;
        }
        int command = 0;
        for (int i = 0; i < idEnd; i++) {
            char c = payload.charAt(i);
            if (c < '0' || c > '9') {
                t.unknown.record("OSC without number");
                return;
            }
            command = command * 10 + (c - '0');
        }
        String data = semicolon < 0 ? "" : payload.substring(semicolon + 1);
        switch (command) {
            case 0 -> {
                t.title = t.titleModes.decode(data);
                t.iconName = t.title;
            }
            case 1 -> t.iconName = t.titleModes.decode(data);
            case 2 -> t.title = t.titleModes.decode(data);
            case 4 -> palette(data, 0, 4);
            case 5 -> palette(data, Colors.SPECIAL, 5);
            case 7 -> t.workingDirectory = data;
            case 8 -> hyperlink(data);
            case 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 -> dynamicColors(data, command);
            case 52 -> t.unknown.record("OSC 52 (clipboard, ignored)");
            case 104 -> resetPalette(data, 0, Colors.SPECIAL + Colors.SPECIAL_COUNT);
            case 105 -> resetPalette(data, Colors.SPECIAL, Colors.SPECIAL_COUNT);
            case 110, 111, 112, 113, 114, 115, 116, 117, 118, 119 -> t.colors.reset(Colors.DYNAMIC + command - 110);
            case 133 -> promptMark(data);
            default -> t.unknown.record("OSC " + command);
        }
    }

    /**
     * OSC 4 ; c ; spec [; c ; spec ...]: sets palette colour c (256 and up: the special colours), or
     * with spec {@code ?} replies {@code OSC 4 ; c ; rgb:rrrr/gggg/bbbb ST}; OSC 5 ; c ; spec does the
     * same for special colour c. Pairs with a bad index or colour are skipped.
     */
    private void palette(String data, int base, int command) {
        String[] slots = data.split(";", -1);
        for (int i = 0; i + 1 < slots.length; i += 2) {
            int number = parseIndex(slots[i]);
            int index = base + number;
            if (number < 0 || index >= Colors.SPECIAL + Colors.SPECIAL_COUNT) {
                continue;
            }
            if (slots[i + 1].equals("?")) {
                t.reply("\u001b]" + command + ";" + number + ";" + Colors.report(t.colors.get(index)) + "\u001b\\");
            } else {
                int rgb = Colors.parse(slots[i + 1]);
                if (rgb >= 0) {
                    t.colors.set(index, rgb);
                }
            }
        }
    }

    /**
     * OSC 10 to 19 ; spec [; spec ...]: xterm's dynamic colours (10 default foreground, 11 background,
     * 12 cursor, 13/14 pointer, 15/16 Tektronix, 17 highlight background, 18 Tektronix cursor, 19
     * highlight foreground); each further spec goes to the next one, as in xterm. {@code ?} replies with
     * the colour.
     */
    private void dynamicColors(String data, int command) {
        String[] slots = data.split(";", -1);
        for (int i = 0; i < slots.length && command + i <= 19; i++) {
            int index = Colors.DYNAMIC + command - 10 + i;
            if (slots[i].equals("?")) {
                t.reply("\u001b]" + (command + i) + ";" + Colors.report(t.colors.get(index)) + "\u001b\\");
            } else {
                int rgb = Colors.parse(slots[i]);
                if (rgb >= 0) {
                    t.colors.set(index, rgb);
                }
            }
        }
    }

    /**
     * OSC 104 [; c ...] (palette, special colours from 256) and OSC 105 [; c ...] (special colours):
     * back to the theme's, all of them without a parameter.
     */
    private void resetPalette(String data, int base, int count) {
        if (data.isEmpty()) {
            for (int index = base; index < base + count; index++) {
                t.colors.reset(index);
            }
            return;
        }
        for (String slot : data.split(";")) {
            int number = parseIndex(slot);
            if (number >= 0 && number < count) {
                t.colors.reset(base + number);
            }
        }
    }

    private static int parseIndex(String text) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        int index = Integer.parseInt(text);
        return index < Colors.SPECIAL + Colors.SPECIAL_COUNT ? index : -1;
    }

    /**
     * OSC 133 ; A | B | C | D [; exit code] [; key=value ...]: shell-integration marks, passed to
     * the prompt listener with the cursor's row; A marks the cursor's line as a prompt's, D gives that line its
     * command's exit code (the vt serialization carries both). Unknown kinds are counted.
     */
    private void promptMark(String data) {
        String[] fields = data.split(";", -1);
        PromptMark.Kind kind = switch (fields[0]) {
            case "A" -> PromptMark.Kind.PROMPT_START;
            case "B" -> PromptMark.Kind.COMMAND_START;
            case "C" -> PromptMark.Kind.COMMAND_EXECUTED;
            case "D" -> PromptMark.Kind.COMMAND_FINISHED;
            default -> null;
        };
        if (kind == null) {
            t.unknown.record("OSC 133 " + fields[0]);
            return;
        }
        OptionalInt exitCode = OptionalInt.empty();
        if (kind == PromptMark.Kind.COMMAND_FINISHED && fields.length > 1 && fields[1].matches("-?\\d{1,9}")) {
            exitCode = OptionalInt.of(Integer.parseInt(fields[1]));
        }
        int row = t.active.cursor().row();
        if (kind == PromptMark.Kind.PROMPT_START) {
            t.lastPromptLine = t.active.line(row);
            t.lastPromptLine.markPrompt(t.active.cursor().col());
        } else if (kind == PromptMark.Kind.COMMAND_FINISHED && exitCode.isPresent()) {
            Line prompt = lastPromptLine();
            if (prompt != null) {
                prompt.markExitCode(exitCode.getAsInt());
            }
        }
        t.promptMark(new PromptMark(kind, exitCode, row, t.active.scrollback().size() + row));
    }

    /**
     * The line holding the last prompt's mark, for its command's exit code. Usually the line A marked; when that line
     * lost the mark (a resize reflowed its wrapped group and the mark moved with the prompt's text to another row, or
     * the line left the scrollback and was reused), the nearest marked line above the cursor, looked for once.
     */
    private Line lastPromptLine() {
        Line line = t.lastPromptLine;
        if (line == null || line.promptMark() != 0) {
            return line;
        }
        t.lastPromptLine = null;
        if (t.active != t.main) {
            return null;
        }
        for (int i = t.main.scrollback().size() + t.main.cursor().row(); i >= 0; i--) {
            Line each = t.main.lineAtBufferIndex(i);
            if (each.promptMark() != 0) {
                return each;
            }
        }
        return null;
    }

    /**
     * OSC 8 ; params ; uri: cells printed from now on link to {@code uri} (params may hold
     * {@code id=...}, other keys are ignored); an empty uri closes the link. As in xterm.js, the uri
     * is everything after the second field's {@code ;} (it may contain more), a payload without
     * {@code ;} is ignored, and so is an empty uri with parameters.
     */
    private void hyperlink(String data) {
        int semicolon = data.indexOf(';');
        if (semicolon < 0) {
            t.unknown.record("OSC 8 malformed");
            return;
        }
        String params = data.substring(0, semicolon).strip();
        String uri = data.substring(semicolon + 1);
        if (uri.isEmpty()) {
            if (params.isEmpty()) {
                t.extra = Extras.withLink(t.extra, 0);
            } else {
                t.unknown.record("OSC 8 malformed");
            }
            return;
        }
        String id = "";
        for (String param : params.split(":", -1)) {
            if (param.startsWith("id=")) {
                id = param.substring(3);
                break;
            }
        }
        t.extra = Extras.withLink(t.extra, t.links.intern(id, uri, t::collectLinks));
    }
}
