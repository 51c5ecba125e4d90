package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code ./ptyctl} launcher script: it finds a JDK by itself or says clearly that there is none. */
class LauncherE2eTest {
    private static final Path LAUNCHER = Ptyctl.ROOT.resolve("ptyctl");

    private static Ptyctl.Result launch(Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        var command = new java.util.ArrayList<String>();
        command.add("bash");
        command.add(LAUNCHER.toString());
        command.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                "/dev/null")));
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("launcher finished").isTrue();
        return new Ptyctl.Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void withoutAJdk21TheLauncherExitsTwoWithAClearMessage(@TempDir Path empty) throws Exception {
        // Only /usr/bin and /bin on PATH (the system javac there is 17 on these machines, or absent) and no JDK folder.
        assumeFalse(javacOnPathIsAtLeast21(), "this machine's own javac qualifies; the refusal cannot be provoked");
        var result = launch(Map.of("PTYCTL_JDK_DIRS", empty.toString(), "PATH", "/usr/bin:/bin"), "--version");
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(2);
        assertThat(result.stderr()).contains("no JDK 21 or newer found").contains(empty.toString());
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void theCompletionScriptAlsoCompletesThePathTheLauncherWasRunBy() throws Exception {
        Path jdkHome = Path.of(System.getProperty("java.home"));
        var result = launch(Map.of("PTYCTL_JDK_DIRS", jdkHome.getParent().toString()), "completion");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout().lines().toList().getLast())
                .isEqualTo("complete -F _complete_ptyctl -o default " + LAUNCHER);
    }

    @Test
    void theLauncherFindsAJdkItselfAndRunsTheCli() throws Exception {
        Path jdkHome = Path.of(System.getProperty("java.home"));
        var result = launch(Map.of("PTYCTL_JDK_DIRS", jdkHome.getParent().toString()), "--version");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).startsWith("ptyctl ");
    }

    @Test
    void renderGivesARecordingOfAMebibyteOrMoreC2AndASmallOneC1Only(@TempDir Path dir) throws Exception {
        Path small = Files.writeString(dir.resolve("small.txt"), "hello\n");
        StringBuilder text = new StringBuilder();
        for (int line = 1; text.length() < (1 << 20); line++) {
            text.append("line ").append(line).append("\r\n");
        }
        Path large = Files.writeString(dir.resolve("large.txt"), text);
        var lines = text.toString().lines().toList();
        Map<String, String> jdk = Map.of("PTYCTL_JDK_DIRS", Path.of(System.getProperty("java.home")).getParent()
                .toString());
        Map<String, String> print = new java.util.HashMap<>(jdk);
        print.put("PTYCTL_PRINT_COMMAND", "1");

        assertThat(launch(print, "render", small.toString()).stdout()).contains("-XX:TieredStopAtLevel=1");
        assertThat(launch(print, "render", "--cols", "20", large.toString()).stdout())
                .doesNotContain("TieredStopAtLevel").contains(" render --cols 20 " + large);
        var rendered = launch(jdk, "render", "--cols", "20", "--rows", "3", large.toString());
        assertThat(rendered.exitCode()).as(rendered.toString()).isZero();
        // three rows: the last two lines and the empty one the cursor is on (left out, as trailing blank rows are)
        assertThat(rendered.stdout()).isEqualTo(lines.get(lines.size() - 2) + "\n" + lines.getLast() + "\n");
    }

    @Test
    void aJavaHomeOlderThan21IsPassedOverForANewerJdk(@TempDir Path fakeJdk) throws Exception {
        Path bin = Files.createDirectories(fakeJdk.resolve("bin"));
        for (String tool : new String[] {"java", "javac"}) {
            Path script = Files.writeString(bin.resolve(tool), "#!/bin/sh\necho 'fake' >&2\nexit 1\n");
            script.toFile().setExecutable(true);
        }
        Files.writeString(fakeJdk.resolve("release"), "JAVA_VERSION=\"17.0.9\"\n");
        Path jdkHome = Path.of(System.getProperty("java.home"));
        var result = launch(Map.of("JAVA_HOME", fakeJdk.toString(), "PTYCTL_JDK_DIRS",
                jdkHome.getParent().toString()), "--version");
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).startsWith("ptyctl ");
    }

    private static boolean javacOnPathIsAtLeast21() throws IOException, InterruptedException {
        for (String dir : new String[] {"/usr/bin", "/bin"}) {
            Path javac = Path.of(dir, "javac");
            if (Files.isExecutable(javac)) {
                Process p = new ProcessBuilder(javac.toString(), "-version").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                p.waitFor();
                String digits = out.replaceAll("^javac (\\d+).*\\s*$", "$1").strip();
                return digits.matches("\\d+") && Integer.parseInt(digits) >= 21;
            }
        }
        return false;
    }
}
