package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl run -- 'command line'}: types a command into a shell that has ptyctl's shell integration, waits for
 * the shell to report that it finished (OSC 133 D), prints exactly what the command printed (not the prompt, not
 * the echoed command line) and exits with the command's exit code. A terminal busy with an earlier command is
 * waited for first, so runs from several scripts queue up instead of typing into each other.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a command line in the terminal's shell and exit with its exit code.",
                "Waits for the shell's prompt, types the command and Enter, waits until the shell reports the "
                        + "command finished, then prints the command's output (only it) and exits with its code.",
                "Needs shell integration: terminals of 'ptyctl server' have it; 'ptyctl serve' with "
                        + "--shell-integration.",
                "Example: ptyctl run -- 'ls -l'"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"N:the command's exit code", "1:also: the timeout came first (message on stderr)",
                "2:also: usage error, or the shell refused the line (syntax error, or an incomplete line such as "
                        + "an unclosed quote: cancelled with Ctrl-C)",
                "3:also: cannot connect, the connection broke, or the shell exited before the command finished",
                "4:server refused (e.g. no shell integration)"})
final class RunCommand implements Callable<Integer> {
    /** Extra time for the reply beyond the server-side wait, so a slow reply is not mistaken for a dead server. */
    private static final long REPLY_MARGIN_MS = 5_000;
    /**
     * How long a Ctrl-C that cancels an incomplete line gets to bring the prompt back before it is sent again: fish
     * loses a Ctrl-C that arrives within a few hundred milliseconds of the input before it.
     */
    private static final long CANCEL_RETRY_NANOS = 2_000_000_000L;
    /** Ctrl-Cs sent at most for one incomplete line. */
    private static final int CANCEL_ATTEMPTS = 3;

