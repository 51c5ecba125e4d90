package dev.ptyctl.cli;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.CreatedTerminal;
import dev.ptyctl.client.RestException;
import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * What {@code new}, {@code ls}, {@code rm} and {@code screen} do once they have a client of the server: the request,
 * the output and the exit code. picocli-free, so that the picocli commands and {@link FastPath} run the very same
 * code (a test harness calling {@code ptyctl new} and {@code ptyctl rm} per test pays picocli's start-up on neither).
 */
final class ServerVerbs {
    private static final int HTTP_NOT_FOUND = 404;

    private ServerVerbs() {
    }

    /**
     * Starts the terminal and prints its id, or with {@code json} the server's terminal object. A session that already
     * has a live terminal gets that one (the server's rule); when the command line asked for a program, a directory, a
     * size or variables, which that terminal does not have, stderr says so: a script's {@code new --session build --
     * make} would otherwise take an old shell for its make.
     */
    static int create(TerminalsClient terminals, CreateTerminalRequest request, boolean json, PrintWriter out,
            PrintWriter err) throws IOException {
        CreatedTerminal created = terminals.createOrReuse(request);
        Terminal terminal = created.terminal();
        if (!created.spawned() && asksForMoreThanTheSession(request)) {
            err.println("ptyctl: session " + request.sessionId() + " already has a live terminal, "
                    + terminal.terminalId() + " (" + ShellWords.line(terminal.command()) + "), printed as it is: the "
                    + "program and options given were not applied ('ptyctl rm --session " + request.sessionId()
                    + "' ends it; then 'ptyctl new' starts a new one)");
            err.flush();
        }
        if (json) {
            ClientVerbs.print(out, terminal.json());
        } else {
            out.println(terminal.terminalId());
            out.flush();
        }
        return ExitCode.OK;
    }

    /** Whether the request says more than its session: a program, a directory, a size or variables. */
    private static boolean asksForMoreThanTheSession(CreateTerminalRequest request) {
        return request.shell().isPresent() || !request.args().isEmpty() || request.cwd().isPresent()
                || request.cols().isPresent() || request.rows().isPresent() || !request.env().isEmpty();
    }

    /**
     * The terminals as a table (nothing at all when there are none), only their ids with {@code quiet}, one line each
     * filled in from {@code format} when given, or with {@code json} the server's {@code {"terminals": [...]}}. The
     * table's free text (commands, titles) is cut to {@code screenWidth}, asked for only when a table is printed
     * ({@link ScreenWidth}: a terminal's width, none for a pipe).
     */
    static int list(TerminalsClient client, boolean quiet, boolean json, ListFormat format,
            Supplier<OptionalInt> screenWidth, PrintWriter out) throws IOException {
        List<Terminal> terminals = client.list();
        if (json) {
            JsonArrayBuilder array = JsonSupport.arrayBuilder();
            terminals.forEach(terminal -> array.add(terminal.json()));
            ClientVerbs.print(out, JsonSupport.objectBuilder().add("terminals", array).build());
        } else if (quiet) {
            terminals.forEach(terminal -> out.println(terminal.terminalId()));
        } else if (format != null) {
            terminals.forEach(terminal -> out.println(format.format(terminal)));
        } else if (!terminals.isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(ListFields.header());
            terminals.forEach(terminal -> rows.add(ListFields.row(terminal)));
            Table.print(out, rows, screenWidth.get(), ListFields.freeTextColumns());
        }
        out.flush();
        return ExitCode.OK;
    }

    /**
     * Closes each terminal of {@code ids} (or with {@code bySession} the terminal of each session), in turn, and
     * removes it from the server's list; prints nothing, or with {@code json} the server's {@code {"closed": ...}} for
     * each (false when nothing live was closed: the program had already exited, or the server has no such terminal).
     * One the server does not have is said on {@code err} and the others are still removed, as {@code rm} does with
     * files: exit 4 when there was any. One request per terminal: the server's answer tells an unknown terminal from
     * one whose program had exited ({@link TerminalsClient#remove}), so a script that cleans up after a program that
     * ended by itself does not fail for it (its terminal stays listed, exited, until removed), while a mistyped id
     * still does.
     */
    static int remove(TerminalsClient terminals, List<String> ids, boolean bySession, boolean json, PrintWriter out,
            PrintWriter err) throws IOException {
        int status = ExitCode.OK;
        for (String id : ids) {
            boolean closed;
            try {
                closed = bySession && SessionNames.mayBeAnId(id) ? terminals.removeSession(id)
                        : removeByIdOrSession(terminals, id);
            } catch (RestException | NoSuchTerminalException e) {
                if (e instanceof RestException refused && refused.status() != HTTP_NOT_FOUND) {
                    throw e;
                }
                closed = false;
                err.println("ptyctl: " + (bySession ? new NoSuchTerminalException(id, true)
                        : NoSuchTerminalException.neitherIdNorSession(id)).getMessage());
                err.flush();
                status = ExitCode.REFUSED;
            }
            if (json) {
                ClientVerbs.print(out, JsonSupport.objectBuilder().add("closed", closed).build());
            }
        }
        return status;
    }

    /**
     * Removes the terminal {@code id}, else the one of the session so named ({@code rm work}, as tmux's
     * {@code kill-session -t work}): a second request only when the first found no such terminal. A name that cannot
     * be an id ({@code build/main}, {@link SessionNames#mayBeAnId}) cannot be put in the session's path either: its
     * terminal is found in the list and removed by id.
     *
     * @throws RestException with 404, or NoSuchTerminalException, when the server has neither
     */
    private static boolean removeByIdOrSession(TerminalsClient terminals, String id) throws IOException {
        if (!SessionNames.mayBeAnId(id)) {
            return terminals.remove(SessionNames.terminalOf(terminals, id));
        }
        try {
            return terminals.remove(id);
        } catch (RestException e) {
            if (e.status() != HTTP_NOT_FOUND) {
                throw e;
            }
            return terminals.removeSession(id);
        }
    }

    /**
     * Prints the terminal's scrollback and screen (with {@code joined}, soft-wrapped rows joined into the lines the
     * program wrote), or with {@code json} {@code {"format": ..., "screen": ...}} ({@code "joined": true} with it).
     * Exit 4 when {@code joined} and the server is older than that parameter.
     */
    static int screen(TerminalsClient terminals, String id, ScreenFormat format, boolean joined, boolean json,
            PrintWriter out, PrintWriter err) throws IOException {
        Optional<String> read;
        try {
            read = screenOf(terminals, id, format, joined);
        } catch (RestException e) {
            if (e.status() != HTTP_NOT_FOUND) {
                throw e;
            }
            // a session's name, as tmux's capture-pane -t takes it: looked up once no terminal has that id
            read = screenOf(terminals, SessionNames.terminalOf(terminals, id), format, joined);
        }
        if (read.isEmpty()) {
            err.println("ptyctl: the server at " + terminals.baseUrl() + " does not support the screen's joined "
                    + "parameter (it answered with the rows as they are); upgrade it to read lines with their "
                    + "soft-wrapped rows joined");
            err.flush();
            return ExitCode.REFUSED;
        }
        String screen = read.get();
        if (json) {
            JsonObjectBuilder body = JsonSupport.objectBuilder().add("format", format.wireName()).add("screen", screen);
            ClientVerbs.print(out, (joined ? body.add("joined", true) : body).build());
        } else {
            out.print(screen);
            out.flush();
        }
        return ExitCode.OK;
    }

    /** The screen text, or with {@code joined} its lines, empty from a server without that parameter. */
    private static Optional<String> screenOf(TerminalsClient terminals, String id, ScreenFormat format,
            boolean joined) throws IOException {
        return joined ? terminals.screenJoined(id) : Optional.of(terminals.screen(id, format));
    }
}
