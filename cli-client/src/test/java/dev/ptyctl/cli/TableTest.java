package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableTest {
    private static final List<List<String>> ROWS = List.of(
            List.of("ID", "STATE", "COMMAND", "TITLE"),
            List.of("a1", "running", "python3 -m http.server 8080 --directory /srv/www", "serving /srv/www on 8080"),
            List.of("b2", "exited 0", "vim", ""));

    private static List<String> print(List<List<String>> rows, OptionalInt width) {
        StringWriter out = new StringWriter();
        try (PrintWriter writer = new PrintWriter(out)) {
            Table.print(writer, rows, width, Set.of(2, 3));
        }
        return out.toString().lines().toList();
    }

    @Test
    void withoutAScreenWidthEveryValueIsWhole() {
        assertThat(print(ROWS, OptionalInt.empty())).containsExactly(
                "ID  STATE     COMMAND                                           TITLE",
                "a1  running   python3 -m http.server 8080 --directory /srv/www  serving /srv/www on 8080",
                "b2  exited 0  vim");
    }

    @Test
    void onANarrowScreenTheFreeTextColumnsAreCutWidestFirstAndEachLineFits() {
        List<String> lines = print(ROWS, OptionalInt.of(60));

        assertThat(lines).as("COMMAND down to TITLE's width, then both in turn").containsExactly(
                "ID  STATE     COMMAND                 TITLE",
                "a1  running   python3 -m http.serve\u2026  serving /srv/www on 8\u2026",
                "b2  exited 0  vim");
        assertThat(lines).allSatisfy(line -> assertThat(Table.width(line)).isLessThanOrEqualTo(60));
        assertThat(print(ROWS, OptionalInt.of(45))).containsExactly(
                "ID  STATE     COMMAND         TITLE",
                "a1  running   python3 -m ht\u2026  serving /srv/w\u2026",
                "b2  exited 0  vim");
    }

    @Test
    void theFixedColumnsAreNeverCutEvenWhenTheyAloneAreWiderThanTheScreen() {
        assertThat(print(ROWS, OptionalInt.of(20)).get(1)).startsWith("a1  running   python3\u2026  serving\u2026");
    }

    @Test
    void wideCharactersAreAlignedByTheCellsTheyTakeAndCutWithoutSplittingOne() {
        List<List<String>> rows = List.of(List.of("ID", "STATE", "COMMAND", "TITLE"),
                List.of("a1", "running", "\u65e5\u672c\u8a9e\u306e\u30d5\u30a1\u30a4\u30eb", "x"),
                List.of("b2", "running", "ls", "y"));

        assertThat(print(rows, OptionalInt.empty())).containsExactly(
                "ID  STATE    COMMAND           TITLE",
                "a1  running  \u65e5\u672c\u8a9e\u306e\u30d5\u30a1\u30a4\u30eb  x",
                "b2  running  ls                y");
        assertThat(print(rows, OptionalInt.of(30))).as("a wide character that would not fit whole is left out")
                .containsExactly(
                        "ID  STATE    COMMAND     TITLE",
                        "a1  running  \u65e5\u672c\u8a9e\u306e\u2026   x",
                        "b2  running  ls          y");
    }

    @Test
    void controlCharactersAreShownEscapedSoThatARowStaysOneLine() {
        assertThat(Table.printable("sh -c 'echo a\nb'\t\u001b[31m\u0007\u009b")).isEqualTo(
                "sh -c 'echo a\\nb'\\t\\e[31m\\x07\\x9b");
        assertThat(Table.printable("plain")).isEqualTo("plain");
    }
}
