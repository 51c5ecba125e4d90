package dev.ptyctl.cli;

import dev.ptyctl.client.RestException;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalsClient;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl follow ID}: a terminal's output as it comes, as tmux's {@code pipe-pane} copies a pane's. */
@Command(name = "follow", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print a terminal's output as it comes, byte for byte, until its program exits.",
                "What the program writes from now on (--since SEQ: after that output offset; 0: all the server still "
                        + "keeps), escape sequences included, as tmux's pipe-pane copies it: 'cat' a saved copy to "
                        + "replay it; --text prints it as plain text instead. Read-only: it types nothing and leaves "
                        + "the size alone. A dropped connection is re-established without losing or repeating a byte "
                        + "(said on stderr).",
                "Exit 0 when the program exits (its exit status on stderr) or the reader of the output goes away, 3 "
                        + "when the connection is lost for good, 4 when the server refuses (no such terminal).",
                "Examples: ptyctl follow \"$id\" > build.log &",
                "          ptyctl follow --text build | grep --line-buffered -i error"})
final class FollowCommand implements Callable<Integer> {
    private static final int HTTP_NOT_FOUND = 404;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls'), or the name of its session.")
    private String id;

    @Option(names = "--since", paramLabel = "SEQ",
            description = "Start after this output offset (0: from the oldest byte the server keeps) instead of now; "
                    + "'ptyctl wait --since' prints such offsets, 'ptyctl ls --json' has nextOutputSeq.")
    private Long since;

    @Option(names = "--text",
            description = "Print plain text: escape sequences (colours, cursor moves, titles) removed, line ends as "
                    + "\\n, each drawing of a line redrawn after a carriage return or a cursor move to column 1 or "
                    + "another row (a progress bar, a full-screen program's rows) on a line of its own. For logs and "
                    + "grep; without it the bytes are the program's own.")
    private boolean text;

    @Mixin
    private ServerOptions server;

    /** Where the output goes: standard output, as bytes (the program's own, not re-encoded). */
    private final OutputStream out;
    /** Whether {@link #out} is the process's standard output, whose reader's going is watched. */
    private final boolean standardOutput;

    FollowCommand() {
        this(new FileOutputStream(FileDescriptor.out), true);
    }

    FollowCommand(OutputStream out) {
        this(out, false);
    }

    private FollowCommand(OutputStream out, boolean standardOutput) {
        this.out = out;
        this.standardOutput = standardOutput;
    }

    @Override
    public Integer call() throws Exception {
        if (since != null && since < 0) {
            throw new UsageException("--since must be an output offset, 0 or more, got " + since);
        }
        try (TerminalsClient terminals = server.connect()) {
            Terminal terminal = terminalOf(terminals, id);
            if (since != null && since > terminal.nextOutputSeq()) {
                throw new UsageException("--since " + since + " is beyond the output of " + terminal.terminalId()
                        + ", which has " + terminal.nextOutputSeq() + " bytes so far");
            }
            TerminalAttachment.Builder attachment = server.selection().attachment(terminals.baseUrl(),
                    terminal.terminalId());
            long from = since != null ? since : terminal.nextOutputSeq();
            OutputFollower follower = new OutputFollower(terminal.terminalId(), from,
                    text ? new PlainTextOutput(out) : out, spec.commandLine().getErr());
            if (standardOutput) {
                ReaderGoneWatch.startOnStandardOutput(follower::readerGone); // | head with a quiet program
            }
            return follower.run(attachment);
        }
    }

    /** The terminal with id {@code name}, else the one of the session so named (as tmux's {@code -t}). */
    private static Terminal terminalOf(TerminalsClient terminals, String name) throws IOException {
        if (SessionNames.mayBeAnId(name)) {
            try {
                return terminals.get(name);
            } catch (RestException e) {
                if (e.status() != HTTP_NOT_FOUND) {
                    throw e;
                }
            }
        }
        return SessionNames.sessionTerminal(terminals, name);
    }
}
