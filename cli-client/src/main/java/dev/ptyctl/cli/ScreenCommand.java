package dev.ptyctl.cli;

import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ptyctl screen ID}: a server terminal's scrollback and screen ({@code GET /v1/terminals/{id}/screen}). */
@Command(name = "screen", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print a terminal's scrollback and screen, from the server's copy of it.",
                "Plain text: scrollback lines, then the screen rows, without trailing spaces or trailing blank "
                        + "rows. With --vt: escape sequences that redraw screen and scrollback with colours and "
                        + "cursor in a terminal of the same size (ptyctl screen --vt ID > s.vt; cat s.vt).",
                "With --joined a line longer than the terminal is wide reads as one line, as the program wrote it.",
                "With --json the server's {\"format\": ..., \"screen\": ...}.",
                "Example: ptyctl screen \"$id\" | tail -5"})
final class ScreenCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls').")
    private String id;

    @ArgGroup(exclusive = true)
    private Form form;

    /** {@code --vt} and {@code --joined} exclude each other. */
    static final class Form {
        @Option(names = {"--vt", "-e"}, required = true, description = "Escape sequences instead of plain text.")
        private boolean vt;

        @Option(names = "--joined", required = true, description = "Lines as the program wrote them: rows a long "
                + "line soft-wrapped onto are joined to it (tmux's capture-pane -J). Needs a server that supports it.")
        private boolean joined;
    }

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (TerminalsClient terminals = server.connect()) {
            boolean vt = form != null && form.vt;
            boolean joined = form != null && form.joined;
            return ServerVerbs.screen(terminals, id, vt ? ScreenFormat.VT : ScreenFormat.TEXT, joined, json.enabled(),
                    spec.commandLine().getOut(), spec.commandLine().getErr());
        }
    }
}
