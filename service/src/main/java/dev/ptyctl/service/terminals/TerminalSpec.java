package dev.ptyctl.service.terminals;

import dev.ptyctl.service.pty.SpawnOptions;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A create request with its defaults filled in and every value checked (SPEC §5.1): the session id is present and
 * short, {@code cwd} an existing directory, {@code shell} an executable file, {@code cols}/{@code rows} 1–1000,
 * environment names usable. Each refusal is a {@link TerminalRequestException.Reason#INVALID} naming the field.
 *
 * @param sessionId  the session
 * @param cwd        absolute working directory
 * @param cols       width
 * @param rows       height
 * @param shell      the program, as given (a path or a name found on {@code PATH})
 * @param args       its arguments
 * @param env        extra environment variables
 * @param background whether an agent registered the terminal
 */
public record TerminalSpec(String sessionId, Path cwd, int cols, int rows, String shell, List<String> args,
                           Map<String, String> env, boolean background) {
    /** Long enough for any UUID or path-like id, short enough to keep logs and URLs sane. */
    static final int MAX_SESSION_ID_LENGTH = 256;

    /** Copies the collections. */
    public TerminalSpec {
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }

    /** The program and its arguments. */
    public List<String> command() {
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(shell);
        command.addAll(args);
        return command;
    }

    /**
     * Fills in defaults from {@code settings} and checks every field.
     *
     * @param serverEnv the server's environment, for {@code $SHELL} and {@code PATH}
     */
    public static TerminalSpec resolve(CreateRequest request, TerminalSettings settings,
                                       Function<String, String> serverEnv) throws TerminalRequestException {
        String sessionId = checkSessionId(request.sessionId());
        Path cwd = resolveCwd(request.cwd());
        int cols = dimension("cols", request.cols(), settings.cols());
        int rows = dimension("rows", request.rows(), settings.rows());
        String shell = request.shell() != null ? request.shell() : defaultShell(settings, serverEnv);
        Executables.check("shell", shell, cwd, serverEnv.apply("PATH"));
        for (var variable : request.env().entrySet()) {
            String name = variable.getKey();
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
                throw TerminalRequestException.invalid("env: not a usable variable name: \"" + name + "\"");
            }
            // The program would get the value cut at the NUL (C strings end there): refused rather than changed.
            if (variable.getValue().indexOf('\0') >= 0) {
                throw TerminalRequestException.invalid("env." + name + " holds a NUL character, which no "
                        + "environment variable can (the program would see it cut there)");
            }
        }
        List<String> args = request.args() == null ? List.of() : request.args();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).indexOf('\0') >= 0) {
                throw TerminalRequestException.invalid("args[" + i + "] holds a NUL character, which no program "
                        + "argument can (the program would see it cut there)");
            }
        }
        return new TerminalSpec(sessionId, cwd, cols, rows, shell, args, request.env(), request.background());
    }

    static String checkSessionId(String sessionId) throws TerminalRequestException {
        if (sessionId == null || sessionId.isBlank()) {
            throw TerminalRequestException.invalid("sessionId is required");
        }
        if (sessionId.length() > MAX_SESSION_ID_LENGTH) {
            throw TerminalRequestException.invalid("sessionId is longer than " + MAX_SESSION_ID_LENGTH
                    + " characters");
        }
        return sessionId;
    }

    private static Path resolveCwd(String cwd) throws TerminalRequestException {
        Path serverDir = Path.of("").toAbsolutePath();
        if (cwd == null) {
            return serverDir;
        }
        Path dir;
        try {
            dir = serverDir.resolve(cwd).normalize();
        } catch (InvalidPathException e) {
            throw TerminalRequestException.invalid("cwd is not a valid path: " + cwd);
        }
        if (!Files.isDirectory(dir)) {
            throw TerminalRequestException.invalid("cwd is not an existing directory: " + cwd);
        }
        return dir;
    }

    private static int dimension(String field, Integer requested, int fallback) throws TerminalRequestException {
        int value = requested != null ? requested : fallback;
        if (value < 1 || value > SpawnOptions.MAX_DIMENSION) {
            throw TerminalRequestException.invalid(field + " must be from 1 to " + SpawnOptions.MAX_DIMENSION
                    + ", got " + value);
        }
        return value;
    }

    /** SPEC §8: the configured shell, else {@code $SHELL} when it names an executable, else {@code /bin/bash}. */
    static String defaultShell(TerminalSettings settings, Function<String, String> serverEnv) {
        if (!settings.shell().isEmpty()) {
            return settings.shell();
        }
        String fromEnv = serverEnv.apply("SHELL");
        if (fromEnv != null && !fromEnv.isBlank() && Files.isExecutable(Path.of(fromEnv))) {
            return fromEnv;
        }
        return "/bin/bash";
    }
}
