package dev.ptyctl.vt.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/emulator.md's tables of supported sequences cannot drift from the code: every mnemonic of
 * the escape and control sequence tables is registered in {@link Emulator}'s constructor and every
 * registration is in the tables; the mode table lists exactly the {@link Mode} table; the OSC rows
 * list exactly what {@link OscOps} handles.
 */
class DocsTableTest {
    /** Rows of the escape sequence table that are not registrations: SCS is recognised by its intermediates. */
    private static final Set<String> UNREGISTERED_ESCAPES = Set.of("SCS");

    private static final Emulator EMULATOR = new Emulator(10, 2, 0);

    private static List<String> section(String heading) throws IOException {
        Path docs = docs();
        List<String> lines = Files.readAllLines(docs);
        int start = lines.indexOf(heading);
        assertThat(start).as("%s in %s", heading, docs).isNotNegative();
        List<String> rows = new ArrayList<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            String line = lines.get(i);
            if (line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| mnemonic")
                && !line.startsWith("| mode") && !line.startsWith("| parameters")) {
                rows.add(line.substring(2, line.indexOf(" |", 1)).trim());
            }
        }
        return rows;
    }

    private static Path docs() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("docs").resolve("emulator.md");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("docs/emulator.md not found above " + Path.of("").toAbsolutePath());
    }

    private static Set<String> mnemonics(List<String> firstColumns) {
        Set<String> names = new TreeSet<>();
        for (String cell : firstColumns) {
            for (String name : cell.split("[/,]")) {
                if (!name.isBlank()) {
                    names.add(name.trim());
                }
            }
        }
        return names;
    }

    private static Set<String> registered(String kind) {
        Set<String> names = new TreeSet<>();
        for (Emulator.SupportedSequence sequence : EMULATOR.supportedSequences()) {
            if (sequence.kind().equals(kind)) {
                names.addAll(List.of(sequence.mnemonic().split("/")));
            }
        }
        return names;
    }

    @Test
    void theControlSequenceTableListsExactlyTheRegisteredCsiSequences() throws IOException {
        assertThat(mnemonics(section("### Control sequences"))).isEqualTo(registered("CSI"));
    }

    @Test
    void theEscapeSequenceTableListsExactlyTheRegisteredEscSequences() throws IOException {
        Set<String> documented = mnemonics(section("### Escape sequences"));
        documented.removeAll(UNREGISTERED_ESCAPES);
        assertThat(documented).isEqualTo(registered("ESC"));
    }

    @Test
    void theModeTableListsExactlyTheModeTable() throws IOException {
        Set<String> documented = new TreeSet<>();
        Pattern mode = Pattern.compile("(\\?)?(\\d+)( \\(ANSI\\))?");
        for (String cell : section("### Modes")) {
            for (String part : cell.split(",")) {
                Matcher m = mode.matcher(part.trim());
                assertThat(m.matches()).as("mode cell '%s'", cell).isTrue();
                documented.add((m.group(1) != null ? "?" : "") + m.group(2));
            }
        }
        Set<String> table = new TreeSet<>();
        for (Mode m : Mode.values()) {
            table.add((m.dec() ? "?" : "") + m.number());
        }
        assertThat(documented).isEqualTo(table);
    }

    @Test
    void theOscRowsListExactlyTheHandledCommands() throws IOException {
        Set<Integer> documented = new TreeSet<>();
        for (String cell : section("### Strings")) {
            if (cell.startsWith("OSC ")) {
                for (String number : cell.substring(4).split(",")) {
                    documented.add(Integer.parseInt(number.trim()));
                }
            }
        }
        assertThat(documented).isEqualTo(new TreeSet<>(OscOps.COMMANDS));
    }
}
