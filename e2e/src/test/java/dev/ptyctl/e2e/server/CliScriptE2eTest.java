package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.testsupport.RequiresTool;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "done when": a shell script that uses nothing but {@code ptyctl} starts a terminal on a real server,
 * runs a TUI (vim), drives it with keys and asserts its screen ({@code src/test/resources/cli/drive-vim.sh}, shown
 * in docs/cli.md). {@code ptyctl} on the script's PATH is the built jar; the server has a token, so the script also
 * proves {@code PTYCTL_URL} and {@code PTYCTL_TOKEN} are all it needs.
 */
class CliScriptE2eTest {
    private static final String TOKEN = "e2e-script-token";
    private static final long SCRIPT_TIMEOUT_SECONDS = 180;

    @Test
    @RequiresTool("vim")
    void aShellScriptDrivesVimWithPtyctlAlone(@TempDir Path bin) throws Exception {
        Path script = Path.of(CliScriptE2eTest.class.getResource("/cli/drive-vim.sh").toURI());
        Path ptyctl = launcher(bin);
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", TOKEN), "--port", "0")) {
            ProcessBuilder builder = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
            builder.environment().keySet().removeIf(name -> name.startsWith("PTYCTL_"));
            builder.environment().put("PATH", ptyctl.getParent() + File.pathSeparator + System.getenv("PATH"));
            builder.environment().put("PTYCTL_URL", server.url());
            builder.environment().put("PTYCTL_TOKEN", TOKEN);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)).as(output).isTrue();

            assertThat(process.exitValue()).as("script output:\n%s\nserver:\n%s", output, server).isZero();
            assertThat(output).endsWith("vim driven through ptyctl: ok\n");
            assertThat(server.request("GET", "/v1/terminals", null, "Authorization", "Bearer " + TOKEN).body())
                    .as("the script's trap removed its terminal").isEqualTo("{\"terminals\":[]}");
        }
    }

    @Test
    void aShellScriptLoopsOverTheOutputLikePexpectAnsweringTheSameQuestionTwice(@TempDir Path bin) throws Exception {
        Path script = Path.of(CliScriptE2eTest.class.getResource("/cli/expect-login.sh").toURI());
        Path login = Path.of(CliScriptE2eTest.class.getResource("/programs/login.sh").toURI());
        Path ptyctl = launcher(bin);
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", TOKEN), "--port", "0")) {
            ProcessBuilder builder = new ProcessBuilder("bash", "-x", script.toString(), login.toString());
            builder.environment().keySet().removeIf(name -> name.startsWith("PTYCTL_"));
            builder.environment().put("PATH", ptyctl.getParent() + File.pathSeparator + System.getenv("PATH"));
            builder.environment().put("PTYCTL_URL", server.url());
            builder.environment().put("PTYCTL_TOKEN", TOKEN);
            Process process = builder.redirectErrorStream(false).start();
            process.getOutputStream().close();
            var trace = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (java.io.IOException e) {
                    return e.toString();
                }
            });
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)).as(output).isTrue();
            String stderr = trace.get(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS);

            assertThat(process.exitValue()).as("script output:\n%s\ntrace:\n%s", output, stderr).isZero();
            assertThat(output).matches("logged in, session \\d{4}\n");
            // The host key question answered once, the password twice (the second only after the refusal): a wait
            // on the screen finds the answered question again at once, and types yes again.
            assertThat(stderr.lines().filter(line -> line.contains("ptyctl write")).map(String::strip).toList())
                    .containsExactly("+ ptyctl write --terminal " + idIn(stderr) + " --text yes --key Enter",
                            "+ ptyctl write --terminal " + idIn(stderr) + " --text wrong --key Enter",
                            "+ ptyctl write --terminal " + idIn(stderr) + " --text hunter2 --key Enter");
        }
    }

    /** The terminal id the traced script assigned ({@code + id=...}). */
    private static String idIn(String trace) {
        return trace.lines().filter(line -> line.startsWith("+ id=")).findFirst().orElseThrow().substring(5);
    }

    @Test
    void docsCliShowsTheLoopScriptAsItIs() throws Exception {
        Path script = Path.of(CliScriptE2eTest.class.getResource("/cli/expect-login.sh").toURI());
        String body = Files.readString(script).lines().dropWhile(line -> !line.startsWith("passwords="))
                .reduce("", (a, b) -> a + b + "\n");
        Path docs = Path.of(System.getProperty("ptyctl.root", "..")).resolve("docs/cli.md");

        assertThat(Files.readString(docs)).contains(body);
    }

    @Test
    void docsCliShowsTheScriptAsItIs() throws Exception {
        Path script = Path.of(CliScriptE2eTest.class.getResource("/cli/drive-vim.sh").toURI());
        String body = Files.readString(script).lines().dropWhile(line -> !line.startsWith("set -euo"))
                .filter(line -> !line.startsWith("echo ")).reduce("", (a, b) -> a + b + "\n");
        Path docs = Path.of(System.getProperty("ptyctl.root", "..")).resolve("docs/cli.md");

        assertThat(Files.readString(docs)).contains(body);
    }

    /** {@code BIN/ptyctl}: runs the built jar with the JDK that runs the tests, as the launcher would. */
    static Path launcher(Path bin) throws Exception {
        StringBuilder command = new StringBuilder("#!/bin/sh\nexec");
        for (String word : Ptyctl.command()) {
            command.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        command.append(" \"$@\"\n");
        Path ptyctl = bin.resolve("ptyctl");
        Files.writeString(ptyctl, command);
        Files.setPosixFilePermissions(ptyctl, PosixFilePermissions.fromString("rwxr-xr-x"));
        return ptyctl;
    }
}
