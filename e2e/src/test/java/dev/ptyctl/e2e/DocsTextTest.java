package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the user-facing text says, where running it cannot tell: README.md, docs/ and the configuration file point
 * only to material a user of the repository has, their tables are whole, and the examples that once misled say what
 * the code does (the help texts are checked the same way by the CLI's {@code HelpTextsTest}).
 */
class DocsTextTest {
    private static final Path README = Ptyctl.ROOT.resolve("README.md");

    private static List<Path> userFacingFiles() throws IOException {
        List<Path> files = new ArrayList<>(List.of(README, Ptyctl.ROOT.resolve("config/application.yaml")));
        try (Stream<Path> docs = Files.list(Ptyctl.ROOT.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    @Test
    void nothingPointsToTheSpecificationOrTheBuildNotesUsersDoNotHave() throws IOException {
        List<Path> files = new ArrayList<>(userFacingFiles());
        // The shell integration scripts are loaded into users' shells, where their comments can be read.
        try (Stream<Path> scripts = Files.walk(Ptyctl.ROOT.resolve("service/src/main/resources/dev/ptyctl/service/shell"))) {
            scripts.filter(Files::isRegularFile).sorted().forEach(files::add);
        }
        for (Path file : files) {
            assertThat(Files.readString(file)).as("%s", Ptyctl.ROOT.relativize(file))
                    .doesNotContain("SPEC §", "SPEC section", "../shared", "BUILD-NOTES");
        }
    }

    @Test
    void noTableIsSplitByABlankLine() throws IOException {
        for (Path file : userFacingFiles()) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 2; i < lines.size(); i++) {
                boolean split = lines.get(i).startsWith("|") && lines.get(i - 1).isBlank()
                        && lines.get(i - 2).startsWith("|") && !lines.get(i + 1 < lines.size() ? i + 1 : i)
                        .startsWith("| ---");
                assertThat(split).as("%s line %d: a table row after a blank line (the table is cut in two)",
                        Ptyctl.ROOT.relativize(file), i + 1).isFalse();
            }
        }
    }

    @Test
    void theReadmeWaitsForTheCommandsOutputNotForTheEchoedCommandLine() throws IOException {
        String readme = Files.readString(README);
        assertThat(readme).contains("./ptyctl write --port 5174 --text 'echo hi' --key Enter")
                .contains("./ptyctl wait  --port 5174 --regex --match '^hi$'")
                .doesNotContain("--port 5174 --match hi ");
    }

    @Test
    void theExamplesRunAnywhereWithoutAMakefile() throws IOException {
        for (Path file : List.of(README, Ptyctl.ROOT.resolve("docs/cli.md"))) {
            assertThat(Files.readString(file)).as("%s", file.getFileName()).doesNotContain("-- make test");
        }
    }

    @Test
    void theSdkGuideNamesTheWebSocketClientTheAttachmentUses() throws IOException {
        assertThat(Files.readString(Ptyctl.ROOT.resolve("docs/sdk.md"))).contains("`internal.RawWebSocket`")
                .doesNotContain("the JDK's WebSocket client, which the attachment uses");
    }

    @Test
    void theWebSocketReferenceSays401ForAMissingOrWrongToken() throws IOException {
        assertThat(Files.readString(Ptyctl.ROOT.resolve("docs/protocol-websocket.md")))
                .contains("| 401 | the server has a token and the request has none or a wrong one")
                .doesNotContain("| 403 | the token is missing or wrong");
    }

    @Test
    void theRestReferenceShowsTheAnswerToAProgramThatIsNotFound() throws IOException {
        String rest = Files.readString(Ptyctl.ROOT.resolve("docs/rest.md"));
        assertThat(rest).contains("`command not found: vimm (not on the server PATH)`")
                .doesNotContain("`spawn_failed` | the program could not be started although the request was valid; "
                        + "the message says why: `command not found");
        assertThat(rest).contains("always so for a program that sends none, such as `vim`, `cat` or `bash --norc`");
    }
}
