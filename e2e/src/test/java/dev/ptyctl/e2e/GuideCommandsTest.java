package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import dev.ptyctl.testsupport.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the command blocks of README.md and docs/cli.md that a new user types in order, as written, in bash: each
 * command must succeed ({@code set -e}) and the few results the text promises are checked. What a test cannot do as
 * written is adapted in one place, {@link #adapt}: {@code ./ptyctl} is the built jar, the fixed ports 5174 and 8765
 * are free ones, a server started "in another terminal" runs in the background until it prints its first line, and
 * the interactive or endless commands ({@code attach}, {@code curl -N}) are left out.
 */
class GuideCommandsTest {
    /** How long the script may print nothing before its last command counts as hung. */
    private static final Duration STALLED = Duration.ofSeconds(120);
    /** A guard against a script that never ends but keeps printing (a loop gone wrong). */
    private static final Duration AT_MOST = Duration.ofMinutes(20);
    @TempDir
    Path dir;

    @Test
    void theReadmeRunsAsWritten() throws Exception {
        Path readme = Ptyctl.ROOT.resolve("README.md");
        String script = String.join("\n",
                "export PTYCTL_PORT=" + PORT_SERVE_VAR + " PTYCTL_URL=http://127.0.0.1:" + PORT_SERVER_VAR,
                "# With the server from the first command running:",
                adapt(block(readme, "./ptyctl serve --cmd bash --port 5174")),
                adapt(block(readme, "./ptyctl write --port 5174 --text 'echo hi' --key Enter")),
                adapt(block(readme, "./ptyctl write --text 'vim -u NONE notes.txt' --key Enter")),
                "# vim writes the file as it exits; each round waits for the terminal to go quiet",
                "until [ -s notes.txt ]; do ptyctl wait --idle 200 >/dev/null; done",
                "[ \"$(cat notes.txt)\" = 'hello from a script' ] || { echo 'notes.txt:'; cat notes.txt; exit 9; }",
                adapt(block(readme, "./ptyctl server &")),
                RECORDINGS,
                adapt(block(readme, "./ptyctl render typescript")),
                "{", adapt(block(readme, "shell=$(./ptyctl new --cwd .)")), "} > run.out",
                "[ \"$(cat run.out)\" = Linux ] || { echo 'run printed:'; cat run.out; exit 9; }");
        Result result = runBash(script);
        assertThat(result.exitCode()).as(result.toString()).isZero();
    }

    @Test
    void theCliGuideRunsAsWritten() throws Exception {
        Path guide = Ptyctl.ROOT.resolve("docs/cli.md");
        String script = String.join("\n",
                "export PTYCTL_URL=http://127.0.0.1:" + PORT_SERVER_VAR,
                adapt(block(guide, "./ptyctl serve --cmd bash --port 5174 &")),
                "cat <&$out >/dev/null   # serve exits after kill: its output ends",
                "{", adapt(block(guide, "./ptyctl serve --cmd bash --shell-integration --port 5174 &")), "} > run.out",
                "grep -qx a run.out && grep -qx b run.out && grep -qx 'ls failed with 2' run.out \\",
                "  || { echo 'run printed:'; cat run.out; exit 9; }",
                adapt(List.of("./ptyctl server &")),
                adapt(block(guide, "id=$(./ptyctl new -- vim -u NONE notes.txt)")),
                "[ -z \"$(ptyctl ls -q)\" ] || { echo 'left over:'; ptyctl ls; exit 9; }",
                stopServers(),
                "# alternatives, one at a time:",
                oneAtATime(block(guide, "./ptyctl serve --cmd \"bash --norc\" --port 5174")),
                oneAtATime(block(guide, "./ptyctl server                                        #")),
                adapt(List.of("./ptyctl serve --cmd bash --port 5174 &")),
                "export PTYCTL_PORT=$serve_port",
                adapt(block(guide, "./ptyctl write --text 'git commit' --key Enter")),
                "ptyctl kill",
                RECORDINGS,
                adapt(block(guide, "./ptyctl render typescript")),
                adapt(block(guide, "source <(./ptyctl completion)")),
                "complete -p ptyctl >/dev/null && [ -s ~/.local/share/bash-completion/completions/ptyctl ]");
        Result result = runBash(script);
        assertThat(result.exitCode()).as(result.toString()).isZero();
    }

    @Test
    void theCliGuidesZshCompletionRunsAsWritten() throws Exception {
        Tools.require("zsh");
        List<String> block = block(Ptyctl.ROOT.resolve("docs/cli.md"), "autoload -U +X compinit && compinit");
        String script = String.join("\n", "set -e", "ptyctl() { " + jarCommand() + " \"$@\"; }",
                adapt(block), "[[ ${_comps[ptyctl]} == *_complete_ptyctl* ]]", "");
        Path file = Files.writeString(dir.resolve("guide.zsh"), script);
        Result result = run(new ProcessBuilder("zsh", "-f", file.toString()));
        assertThat(result.exitCode()).as(result.toString()).isZero();
    }

    /** Files for the render examples: a `script` log, a raw capture and an asciicast recording. */
    private static final String RECORDINGS = String.join("\n",
            "script -q -c \"printf 'from script\\n'\" typescript >/dev/null",
            "printf 'raw \\033[1mcapture\\033[0m\\n' > capture.bin",
            "printf '%s\\n' '{\"version\": 2, \"width\": 40, \"height\": 5}' '[0.1, \"o\", \"cast line\\r\\n\"]' > session.cast");

    /** Each line of a block of alternatives on its own: servers started by one are stopped before the next. */
    private static String oneAtATime(List<String> block) {
        return block.stream().map(line -> adapt(List.of(line)) + "\n" + stopServers())
                .collect(Collectors.joining("\n"));
    }

    private static String stopServers() {
        return "kill \"${servers[@]}\" 2>/dev/null || true; for fd in \"${outs[@]}\"; do cat <&$fd >/dev/null; done; "
                + "servers=() outs=()";
    }

    /** A comment that says how a command exits: "prints a and b, exits 0". */
    private static final Pattern EXIT_PROMISE = Pattern.compile("#.*\\bexits (\\d+)\\b");
    private static final String PORT_SERVE_VAR = "$serve_port";
    private static final String PORT_SERVER_VAR = "$server_port";

    /**
     * The block as a test can run it: {@code ./ptyctl} the jar, fixed ports free ones, servers in the background
     * (read until their first line, so the next command finds them listening), interactive lines left out.
     */
    static String adapt(List<String> block) {
        List<String> lines = new ArrayList<>();
        for (String line : block) {
            String command = line.replace("./ptyctl", "ptyctl").replace("5174", PORT_SERVE_VAR)
                    .replace("8765", PORT_SERVER_VAR).replace("/tmp/", "$PWD/");
            String bare = command.replaceFirst("\\s+#.*$", "").strip();
            Matcher promised = EXIT_PROMISE.matcher(command);
            if (bare.startsWith("ptyctl attach") || bare.startsWith("curl -sN") || bare.startsWith("./run-tests")
                    || bare.isEmpty()) {
                continue;
            }
            if (bare.startsWith("ptyctl serve ") || bare.matches("ptyctl server( .*)?( &)?")) {
                String background = bare.replaceFirst("\\s*&$", "");
                if (bare.startsWith("ptyctl server") && !background.contains("--port")) {
                    background += " --port " + PORT_SERVER_VAR;
                }
                lines.add("exec {out}< <(" + background + "); servers+=($!); outs+=($out); read -r first <&$out; "
                        + "echo \"$first\"");
            } else if (promised.find()) {
                // The comment promises an exit status: check it, whatever it is (set -e would stop at a 1).
                String code = promised.group(1);
                lines.add("set +e; " + bare + "; code=$?; set -e; [ $code -eq " + code + " ] || { echo 'exit '$code"
                        + "', not " + code + ": " + bare.replace("'", "'\\''") + "'; exit 9; }");
            } else {
                lines.add(bare);
            }
        }
        return String.join("\n", lines);
    }

    /** The lines of the {@code sh} block whose first line starts with {@code firstLine}. */
    static List<String> block(Path page, String firstLine) throws IOException {
        List<String> lines = Files.readAllLines(page);
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).equals("```sh") && lines.get(i + 1).startsWith(firstLine)) {
                int end = i + 1;
                while (!lines.get(end).equals("```")) {
                    end++;
                }
                return lines.subList(i + 1, end);
            }
        }
        throw new AssertionError(page.getFileName() + " has no sh block starting with: " + firstLine);
    }

    record Result(int exitCode, String output) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n" + output;
        }
    }

    private static String jarCommand() {
        return Ptyctl.command().stream().map(word -> "'" + word.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }

    private Result runBash(String body) throws Exception {
        String script = String.join("\n",
                "set -euo pipefail",
                "servers=() outs=()",
                "trap 'kill \"${servers[@]}\" 2>/dev/null || true; wait 2>/dev/null || true' EXIT",
                "ptyctl() { " + jarCommand() + " \"$@\"; }",
                "serve_port=" + ServedTerminal.freePort(),
                "server_port=" + ServedTerminal.freePort(),
                "set -x",
                body, "");
        Path file = Files.writeString(dir.resolve("guide.sh"), script);
        return run(new ProcessBuilder("bash", file.toString()));
    }

    /** Runs a shell script in the temporary folder, which is also its HOME, without ptyctl's variables. */
    private Result run(ProcessBuilder shell) throws Exception {
        shell.directory(dir.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        shell.environment().keySet().removeIf(name -> name.startsWith("PTYCTL_"));
        shell.environment().put("HOME", dir.toString());
        Process process = shell.start();
        ScriptOutput output = new ScriptOutput(process.getInputStream());
        // The script prints every command it runs (set -x), so output that stops growing means a command hangs.
        // A fixed deadline for the whole script does not tell that from a loaded machine: the script starts dozens
        // of ptyctl JVMs, a server took 20 s to start at load 17-20 on two cores, and the CLI guide, still making
        // progress, ran past the 240 s its deadline used to be.
        long started = System.nanoTime();
        while (!process.waitFor(1, TimeUnit.SECONDS)) {
            boolean stalled = output.quietFor().compareTo(STALLED) > 0;
            if (stalled || System.nanoTime() - started > AT_MOST.toNanos()) {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroyForcibly();
                output.reader.join(10_000);
                throw new AssertionError((stalled ? "the guide's commands printed nothing for " + STALLED.toSeconds()
                        + " s (the last command hangs)" : "the guide's commands ran for " + AT_MOST.toMinutes()
                        + " minutes") + ":\n" + output.text());
            }
        }
        output.reader.join();
        return new Result(process.exitValue(), output.text());
    }

    /** The script's output, read as it comes, and when it last grew. */
    private static final class ScriptOutput {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread reader;
        private volatile long lastGrewNanos = System.nanoTime();

        ScriptOutput(InputStream in) {
            reader = Thread.ofPlatform().daemon().start(() -> {
                byte[] buffer = new byte[8192];
                try (in) {
                    for (int n; (n = in.read(buffer)) >= 0; ) {
                        synchronized (bytes) {
                            bytes.write(buffer, 0, n);
                        }
                        lastGrewNanos = System.nanoTime();
                    }
                } catch (IOException e) {
                    // the process was killed: what was read stays
                }
            });
        }

        Duration quietFor() {
            return Duration.ofNanos(System.nanoTime() - lastGrewNanos);
        }

        String text() {
            synchronized (bytes) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
