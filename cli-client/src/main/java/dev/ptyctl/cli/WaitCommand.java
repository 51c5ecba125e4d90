package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.WaitRequest;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl wait}: waits on the server ({@code pty/wait}) and turns {@code matched} into the
 * exit status. Quiet on success so it composes in {@code &&} chains; on a miss it explains itself
 * on stderr; {@code --json} prints the whole result (screen included) either way.
 */
@Command(name = "wait", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Wait until text appears on the screen (or output goes quiet), up to a timeout.",
                "Exit 0 when the condition was met, 1 when the timeout came first, 5 when the program ended first "
                        + "(with a line on stderr). Prints nothing on stdout, but with several --match the index "
                        + "(from 0) of the one that matched, and with --group N what group N captured, a line each; "
                        + "with --json the result {matched, screen, cursor, size, waitedMs, found?, exited?} instead, "
                        + "in every case.",
                "Without --match and --idle it just waits the timeout and exits 1.",
                "Rows are matched as 'ptyctl read' prints them, without trailing spaces: an empty prompt '$ ' "
                        + "reads as '$'; with --regex, ^ and $ anchor at row ends.",
                "Example: ptyctl wait --regex --match '^BUILD (SUCCESS|FAILURE)' --timeout 60000",
                "Several: case $(ptyctl wait --match 'Password:' --match '(yes/no)?') in 0) ...;; 1) ...;; esac "
                        + "(the lowest on screen wins when several are there).",
                "A loop that answers each question once (--since: in the output, not on the screen): since=0; while "
                        + "out=$(ptyctl wait --since $since --match 'Password:' --match '$ '); do { read -r i; "
                        + "read -r since; } <<<\"$out\"; ...; done",
                "--prompt (needs shell integration) waits until the shell is at its prompt: a command it runs has "
                        + "finished."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:matched", "1:timed out", "2:usage error", "3:cannot connect", "4:server refused",
                "5:the program ended before the condition was met"})
final class WaitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--match", paramLabel = "S", description = "Text to wait for on the screen (a substring). "
            + "Repeat for several: any of them will do, and wait prints which (0 for the first).")
    private List<String> matches;

    @Option(names = "--regex", description = "Treat --match as a Java regular expression.")
    private boolean regex;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = WaitOptions.DEFAULT_TIMEOUT_MS,
            description = "Give up after MS milliseconds (default: ${DEFAULT-VALUE}; at most 600000).")
    private long timeoutMs;

    @Option(names = "--idle", paramLabel = "MS",
            description = "Also require no output for MS milliseconds (with --match: once it is on screen).")
    private Long idleMs;

    @Option(names = "--scrollback", description = "Search the scrollback as well as the screen.")
    private boolean scrollback;

    @Option(names = "--group", paramLabel = "N",
            description = "Print what group N of the --regex match captured (0: the whole match), as a line.")
    private Integer group;

    @Option(names = "--since", paramLabel = "SEQ",
            description = "Look for --match in what the program wrote after output offset SEQ (0: from the start), "
                    + "not on the screen, where text answered before stays; on a match print the offset to go on "
                    + "from, as the last line (pexpect's expect loop). Needs ptyctl server (serve keeps no output).")
    private Long since;

    @Option(names = "--continue-at", paramLabel = "SEQ",
            description = "With --since: go on where an earlier wait for the same --match from the same --since left "
                    + "off (its miss names SEQ on stderr): for a loop of short waits over a long stream, which finds a "
                    + "text printed across two waits and keeps going after the server's 2 MiB of output has moved "
                    + "past --since.")
    private Long continueAt;

    @Option(names = "--prompt",
            description = "Wait until the shell is at its prompt (at once when it is; when it runs a command, until "
                    + "that command has finished). Needs shell integration, as run does; not with --match or --idle.")
    private boolean prompt;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        if (prompt) {
            return waitForPrompt();
        }
        WaitOptions options = new WaitOptions(matches, regex, timeoutMs, idleMs, scrollback, group, since,
                continueAt);
        WaitRequest request = options.toRequest();
        try (RpcClient client = target.connect()) {
            return ClientVerbs.waitFor(client, options, request, json.enabled(), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }

    /**
     * {@code --prompt}: {@code pty/wait {prompt: true}}; 0 at the prompt, 1 when the timeout came first or the shell
     * exited (said on stderr), 4 (the server's refusal) without shell integration.
     */
    private int waitForPrompt() throws IOException {
        WaitRequest request = new WaitOptions(matches, regex, timeoutMs, idleMs, scrollback, group, since,
                continueAt).toPromptRequest();
        try (RpcClient client = target.connect()) {
            return ClientVerbs.waitForPrompt(client, request, json.enabled(), spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }
}
