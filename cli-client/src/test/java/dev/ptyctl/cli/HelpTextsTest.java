package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help texts as a user reads them in an 80-column terminal, and their agreement with docs/cli.md: every option
 * of every command is documented there, every {@code ptyctl CMD --option} a help text mentions exists, URLs are not
 * broken across lines, and nothing points to material users do not have.
 */
class HelpTextsTest {
    private static final Path CLI_GUIDE = Path.of("..", "docs", "cli.md");
    private static final Pattern MENTIONED_OPTION = Pattern.compile("'(?:ptyctl )?([a-z]+) (--[a-z-]+)");

    /** Every command's {@code --help}, by command name ("" for the root). */
    private static Map<String, String> helpTexts() {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("", Cli.run("--help").out());
        for (String name : commands().getSubcommands().keySet()) {
            if (!name.equals("help")) {
                texts.put(name, Cli.run(name, "--help").out());
            }
        }
        return texts;
    }

    private static CommandLine commands() {
        return Main.newCommandLine(name -> null);
    }

    @Test
    void everyOptionOfEveryCommandIsInTheCliGuide() throws IOException {
        String guide = Files.readString(CLI_GUIDE);
        for (var command : commands().getSubcommands().entrySet()) {
            for (OptionSpec option : command.getValue().getCommandSpec().options()) {
                if (!option.usageHelp() && !option.versionHelp()) {
                    assertThat(Arrays.stream(option.names()).anyMatch(name -> Pattern.compile(
                            "(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])").matcher(guide).find()))
                            .as("docs/cli.md documents %s %s", command.getKey(), option.longestName()).isTrue();
                }
            }
        }
    }

    @Test
    void everyCommandsHelpShowsAnExample() {
        for (var help : helpTexts().entrySet()) {
            // the root lists the commands; completion's help is its use
            if (!help.getKey().isEmpty() && !help.getKey().equals("completion")) {
                assertThat(help.getValue()).as("the help of '%s'", help.getKey()).containsPattern("(?m)^Example");
            }
        }
    }

    @Test
    void optionsThatHelpTextsMentionExist() {
        for (var help : helpTexts().entrySet()) {
            Matcher mention = MENTIONED_OPTION.matcher(help.getValue().replaceAll("\\s+", " "));
            while (mention.find()) {
                CommandLine command = commands().getSubcommands().get(mention.group(1));
                if (command != null) {
                    assertThat(command.getCommandSpec().findOption(mention.group(2)))
                            .as("'%s %s', mentioned in the help of '%s'", mention.group(1), mention.group(2),
                                    help.getKey())
                            .isNotNull();
                }
            }
        }
    }

    @Test
    void urlsStayWholeAndNothingPointsToMaterialUsersLack() {
        for (var help : helpTexts().entrySet()) {
            String text = help.getValue();
            assertThat(text).as("help of '%s'", help.getKey()).doesNotContain("SPEC", "../shared", "BUILD-NOTES");
            List<String> lines = text.lines().toList();
            for (String line : lines) {
                assertThat(line).as("help of '%s': a URL broken across lines", help.getKey())
                        .doesNotContainPattern("https?:$").doesNotContainPattern("https?:/*[\\w.]*\\.$");
                assertThat(line).as("help of '%s': a configuration key broken across lines", help.getKey())
                        .doesNotContainPattern("ptyctl\\.$").doesNotContainPattern("(^|[\\s(])[a-z]+\\.[a-zA-Z]+\\.$");
            }
            Matcher url = Pattern.compile("https?:\\S*").matcher(text);
            while (url.find()) {
                assertThat(url.group()).as("help of '%s'", help.getKey()).startsWith("http://127.0.0.1:8765");
            }
        }
        assertThat(helpTexts().get("")).contains("http://127.0.0.1:8765");
    }

    @Test
    void aMapOptionWithoutEqualsSaysWhatIsWrongOnce() {
        Cli.Result result = Cli.run("new", "--env", "FOO");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("ptyctl: --env must be NAME=VALUE, got \"FOO\"")
                .doesNotContain("option option");
    }
}
