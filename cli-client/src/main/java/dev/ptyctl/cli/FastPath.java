package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.Selection;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.WaitRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs {@code read}, {@code write}, {@code wait}, {@code status}, {@code run}, {@code resize} and {@code kill} (on a
 * terminal) and {@code new}, {@code ls}, {@code rm} and {@code screen} (on the server) without picocli, because those
 * are called in shell loops and test harnesses, and picocli is most of their start-up: its classes are Java 5 class
 * files, which the JDK's AOT cache and CDS archives skip, and it reads every command's annotations through reflection
 * before parsing anything.
 *
 * <p>Only plain command lines are taken: the verb first, then options each given once as {@code --name value}
 * (values not starting with {@code -}), {@code --text}/{@code --key}/{@code --paste} and {@code --env}
 * repeated, numbers as plain digits, the verb's operands ({@code rm ID...}, {@code resize COLS ROWS},
 * {@code write WORD...}), and for
 * {@code run} and {@code new} the words after {@code --}.
 * Anything else (help, version, {@code --name=value}, an unknown or repeated option, a missing value,
 * conflicting options, a value the command would refuse) returns {@link #NOT_HANDLED} before any
 * connection is made, and the caller hands the whole command line to picocli, which then reports it as always.
 * Once connected, the work is {@link ClientVerbs}', {@link CommandRunVerb}'s and {@link ServerVerbs}', and failures
 * are {@link Failures}': the same code the picocli commands run, so output, messages and exit codes are the same
 * (FastPathEquivalenceTest runs both on the same command lines).
 */
final class FastPath {
    /** The command line is not one the fast path takes; give it to picocli. */
    static final int NOT_HANDLED = -1;

    private static final Set<String> TERMINAL_OPTIONS = Set.of("--port", "--host", "--socket", "--terminal", "--url",
            "--token", "--cacert");
    private static final Set<String> SERVER_OPTIONS = Set.of("--url", "--token", "--cacert");
    /** read's options that select rows, which --vt (the whole terminal) does not take. */
    private static final List<String> ROW_OPTIONS = List.of("--top", "--bottom", "--start", "--end");
    /** What each verb takes; a verb not here is picocli's. */
    private static final Map<String, Grammar> GRAMMARS = Map.ofEntries(
            Map.entry("read", Grammar.terminal(0, Set.of("--scrollback", "--joined", "--vt"),
                    ROW_OPTIONS.toArray(new String[0]))),
            Map.entry("write", Grammar.terminal(0, Set.of("--literal"), "--text", "--key", "--paste")
                    .withMoreOperands()),
            Map.entry("wait", Grammar.terminal(0, Set.of("--regex", "--scrollback", "--prompt"), "--match",
                    "--timeout", "--idle", "--group", "--since", "--continue-at")),
            Map.entry("status", Grammar.terminal(0, Set.of("--running"))),
            Map.entry("run", Grammar.terminal(0, Set.of("--queue"), "--timeout").withWords()),
            Map.entry("resize", Grammar.terminal(2, Set.of())),
            Map.entry("kill", Grammar.terminal(0, Set.of())),
            Map.entry("new", Grammar.server(0, Set.of(), "--session", "--cwd", "--cols", "--rows", "--env")
                    .withWords()),
            Map.entry("ls", Grammar.server(0, Set.of("--quiet"), "--format")),
            Map.entry("rm", Grammar.server(1, Set.of("--session")).withMoreOperands()),
            Map.entry("screen", Grammar.server(1, Set.of("--vt", "--joined"))));
    /** The short options the fast path takes, as their long names; each only where its verb has it. */
    private static final Map<String, String> SHORT_OPTIONS = Map.of("-q", "--quiet", "-f", "--format", "-e", "--vt");
    /** Digits only, and few enough to fit an int: anything else goes to picocli's converters. */
    private static final int MAX_INT_DIGITS = 9;
    private static final int MAX_LONG_DIGITS = 18;
    /** {@code run --timeout}'s default, as {@link RunCommand} declares it. */
    private static final long RUN_DEFAULT_TIMEOUT_MS = Long.parseLong(RunCommand.DEFAULT_TIMEOUT_MS);

    private final Function<String, String> environment;
    private final PrintWriter out;
    private final PrintWriter err;

    private FastPath(Function<String, String> environment, PrintWriter out, PrintWriter err) {
        this.environment = Environment.normalized(environment);
        this.out = out;
        this.err = err;
    }

    /**
     * Runs the command line if it is a plain fast verb.
     *
     * @return the exit code, or {@link #NOT_HANDLED}
     */
    static int run(String[] args, Function<String, String> environment, PrintWriter out, PrintWriter err) {
        Grammar grammar = args.length == 0 ? null : GRAMMARS.get(args[0]);
        if (grammar == null) {
            return NOT_HANDLED;
        }
        Given given;
        try {
            given = parse(grammar, args);
        } catch (UsageException e) {
            return NOT_HANDLED;
        }
        if (given == null) {
            return NOT_HANDLED;
        }
        FastPath fastPath = new FastPath(environment, out, err);
        return grammar.onServer() ? fastPath.onServer(args[0], given) : fastPath.onTerminal(args[0], given);
    }

    /**
     * The options a verb takes besides {@code --json}.
     *
     * @param onServer whether it talks to the server's REST API (else to a terminal's JSON-RPC endpoint)
     * @param operands how many operands it takes (at least, with {@code more})
     * @param more     whether it takes more operands than that too ({@code rm ID...})
     * @param flags    its options that take no value
     * @param valued   its options that take a value
     * @param words    whether the words after {@code --} are its command line
     */
    private record Grammar(boolean onServer, int operands, boolean more, Set<String> flags, Set<String> valued,
            boolean words) {
        static Grammar terminal(int operands, Set<String> flags, String... valued) {
            return new Grammar(false, operands, false, flags, union(TERMINAL_OPTIONS, valued), false);
        }

        static Grammar server(int operands, Set<String> flags, String... valued) {
            return new Grammar(true, operands, false, flags, union(SERVER_OPTIONS, valued), false);
        }

        Grammar withWords() {
            return new Grammar(onServer, operands, more, flags, valued, true);
        }

        Grammar withMoreOperands() {
            return new Grammar(onServer, operands, true, flags, valued, words);
        }

        boolean takes(int given) {
            return more ? given >= operands : given == operands;
        }

        private static Set<String> union(Set<String> common, String... own) {
            Set<String> all = new HashSet<>(common);
            all.addAll(List.of(own));
            return all;
        }
    }

    /** The options of one command line, as given. */
    private static final class Given {
        final Map<String, String> single = new HashMap<>();
        final Set<String> flags = new HashSet<>();
        final List<Action> actions = new ArrayList<>();
        final List<String> env = new ArrayList<>();
        final List<String> matches = new ArrayList<>();
        final List<String> operands = new ArrayList<>();
        /** The words after {@code --}, or null when there was no {@code --}. */
        List<String> words;
    }

    private int onTerminal(String verb, Given given) {
        EndpointSelection target;
        Selection selection = null;
        WaitOptions waitOptions = null;
        WaitRequest waitRequest = null;
        List<Action> actions = given.actions;
        long runTimeoutMs = RUN_DEFAULT_TIMEOUT_MS;
        int cols = 0;
        int rows = 0;
        try {
            target = new EndpointSelection(integer(given, "--port"), given.single.get("--host"),
                    path(given, "--socket"), given.single.get("--terminal"), given.single.get("--url"),
                    given.single.get("--token"), path(given, "--cacert"), environment);
            switch (verb) {
                case "read" -> {
                    if (given.flags.contains("--vt") && (given.flags.contains("--scrollback")
                            || given.flags.contains("--joined") || ROW_OPTIONS.stream().anyMatch(given.single::containsKey))) {
                        return NOT_HANDLED; // picocli names what --vt does not take
                    }
                    selection = selection(given);
                }
                case "write" -> actions = KeyArgument.ofCommandLine(given.operands, given.flags.contains("--literal"),
                        given.actions);
                case "run" -> {
                    if (given.words == null || given.words.isEmpty()) {
                        return NOT_HANDLED;
                    }
                    runTimeoutMs = longValue(given, "--timeout", RUN_DEFAULT_TIMEOUT_MS);
                    WaitOptions.checkTimeout(runTimeoutMs);
                }
                case "wait" -> {
                    WaitOptions options = new WaitOptions(given.matches, given.flags.contains("--regex"),
                            longValue(given, "--timeout", Long.parseLong(WaitOptions.DEFAULT_TIMEOUT_MS)),
                            given.single.containsKey("--idle") ? longValue(given, "--idle", 0) : null,
                            given.flags.contains("--scrollback"),
                            integer(given, "--group"),
                            given.single.containsKey("--since") ? longValue(given, "--since", 0) : null,
                            given.single.containsKey("--continue-at") ? longValue(given, "--continue-at", 0) : null);
                    if (given.flags.contains("--prompt")) {
                        waitRequest = options.toPromptRequest(); // refused: picocli's path says why
                    } else {
                        waitOptions = options;
                        waitRequest = options.toRequest();
                    }
                }
                case "resize" -> {
                    cols = TerminalSize.checked("COLS", (int) digits(given.operands.get(0), MAX_INT_DIGITS));
                    rows = TerminalSize.checked("ROWS", (int) digits(given.operands.get(1), MAX_INT_DIGITS));
                }
                default -> {
                }
            }
            target.check();
        } catch (UsageException | NotPlain e) {
            return NOT_HANDLED;
        }
        boolean json = given.flags.contains("--json");
        try (RpcClient client = target.connect(err)) {
            return switch (verb) {
                case "read" -> given.flags.contains("--vt") ? ClientVerbs.readVt(client, json, out)
                        : ClientVerbs.read(client, selection, json, out);
                case "write" -> ClientVerbs.write(client, actions, json, out);
                case "wait" -> waitOptions == null ? ClientVerbs.waitForPrompt(client, waitRequest, json, out, err)
                        : ClientVerbs.waitFor(client, waitOptions, waitRequest, json, out, err);
                case "run" -> CommandRunVerb.run(client, String.join(" ", given.words), runTimeoutMs,
                        given.flags.contains("--queue"), json, out, err);
                case "resize" -> ClientVerbs.resize(client, cols, rows, json, out);
                case "kill" -> ClientVerbs.kill(client, json, out);
                default -> ClientVerbs.status(client, json, given.flags.contains("--running"), out);
            };
        } catch (Exception e) {
            return Failures.report(e, err);
        }
    }

    private int onServer(String verb, Given given) {
        ServerSelection server = new ServerSelection(given.single.get("--url"), given.single.get("--token"),
                path(given, "--cacert"), environment);
        CreateTerminalRequest request = null;
        ListFormat listFormat = null;
        TerminalsClient client;
        try {
            if (given.flags.contains("--vt") && given.flags.contains("--joined")) {
                return NOT_HANDLED; // picocli says they exclude each other
            }
            String template = given.single.get("--format");
            if (template != null) {
                if (given.flags.contains("--quiet") || given.flags.contains("--json")) {
                    return NOT_HANDLED; // picocli says they exclude each other
                }
                listFormat = ListFormat.parse(template);
            }
            if (verb.equals("new")) {
                request = NewTerminalRequest.of(given.single.get("--session"), path(given, "--cwd"),
                        integer(given, "--cols"), integer(given, "--rows"), given.env,
                        given.words == null ? List.of() : given.words);
            }
            client = server.open();
        } catch (UsageException | NotPlain e) {
            return NOT_HANDLED;
        }
        boolean json = given.flags.contains("--json");
        try (client) {
            server.awaitStartingServer(err);
            return switch (verb) {
                case "new" -> ServerVerbs.create(client, request, json, out, err);
                case "ls" -> ServerVerbs.list(client, given.flags.contains("--quiet"), json, listFormat,
                        () -> ScreenWidth.ofStandardOutput(environment), out);
                case "rm" -> ServerVerbs.remove(client, given.operands, given.flags.contains("--session"), json,
                        out, err);
                default -> ServerVerbs.screen(client, given.operands.getFirst(),
                        given.flags.contains("--vt") ? ScreenFormat.VT : ScreenFormat.TEXT,
                        given.flags.contains("--joined"), json, out, err);
            };
        } catch (Exception e) {
            return Failures.report(e, err);
        }
    }

    /**
     * The options and operands after the verb, or {@code null} when the command line is not plain.
     *
     * @throws UsageException for a value the command refuses (an empty {@code --key}), which picocli then reports
     */
    private static Given parse(Grammar grammar, String[] args) {
        Given given = new Given();
        for (int i = 1; i < args.length; i++) {
            String option = SHORT_OPTIONS.getOrDefault(args[i], args[i]);
            if (!option.equals(args[i]) && !grammar.flags().contains(option) && !grammar.valued().contains(option)) {
                return null;
            }
            if (grammar.words() && option.equals("--")) {
                given.words = List.of(args).subList(i + 1, args.length);
                break;
            }
            if (option.equals("--json") || grammar.flags().contains(option)) {
                if (!given.flags.add(option)) {
                    return null;
                }
                continue;
            }
            if (!option.startsWith("-")) {
                given.operands.add(option);
                continue;
            }
            if (!grammar.valued().contains(option) || i + 1 >= args.length) {
                return null;
            }
            String value = args[++i];
            if (value.startsWith("-")) {
                return null;
            }
            switch (option) {
                case "--text" -> given.actions.add(Action.text(value));
                case "--key" -> given.actions.add(KeyArgument.action(value));
                case "--paste" -> given.actions.add(Action.paste(value));
                case "--env" -> given.env.add(value);
                case "--match" -> given.matches.add(value);
                default -> {
                    if (given.single.put(option, value) != null) {
                        return null;
                    }
                }
            }
        }
        return grammar.takes(given.operands.size()) ? given : null;
    }

    /**
     * {@code --top}, {@code --bottom} or {@code --start}/{@code --end} (together or alone): one of them; over the
     * scrollback and the screen with {@code --scrollback}, counting joined lines with {@code --joined}.
     */
    private static Selection selection(Given given) {
        Integer top = integer(given, "--top");
        Integer bottom = integer(given, "--bottom");
        Integer start = integer(given, "--start");
        Integer end = integer(given, "--end");
        boolean range = start != null || end != null;
        int chosen = (top != null ? 1 : 0) + (bottom != null ? 1 : 0) + (range ? 1 : 0);
        if (chosen > 1) {
            throw new NotPlain();
        }
        return RowSelection.of(top, bottom, start, end, given.flags.contains("--scrollback"),
                given.flags.contains("--joined"));
    }

    private static Path path(Given given, String option) {
        String value = given.single.get(option);
        return value == null ? null : Path.of(value);
    }

    private static Integer integer(Given given, String option) {
        String value = given.single.get(option);
        return value == null ? null : (int) digits(value, MAX_INT_DIGITS);
    }

    private static long longValue(Given given, String option, long fallback) {
        String value = given.single.get(option);
        return value == null ? fallback : digits(value, MAX_LONG_DIGITS);
    }

    private static long digits(String value, int maxDigits) {
        if (value.isEmpty() || value.length() > maxDigits || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new NotPlain();
        }
        return Long.parseLong(value);
    }

    /** A value picocli would convert (or refuse) in its own way. */
    private static final class NotPlain extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotPlain() {
            super(null, null, false, false);
        }
    }
}
