package dev.ptyctl.cli;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Selection;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ptyctl read}: prints the screen text exactly as {@code pty/read} returns it. */
@Command(name = "read", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print the terminal's screen as plain text.",
                "Rows keep no trailing spaces and end with a newline; trailing blank rows are left out, "
                        + "so a blank screen prints nothing. --bottom counts the screen's last rows, blank or not.",
                "With --scrollback the lines that scrolled off the top come first, and --top, --bottom and "
                        + "--start/--end count over that whole text.",
                "With --joined a line longer than the terminal is wide reads as one line (a URL, a path), and the "
                        + "options count lines so joined: --bottom 1 is the last line, whole.",
                "With --vt (-e) the whole terminal as escape sequences instead: screen and scrollback with their "
                        + "colours and the cursor, which 'cat' redraws in a terminal of the same size.",
                "Example: ptyctl read --top 5; ptyctl read --scrollback --bottom 200; ptyctl read --joined --bottom 3; "
                        + "ptyctl read -e > screen.vt"})
final class ReadCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @ArgGroup(exclusive = true)
    private Rows rows;

    /** {@code --top}, {@code --bottom} and {@code --start/--end} exclude each other. */
    static final class Rows {
        @Option(names = "--top", paramLabel = "N", required = true, description = "Only the first N rows.")
        private Integer top;

        @Option(names = "--bottom", paramLabel = "N", required = true, description = "Only the last N rows.")
        private Integer bottom;

        @ArgGroup(exclusive = false)
        private Range range;
    }

    /** {@code --start} and {@code --end}, together or either alone. */
    static final class Range {
        @Option(names = "--start", paramLabel = "A",
                description = "Rows A to B (1-based, both included); without --end, to the last row.")
        private Integer start;

        @Option(names = "--end", paramLabel = "B", description = "Last row; without --start, from the first.")
        private Integer end;
    }

    @Option(names = "--scrollback",
            description = "The scrollback (oldest line first), then the screen; needs a server that supports it.")
    private boolean scrollback;

    @Option(names = "--joined", description = "Lines as the program wrote them: rows a long line soft-wrapped onto "
            + "are joined to it (tmux's capture-pane -J); --top, --bottom, --start and --end then count those lines. "
            + "Needs a server that supports it.")
    private boolean joined;

    @Option(names = {"--vt", "-e"}, description = "The whole terminal as escape sequences (as tmux's capture-pane -e): "
            + "screen and scrollback with colours, attributes and cursor, for 'cat' in a terminal of the same size. "
            + "Takes none of the options above; needs a server that supports it.")
    private boolean vt;

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        if (vt) {
            checkNothingSelected();
            try (RpcClient client = target.connect()) {
                return ClientVerbs.readVt(client, json.enabled(), spec.commandLine().getOut());
            }
        }
        Selection selection = rows == null ? RowSelection.of(null, null, null, null, scrollback, joined)
                : rows.range == null ? RowSelection.of(rows.top, rows.bottom, null, null, scrollback, joined)
                : RowSelection.of(null, null, rows.range.start, rows.range.end, scrollback, joined);
        try (RpcClient client = target.connect()) {
            return ClientVerbs.read(client, selection, json.enabled(), spec.commandLine().getOut());
        }
    }

    /** --vt is the whole terminal: a row option beside it would be ignored, so it is refused, named. */
    private void checkNothingSelected() {
        String selected = rows == null ? scrollback ? "--scrollback" : joined ? "--joined" : null
                : rows.top != null ? "--top" : rows.bottom != null ? "--bottom"
                : rows.range.start != null ? "--start" : "--end";
        if (selected != null) {
            throw new UsageException("--vt prints the whole terminal (screen and scrollback); it takes no " + selected);
        }
    }
}
