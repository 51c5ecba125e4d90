package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl wait}: waits on the server ({@code pty/wait}) and turns {@code matched} into the
 * exit status. Quiet on success so it composes in {@code &&} chains; on a miss it explains itself
 * on stderr; {@code --json} prints the whole result (screen included) either way.
 */
@Command(name = "wait", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Wait until text appears on the screen (or output goes quiet), up to a timeout.",
                "Exit 0 when the condition was met, 1 when the timeout came first (with a line on stderr). "
                        + "Prints nothing on stdout; with --json the result "
                        + "{matched, screen, cursor, size, waitedMs}, in both cases.",
                "Without --match and --idle it just waits the timeout and exits 1."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:matched", "1:timed out", "2:usage error", "3:cannot connect", "4:server refused"})
final class WaitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--match", paramLabel = "S", description = "Text to wait for on the screen (a substring).")
    private String match;

    @Option(names = "--regex", description = "Treat --match as a Java regular expression.")
    private boolean regex;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "10000",
            description = "Give up after MS milliseconds (default: ${DEFAULT-VALUE}; at most 600000).")
    private long timeoutMs;

    @Option(names = "--idle", paramLabel = "MS",
            description = "Also require no output for MS milliseconds (with --match: once it is on screen).")
    private Long idleMs;

    @Option(names = "--scrollback", description = "Search the scrollback as well as the screen.")
    private boolean scrollback;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        WaitRequest request = request();
        PrintWriter out = spec.commandLine().getOut();
        try (RpcClient client = target.connect()) {
            boolean matched;
            long waitedMs;
            if (json.enabled()) {
                JsonObject result = client.call(RpcMethod.WAIT, request.toJson(), client.replyTimeoutFor(request));
                JsonOption.print(out, result);
                matched = result.get("matched") == JsonValue.TRUE;
                waitedMs = result.get("waitedMs") instanceof JsonNumber n ? n.longValue() : timeoutMs;
            } else {
                WaitResult result = client.waitFor(request);
                matched = result.matched();
                waitedMs = result.waitedMs();
            }
            if (!matched) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("ptyctl: " + missDescription(waitedMs));
                err.flush();
            }
            return matched ? ExitCode.OK : ExitCode.NOT_MATCHED;
        }
    }

    private WaitRequest request() {
        if (timeoutMs < 0 || timeoutMs > RpcMethod.MAX_WAIT_TIMEOUT_MS) {
            throw usage("--timeout must be from 0 to " + RpcMethod.MAX_WAIT_TIMEOUT_MS + " ms, got " + timeoutMs);
        }
        if (idleMs != null && idleMs <= 0) {
            throw usage("--idle must be positive, got " + idleMs);
        }
        if (regex && match == null) {
            throw usage("--regex needs --match");
        }
        if (regex) {
            try {
                Pattern.compile(match);
            } catch (PatternSyntaxException e) {
                throw usage("--match is not a valid regular expression: " + e.getDescription());
            }
        }
        return WaitRequest.builder().match(match).regex(regex).timeout(Duration.ofMillis(timeoutMs))
                .idle(idleMs == null ? null : Duration.ofMillis(idleMs)).scrollback(scrollback).build();
    }

    /**
     * Why the wait ended unmatched. The server ends a wait early without a match only when the program has exited
     * (SPEC §4), so a wait shorter than the timeout means that.
     */
    private String missDescription(long waitedMs) {
        if (waitedMs < timeoutMs) {
            String exited = "the program has exited";
            if (match != null) {
                return exited + "; " + (regex ? "no match for /" + match + "/" : "\"" + match + "\" is not")
                        + " on its final screen";
            }
            return exited;
        }
        String within = " within " + timeoutMs + " ms";
        if (match != null) {
            return (regex ? "no match for /" + match + "/" : "\"" + match + "\" did not appear") + within;
        }
        if (idleMs != null) {
            return "output did not stay quiet for " + idleMs + " ms" + within;
        }
        return "waited " + timeoutMs + " ms (nothing to wait for)";
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
