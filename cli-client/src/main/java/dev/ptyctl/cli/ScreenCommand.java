package dev.ptyctl.cli;

import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.TerminalsClient;
import java.util.concurrent.Callable;
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
                "With --json the server's {\"format\": ..., \"screen\": ...}.",
                "Example: ptyctl screen \"$id\" | tail -5"})
final class ScreenCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The terminal id (see 'ptyctl ls').")
    private String id;

    @Option(names = "--vt", description = "Escape sequences instead of plain text.")
    private boolean vt;

    @Mixin
    private ServerOptions server;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        try (TerminalsClient terminals = server.connect()) {
            return ServerVerbs.screen(terminals, id, vt ? ScreenFormat.VT : ScreenFormat.TEXT, json.enabled(),
                    spec.commandLine().getOut());
        }
    }
}
