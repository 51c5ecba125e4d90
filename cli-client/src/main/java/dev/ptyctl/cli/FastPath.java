package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Selection;
import dev.ptyctl.client.WaitRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs {@code read}, {@code write}, {@code wait}, {@code status} and {@code run} without picocli, because those are
 * called in shell loops and picocli is most of their start-up: its classes are Java 5 class files, which the JDK's
 * AOT cache and CDS archives skip, and it reads every command's annotations through reflection before parsing
 * anything.
 *
 * <p>Only plain command lines are taken: the verb first, then options each given once as {@code --name value}
 * (values not starting with {@code -} or {@code @}), {@code --text}/{@code --key} repeated, numbers as plain digits,
 * and for {@code run} the command line's words after {@code --}.
 * Anything else (help, version, {@code --name=value}, an unknown or repeated option, a missing value, an
 * {@code @file}, conflicting options, a value the command would refuse) returns {@link #NOT_HANDLED} before any
 * connection is made, and the caller hands the whole command line to picocli, which then reports it as always.
 * Once connected, the work is {@link ClientVerbs}' and failures are {@link Failures}': the same code the picocli
 * commands run, so output, messages and exit codes are the same (FastPathEquivalenceTest runs both on the same
 * command lines).
 */
final class FastPath {
    /** The command line is not one the fast path takes; give it to picocli. */
    static final int NOT_HANDLED = -1;

    private static final Set<String> TARGET_OPTIONS = Set.of("--port", "--host", "--socket", "--terminal", "--url",
            "--token", "--cacert");
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
     * Runs the command line if it is a plain hot verb.
     *
     * @return the exit code, or {@link #NOT_HANDLED}
     */
    static int run(String[] args, Function<String, String> environment, PrintWriter out, PrintWriter err) {
        if (args.length == 0) {
            return NOT_HANDLED;
        }
        FastPath fastPath = new FastPath(environment, out, err);
        return switch (args[0]) {
            case "read", "write", "wait", "status", "run" -> fastPath.run(args);
            default -> NOT_HANDLED;
        };
    }

    /** The options of one command line, as given. */
    private static final class Given {
        final java.util.Map<String, String> single = new java.util.HashMap<>();
        final Set<String> flags = new HashSet<>();
        final List<Action> actions = new ArrayList<>();
        /** {@code run}'s command line: the words after {@code --}, or null when there was no {@code --}. */
        List<String> words;
    }

    private int run(String[] args) {
        String verb = args[0];
        Given given;
        EndpointSelection target;
        Selection selection = null;
        WaitOptions waitOptions = null;
        WaitRequest waitRequest = null;
        long runTimeoutMs = RUN_DEFAULT_TIMEOUT_MS;
        try {
            given = parse(verb, args);
            if (given == null) {
                return NOT_HANDLED;
            }
            target = new EndpointSelection(integer(given, "--port"), given.single.get("--host"),
                    given.single.containsKey("--socket") ? Path.of(given.single.get("--socket")) : null,
                    given.single.get("--terminal"), given.single.get("--url"), given.single.get("--token"),
                    given.single.containsKey("--cacert") ? Path.of(given.single.get("--cacert")) : null, environment);
            switch (verb) {
                case "read" -> selection = selection(given);
                case "write" -> {
                    if (given.actions.isEmpty()) {
                        return NOT_HANDLED;
                    }
                }
                case "run" -> {
                    if (given.words == null || given.words.isEmpty()) {
                        return NOT_HANDLED;
                    }
                    runTimeoutMs = longValue(given, "--timeout", RUN_DEFAULT_TIMEOUT_MS);
                    WaitOptions.checkTimeout(runTimeoutMs);
                }
                case "wait" -> {
                    long timeoutMs = longValue(given, "--timeout", Long.parseLong(WaitOptions.DEFAULT_TIMEOUT_MS));
                    if (!given.flags.contains("--prompt")) {
                        waitOptions = new WaitOptions(given.single.get("--match"), given.flags.contains("--regex"),
                                timeoutMs, given.single.containsKey("--idle") ? longValue(given, "--idle", 0) : null,
                                given.flags.contains("--scrollback"));
                        waitRequest = waitOptions.toRequest();
                    } else if (given.single.containsKey("--match") || given.single.containsKey("--idle")
                            || given.flags.contains("--regex") || given.flags.contains("--scrollback")) {
                        return NOT_HANDLED; // picocli's path says which options --prompt does not take
                    } else {
                        waitRequest = new WaitOptions(null, false, timeoutMs, null, false).toRequest();
                    }
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
                case "read" -> ClientVerbs.read(client, selection, json, out);
                case "write" -> ClientVerbs.write(client, given.actions, json, out);
                case "wait" -> waitOptions == null ? ClientVerbs.waitForPrompt(client, waitRequest, json, out, err)
                        : ClientVerbs.waitFor(client, waitOptions, waitRequest, json, out, err);
                case "run" -> CommandRunVerb.run(client, String.join(" ", given.words), runTimeoutMs,
                        given.flags.contains("--queue"), json, out, err);
                default -> ClientVerbs.status(client, json, out);
            };
        } catch (Exception e) {
            return Failures.report(e, err);
        }
    }

    /**
     * The options after the verb, or {@code null} when the command line is not plain.
     *
     * @throws UsageException for a value the command refuses (an empty {@code --key}), which picocli then reports
     */
    private static Given parse(String verb, String[] args) {
        Given given = new Given();
        for (int i = 1; i < args.length; i++) {
            String option = args[i];
            if (verb.equals("run") && option.equals("--")) {
                given.words = List.of(args).subList(i + 1, args.length);
                break;
            }
            if (isFlag(verb, option)) {
                if (!given.flags.add(option)) {
                    return null;
                }
                continue;
            }
            if (!takesValue(verb, option) || i + 1 >= args.length) {
                return null;
            }
            String value = args[++i];
            if (value.startsWith("-") || value.startsWith("@")) {
                return null;
            }
            switch (option) {
                case "--text" -> given.actions.add(Action.text(value));
                case "--key" -> given.actions.add(KeyArgument.action(value));
                case "--paste" -> given.actions.add(Action.paste(value));
                default -> {
                    if (given.single.put(option, value) != null) {
                        return null;
                    }
                }
            }
        }
        return given;
    }

    private static boolean isFlag(String verb, String option) {
        return option.equals("--json")
                || verb.equals("wait") && (option.equals("--regex") || option.equals("--scrollback")
                        || option.equals("--prompt"))
                || verb.equals("read") && option.equals("--scrollback")
                || verb.equals("run") && option.equals("--queue");
    }

    private static boolean takesValue(String verb, String option) {
        if (TARGET_OPTIONS.contains(option)) {
            return true;
        }
        return switch (verb) {
            case "write" -> option.equals("--text") || option.equals("--key") || option.equals("--paste");
            case "read" -> option.equals("--top") || option.equals("--bottom") || option.equals("--start")
                    || option.equals("--end");
            case "wait" -> option.equals("--match") || option.equals("--timeout") || option.equals("--idle");
            case "run" -> option.equals("--timeout");
            default -> false;
        };
    }

    /**
     * {@code --top}, {@code --bottom} or {@code --start}/{@code --end} (together or alone): one of them; over the
     * scrollback and the screen with {@code --scrollback}.
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
        Selection rows = RowSelection.of(top, bottom, start, end);
        return given.flags.contains("--scrollback") ? rows.withScrollback() : rows;
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
