package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl attach ID}: use a server terminal from the local one, as if it were running here. */
@Command(name = "attach", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Attach the local terminal to a terminal of the ptyctl server, interactively.",
                "Everything typed goes to the program (Ctrl-C too) and its output appears here; the local size is "
                        + "sent whenever it changes. Detach with Ctrl-\\ then d (--detach-keys): the program keeps "
                        + "running. A dropped connection is re-established without losing output.",
                "Exit 0 after a detach or when the program exits (its exit code is printed), 3 when the connection "
                        + "is lost for good, 4 when the server refuses (no such terminal, wrong token). The local "
                        + "terminal is restored in every case.",
                "Example: ptyctl attach \"$(ptyctl new)\""})
final class AttachCommand implements Callable<Integer> {
    private static final int HTTP_NOT_FOUND = 404;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls'), or the name of its session.")
    private String id;

    @Option(names = "--detach-keys", paramLabel = "PREFIX,KEY", defaultValue = DetachChord.DEFAULT,
            description = "The detach chord: a prefix key, then a key, each Ctrl+X (or ctrl-X) or one character "
                    + "(default: ${DEFAULT-VALUE}). Press the prefix twice to send it to the program.")
    private String detachKeys;

    @Mixin
    private ServerOptions server;

    @Override
    public Integer call() throws Exception {
        DetachChord chord = DetachChord.parse(detachKeys);
        try (TerminalsClient terminals = server.connect()) {
            // Settles the URL and token the same way as the other server commands (and checks the URL).
            ServerSelection selection = server.selection();
            try {
                try {
                    return attach(terminals, selection, id, chord);
                } catch (AttachmentException e) {
                    // no terminal with that id: the session so named, as tmux's attach -t takes it
                    if (e.httpStatus().orElse(0) != HTTP_NOT_FOUND) {
                        throw e;
                    }
                    return attach(terminals, selection, SessionNames.terminalOf(terminals, id), chord);
                }
            } catch (AttachmentException e) {
                if (e.httpStatus().isPresent()) {
                    throw e;
                }
                // Not answered at all: reported like the other server commands, naming the server's URL.
                throw new RestConnectionException(terminals.baseUrl(), e.getMessage(), e);
            }
        }
    }

    private int attach(TerminalsClient terminals, ServerSelection selection, String terminalId, DetachChord chord)
            throws java.io.IOException, InterruptedException {
        return new AttachSession(terminals.baseUrl(), selection, terminalId, chord, describe(detachKeys))
                .run(spec.commandLine().getErr());
    }

    /** {@code Ctrl+\,d} (or {@code ctrl-\,d}) as people say it: "Ctrl-\ then d". */
    private static String describe(String keys) {
        int comma = keys.lastIndexOf(',');
        return keys.substring(0, comma).replaceFirst("(?i)^ctrl[-+]", "Ctrl-") + " then "
                + keys.substring(comma + 1).replaceFirst("(?i)^ctrl[-+]", "Ctrl-");
    }
}
