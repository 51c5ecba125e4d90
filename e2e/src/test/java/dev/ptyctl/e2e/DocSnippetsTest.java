package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.TerminalSize;
import dev.ptyctl.client.dsl.TerminalAssertionError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of docs/sdk.md and docs/testing.md is a region of a test source between {@code // tag::NAME[]}
 * and {@code // end::NAME[]}, verbatim (indentation aside): so every snippet compiles and runs in the e2e suite.
 * And every tagged region appears in a page, so none is left behind when the page changes.
 */
class DocSnippetsTest {
    private static final List<Path> PAGES = List.of(Ptyctl.ROOT.resolve("docs/sdk.md"), Ptyctl.ROOT.resolve("docs/testing.md"));
    private static final Path SOURCES = Ptyctl.ROOT.resolve("e2e/src/test/java");

    @Test
    void everyJavaBlockOfTheSdkAndTestingGuidesIsTestedCode() throws IOException {
        Map<String, String> snippets = snippets();
        assertThat(snippets).as("tagged regions under %s", SOURCES).hasSizeGreaterThan(10);
        List<String> used = new ArrayList<>();
        for (Path page : PAGES) {
            List<String> blocks = javaBlocks(page);
            assertThat(blocks).as("java blocks in %s", page).isNotEmpty();
            for (String block : blocks) {
                String name = snippets.entrySet().stream().filter(e -> e.getValue().equals(block)).map(Map.Entry::getKey)
                        .findFirst().orElse(null);
                assertThat(name).as("this block of %s is no tagged region of a test under %s:\n%s", page.getFileName(),
                        SOURCES, block).isNotNull();
                used.add(name);
            }
        }
        assertThat(used).as("tagged regions shown in the pages").containsAll(snippets.keySet());
    }

    @Test
    void theFailureMessageShownInTheTestingGuideIsWhatTheDslPrints() throws IOException {
        Screen screen = new Screen("$ make test\nRunning 12 tests\n$\n", new Cursor(3, 3), new TerminalSize(80, 24));
        String message = new TerminalAssertionError("expected the screen to contain \"PASSED\" within 30 s", screen)
                .getMessage();
        assertThat(Files.readString(PAGES.get(1))).contains("```text\n" + message + "\n```");
    }

    @Test
    void theSnapshotShownInTheTestingGuideIsTheGoldenFileOfItsTest() throws IOException {
        String golden = Files.readString(SOURCES.resolve(
                "dev/ptyctl/e2e/docs/__snapshots__/TodoAppTest.spaceTicksTheSelectedItem.snap"));
        assertThat(Files.readString(PAGES.get(1))).contains("test above:\n\n```text\n" + golden + "```\n");
    }

    @Test
    void theTestingGuidesSetUpNamesTheVersionsThisCheckoutBuilds() throws IOException {
        String pom = Files.readString(Ptyctl.ROOT.resolve("pom.xml"));
        String guide = Files.readString(PAGES.get(1));
        assertThat(guide).as("the SDK's version in the set-up block")
                .contains("<artifactId>ptyctl-client-sdk</artifactId>\n  <version>" + element(pom, "version") + "</version>");
        assertThat(guide).as("JUnit's version in the set-up block")
                .contains("<artifactId>junit-jupiter</artifactId>\n  <version>" + element(pom, "junit.version") + "</version>");
    }

    /** The text of the first {@code <name>} element of {@code xml} (the project's own comes before its modules'). */
    private static String element(String xml, String name) {
        int start = xml.indexOf("<" + name + ">", xml.indexOf("<artifactId>")) + name.length() + 2;
        return xml.substring(start, xml.indexOf("</" + name + ">", start));
    }

    /** The tagged regions of every test source, dedented, by name. */
    static Map<String, String> snippets() throws IOException {
        Map<String, String> snippets = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).strip();
                    if (line.startsWith("// tag::") && line.endsWith("[]")) {
                        String name = line.substring("// tag::".length(), line.length() - 2);
                        int end = i + 1;
                        while (!lines.get(end).strip().equals("// end::" + name + "[]")) {
                            end++;
                        }
                        String previous = snippets.put(name, dedent(lines.subList(i + 1, end)));
                        assertThat(previous).as("tag %s is used twice (%s)", name, file).isNull();
                    }
                }
            }
        }
        return snippets;
    }

    private static List<String> javaBlocks(Path page) throws IOException {
        List<String> blocks = new ArrayList<>();
        List<String> lines = Files.readAllLines(page);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("```java")) {
                int end = i + 1;
                while (!lines.get(end).equals("```")) {
                    end++;
                }
                blocks.add(dedent(lines.subList(i + 1, end)));
                i = end;
            }
        }
        return blocks;
    }

    private static String dedent(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
        }
        return text.toString();
    }
}