    @Spec
    private CommandSpec spec;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "600000",
            description = "Give up after MS milliseconds in all (default: ${DEFAULT-VALUE}, the longest a wait may "
                    + "take), counting the wait for a busy shell.")
    private long timeoutMs;

    @Parameters(paramLabel = "COMMAND", arity = "1..*",
            description = "The command line, typed as given (words are joined with spaces); put it after --. "
                    + "A command over several lines is pasted, so the shell runs it as one command.")
    private List<String> words;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        if (timeoutMs < 0 || timeoutMs > RpcMethod.MAX_WAIT_TIMEOUT_MS) {
            throw new ParameterException(spec.commandLine(),
                    "--timeout must be from 0 to " + RpcMethod.MAX_WAIT_TIMEOUT_MS + " ms, got " + timeoutMs);
        }
        String line = String.join(" ", words);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (RpcClient client = target.connect()) {
            JsonObject ready = waitForPrompt(client, -1, deadline);
            if (continuation(ready)) {
                // Someone left an incomplete line (PS2): typing now would add to it. Cancel it first.
                ready = cancelIncompleteLine(client, deadline);
            }
            if (!atPrompt(ready)) {
                return notFinished(client, "the shell did not come back to its prompt within " + timeoutMs
                        + " ms (busy with another command?)", line, err);
            }
            JsonObject written = client.call(RpcMethod.WRITE, JsonSupport.objectBuilder().add("action",
                    // A multi-line command is pasted: typed, each line would run as a command of its own.
                    JsonSupport.arrayBuilder().add(JsonSupport.objectBuilder().add(
                                    line.indexOf('\n') >= 0 ? "paste" : "text", line))
                            .add(JsonSupport.objectBuilder().add("key", "Enter"))).build());
            JsonObject done = waitForPrompt(client, written.getJsonNumber("outputSeq").longValue(), deadline);
            if (json.enabled()) {
                JsonOption.print(out, done);
            }
            if (!done.getBoolean("matched")) {
                return notFinished(client, "\"" + line + "\" did not finish within " + timeoutMs + " ms", line, err);
            }
            if (continuation(done)) {
                JsonObject back = cancelIncompleteLine(client, deadline);
                err.println("ptyctl: the shell did not accept \"" + line + "\" as a whole command: it waits for "
                        + "more (an unclosed quote or bracket, a trailing backslash?); "
                        + (atPrompt(back) ? "cancelled it with Ctrl-C"
                        : "sent Ctrl-C, but the shell's prompt has not come back"));
                err.flush();
                return ExitCode.USAGE;
            }
            JsonObject command = done.getJsonObject("command");
            if (command == null) {
                return ranNothing(client, line, deadline, err);
            }
            List<JsonObject> commands = done.containsKey("commands")
                    ? done.getJsonArray("commands").getValuesAs(JsonObject.class) : List.of(command);
            if (!json.enabled()) {
                report(commands.isEmpty() ? List.of(command) : commands, out, err);
            }
            JsonValue exit = command.get("exitCode");
            return exit instanceof jakarta.json.JsonNumber code ? code.intValue() : ExitCode.OK;
        }
    }

    /**
     * Prints what the commands printed, in order, as a script's output would read; when the line ran several
     * commands (a multi-line input in bash), one line per command on stderr with its exit code, so a failure before
     * the last command is seen too.
     */
    private static void report(List<JsonObject> commands, PrintWriter out, PrintWriter err) {
        commands.forEach(each -> out.print(each.getString("output")));
        out.flush();
        if (commands.size() < 2) {
            return;
        }
        for (int i = 0; i < commands.size(); i++) {
            JsonObject each = commands.get(i);
            JsonValue code = each.get("exitCode");
            err.println("ptyctl: command " + (i + 1) + " of " + commands.size()
                    + (each.containsKey("commandLine") ? " (" + each.getString("commandLine") + ")" : "")
                    + (code instanceof jakarta.json.JsonNumber n ? " exited with " + n : " ended without an exit code"));
        }
        err.flush();
    }

    /**
     * The prompt came back but no command ran: a blank line, or a line the shell refused to run (zsh and fish skip
     * their hooks for a syntax error, and fish keeps the line in its editor). Ctrl-C clears what may be left on the
     * command line, so the next run starts clean: sent until the prompt is back, as for an incomplete line (fish
     * loses a Ctrl-C that comes right after input); 2 is the status shells give a syntax error.
     */
    private static int ranNothing(RpcClient client, String line, long deadlineNanos, PrintWriter err)
            throws IOException {
        if (line.isBlank()) {
            return ExitCode.OK;
        }
        JsonObject back = cancelIncompleteLine(client, deadlineNanos);
        err.println("ptyctl: the shell did not run \"" + line + "\" (a syntax error?); its screen shows why"
                + (atPrompt(back) ? ""
                : "; sent Ctrl-C to clear the line, but the shell's prompt has not come back"));
        err.flush();
        return ExitCode.USAGE;
    }

    /** Whether a prompt wait ended at a continuation prompt (the line typed so far is incomplete). */
    private static boolean continuation(JsonObject waited) {
        return waited.getBoolean("continuation", false);
    }

    /** Whether a prompt wait ended at the shell's main prompt: matched, and not at a continuation prompt. */
    private static boolean atPrompt(JsonObject waited) {
        return waited.getBoolean("matched") && !continuation(waited);
    }

    /**
     * Ctrl-C, so the shell drops the incomplete (or refused) line and draws a new prompt; again while no prompt came
     * within {@link #CANCEL_RETRY_NANOS}, at most {@link #CANCEL_ATTEMPTS} times. Answers the last prompt wait (a prompt
     * drawn after the first Ctrl-C counts, however slow).
     */
    private static JsonObject cancelIncompleteLine(RpcClient client, long deadlineNanos) throws IOException {
        long since = cancelLine(client);
        JsonObject back = null;
        for (int attempt = 1; attempt <= CANCEL_ATTEMPTS; attempt++) {
            long until = attempt == CANCEL_ATTEMPTS ? deadlineNanos
                    : Math.min(deadlineNanos, System.nanoTime() + CANCEL_RETRY_NANOS);
            back = waitForPrompt(client, since, until);
            boolean endedEarly = System.nanoTime() - until < 0; // matched, or the shell exited
            if (atPrompt(back) || endedEarly && !back.getBoolean("matched")
                    || System.nanoTime() - deadlineNanos >= 0) {
                return back;
            }
            if (attempt < CANCEL_ATTEMPTS) {
                cancelLine(client);
            }
        }
        return back;
    }

    /** Ctrl-C: the shell drops the incomplete line and draws a new prompt. Returns where to wait for it from. */
    private static long cancelLine(RpcClient client) throws IOException {
        return client.call(RpcMethod.WRITE, JsonSupport.objectBuilder().add("action",
                JsonSupport.objectBuilder().add("key", "Ctrl+C")).build()).getJsonNumber("outputSeq").longValue();
    }

    /**
     * A prompt wait came back unmatched: the wait returns at once when the shell has exited (or the server stopped
     * it), so that is told apart from the timeout by asking for the status. Exited or unreachable: 3, as for a
     * connection that broke; still running: the timeout, 1.
     */
    private static int notFinished(RpcClient client, String timedOut, String line, PrintWriter err) {
        int status;
        try {
            JsonObject process = client.call(RpcMethod.STATUS, JsonSupport.objectBuilder().build());
            if (process.getBoolean("running")) {
                err.println("ptyctl: " + timedOut);
                status = ExitCode.NOT_MATCHED;
            } else {
                JsonValue code = process.get("exitCode");
                err.println("ptyctl: the shell exited" + (code instanceof jakarta.json.JsonNumber n ? " with " + n : "")
                        + " while running \"" + line + "\"");
                status = ExitCode.CANNOT_CONNECT;
            }
        } catch (IOException e) {
            err.println("ptyctl: lost the connection to the terminal while running \"" + line + "\": "
                    + e.getMessage());
            status = ExitCode.CANNOT_CONNECT;
        }
        err.flush();
        return status;
    }

    /** {@code pty/wait {prompt: true[, since]}} with what is left of the overall timeout. */
    private static JsonObject waitForPrompt(RpcClient client, long since, long deadlineNanos) throws IOException {
        long remainingMs = Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
        var params = JsonSupport.objectBuilder().add("prompt", true).add("timeout", remainingMs);
        if (since >= 0) {
            params.add("since", since);
        }
        return client.call(RpcMethod.WAIT, params.build(), Duration.ofMillis(remainingMs + REPLY_MARGIN_MS));
    }
}
