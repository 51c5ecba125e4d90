package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.pty.PtySession;
import dev.ptyctl.service.pty.SessionProgress;
import dev.ptyctl.service.pty.SpawnOptions;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bash started with ptyctl's integration: prompt marks, exit codes, cwd and titles, and the user's rc still works. */
class BashIntegrationTest {
    private static final Pattern OSC = Pattern.compile("\u001b\\]([0-9]+);([^\u0007]*)\u0007");

    @TempDir
    Path home;
    private final List<PtySession> sessions = new ArrayList<>();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    @AfterEach
    void close() {
        sessions.forEach(PtySession::close);
    }

    private PtySession bash(String bashrc) throws Exception {
        Files.writeString(home.resolve(".bashrc"), bashrc);
        List<String> command = ShellIntegration.integrate(List.of("bash"));
        assertThat(command).contains("--rcfile");
        PtySession session = PtySession.spawn(SpawnOptions.of(command).withCwd(home)
                .withEnvironment(Map.of("HOME", home.toString(), "HISTFILE", home.resolve(".history").toString())));
        sessions.add(session);
        session.addOutputListener((data, off, len, seq) -> {
            synchronized (output) {
                output.write(data, off, len);
            }
        });
        awaitScreen(session, "ready\\$");
        return session;
    }

    /**
     * Types a line and waits until the shell has drawn its next prompt (the OSC 133 B that ends it); returns the OSC
     * sequences in the output the line produced, as "number;payload".
     */
    private List<String> run(PtySession session, String line) throws Exception {
        int from;
        synchronized (output) {
            from = output.size();
        }
        session.write((line + "\r").getBytes(StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + 20_000_000_000L;
        String raw;
        while (true) {
            SessionProgress progress = session.progress();
            synchronized (output) {
                raw = output.toString(StandardCharsets.UTF_8).substring(from);
            }
            if (raw.contains("\u001b]133;B\u0007")) {
                break;
            }
            assertThat(System.nanoTime()).as("no prompt after %s; output: %s", line, raw).isLessThan(deadline);
            session.awaitChange(progress.outputSeq(), deadline);
        }
        List<String> osc = new ArrayList<>();
        Matcher m = OSC.matcher(raw);
        while (m.find()) {
            osc.add(m.group(1) + ";" + m.group(2));
        }
        return osc;
    }

    private static void awaitScreen(PtySession session, String regex) throws InterruptedException {
        Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            SessionProgress progress = session.progress();
            String screen = session.inspect(TextSerializer::screen);
            if (pattern.matcher(screen).find()) {
                return;
            }
            assertThat(System.nanoTime()).as("screen never matched %s:%n%s", regex, screen).isLessThan(deadline);
            session.awaitChange(progress.outputSeq(), deadline);
        }
    }

    @Test
    void commandsAreMarkedWithTheirExitCodes() throws Exception {
        PtySession session = bash("PS1='ready$ '\n");
        assertThat(run(session, "true"))
                .containsSubsequence("133;C", "2;true", "133;D;0", "133;A", "133;B");
        assertThat(run(session, "false")).containsSubsequence("133;C", "133;D;1");
        assertThat(run(session, "(exit 2)")).contains("133;D;2");
        assertThat(run(session, "no-such-command-here")).contains("133;D;127");
    }

    @Test
    void anEmptyLineIsNoCommand() throws Exception {
        PtySession session = bash("PS1='ready$ '\n");
        List<String> osc = run(session, "");
        assertThat(osc).noneMatch(s -> s.startsWith("133;D") || s.startsWith("133;C")).contains("133;A", "133;B");
    }

    @Test
    void workingDirectoryAndTitleFollowTheShell() throws Exception {
        PtySession session = bash("PS1='ready$ '\n");
        Files.createDirectory(home.resolve("a dir"));
        List<String> osc = run(session, "cd 'a dir'");
        assertThat(osc).contains("7;file://" + hostname() + home.toRealPath().toString().replace(" ", "%20")
                + "/a%20dir");
        assertThat(osc).contains("2;bash ~/a dir");
        assertThat(osc).contains("2;cd 'a dir'");
    }

    @Test
    void theUsersBashrcAndPromptCommandStillWork() throws Exception {
        PtySession session = bash("""
                PS1='ready$ '
                alias greet='echo hello-from-rc'
                PROMPT_COMMAND='echo "user-pc saw $?"'
                """);
        run(session, "greet");
        assertThat(session.inspect(TextSerializer::screen)).contains("hello-from-rc\nuser-pc saw 0\n");
        List<String> osc = run(session, "false");
        assertThat(osc).contains("133;D;1");
    }

    @Test
    void aThemeThatRebuildsPs1EveryPromptIsStillMarked() throws Exception {
        PtySession session = bash("""
                __theme() { PS1="ready\\$ "; }
                PROMPT_COMMAND=__theme
                """);
        List<String> osc = run(session, "echo x");
        assertThat(osc).containsSubsequence("133;D;0", "133;A", "133;B");
    }

    @Test
    void shellsAskedForSomethingSpecificAreLeftAlone() {
        for (List<String> command : List.of(List.of("bash", "-c", "ls"), List.of("bash", "--norc"),
                List.of("bash", "script.sh"), List.of("bash", "-l"), List.of("bash", "-il"), List.of("zsh"),
                List.of("bash", "--rcfile", "mine"))) {
            assertThat(ShellIntegration.integrate(command)).as("%s", command).isEqualTo(command);
        }
        assertThat(ShellIntegration.integrate(List.of("/bin/bash", "-i"))).startsWith("/bin/bash", "--rcfile")
                .endsWith("-i");
    }

    private static String hostname() throws Exception {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isEmpty()) {
            return fromEnv;
        }
        return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    }
}
