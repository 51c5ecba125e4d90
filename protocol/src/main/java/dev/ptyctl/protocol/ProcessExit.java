package dev.ptyctl.protocol;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.util.Optional;

/**
 * How a terminal's program ended, as {@code waitpid(2)} tells it: it exited with a status, or a signal killed it.
 *
 * <p>Why both: a shell shows a death by signal as 128 + the signal's number ({@code $?} is 130 after Ctrl-C), and
 * that number is what {@code exitCode} has always carried on the wire (SPEC §4.2, §5.1, §5.2), so it stays. But
 * {@code exit 130} gives the same number, and a program that said {@code exit 130} was not interrupted: only the wait
 * status tells the two apart. So where the server reports an end it adds {@code "signal": "SIGINT"} (the signal's
 * name) when, and only when, a signal ended the program; a client that knows nothing of the field reads
 * {@code exitCode} as before.
 *
 * <pre>{@code
 * ProcessExit end = ProcessExit.fromJson(status);   // {"running":false,"exitCode":130,"signal":"SIGINT",...}
 * System.out.println("the shell " + end.describe()); // the shell was killed by SIGINT
 * }</pre>
 *
 * @param exitCode the exit status, or 128 + the signal's number when a signal ended the program (the shell's
 *                 {@code $?}); -1 when nothing could be learnt (someone else reaped the program)
 * @param signal   the number of the signal that ended the program, 0 when it exited by itself
 */
public record ProcessExit(int exitCode, int signal) {
    /** The end of a program whose status could not be read. */
    public static final ProcessExit UNKNOWN = new ProcessExit(-1, 0);
    /** The member that names the signal, beside {@code exitCode}. */
    public static final String SIGNAL_FIELD = "signal";

    /**
     * Linux's names of signals 1–31 (the same numbers on x86-64 and aarch64), by number; 32 and 33 are the C
     * library's own, from 34 on the real-time signals ({@code SIGRTMIN+n}).
     */
    private static final String[] NAMES = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
        "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT",
        "SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM",
        "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS"};
    private static final int SIGRTMIN = 34;
    private static final int MAX_SIGNAL = 64;

    /** Checks that {@code signal} is 0 or a signal's number, and that a signal's exit code is 128 + it. */
    public ProcessExit {
        if (signal < 0 || signal > MAX_SIGNAL) {
            throw new IllegalArgumentException("not a signal number: " + signal);
        }
        if (signal != 0 && exitCode != 128 + signal) {
            throw new IllegalArgumentException("a program signal " + signal + " ended has exit code " + (128 + signal)
                    + ", not " + exitCode);
        }
    }

    /** The program exited by itself with {@code status} ({@code exit 130} included). */
    public static ProcessExit exited(int status) {
        return new ProcessExit(status, 0);
    }

    /** Signal {@code signal} ended the program. */
    public static ProcessExit killedBy(int signal) {
        return new ProcessExit(128 + signal, signal);
    }

    /** Decodes a {@code waitpid} status word (only exits and deaths by signal: nothing here asks for stops). */
    public static ProcessExit fromWaitStatus(int status) {
        int signal = status & 0x7f;
        return signal == 0 ? exited((status >> 8) & 0xff) : killedBy(signal);
    }

    /**
     * An end of which only the shell's number is known (a launcher that keeps no more): read as a signal above 128,
     * the likelier case for a terminal's program, which a close ends with SIGHUP.
     */
    public static ProcessExit guessedFromCode(int code) {
        return code > 128 && code <= 128 + MAX_SIGNAL ? killedBy(code - 128) : exited(code);
    }

    /** Whether a signal ended the program. */
    public boolean bySignal() {
        return signal != 0;
    }

    /** The signal's name ({@code SIGINT}) when a signal ended the program. */
    public Optional<String> signalName() {
        return bySignal() ? Optional.of(name(signal)) : Optional.empty();
    }

    /** What happened, for a message after "the program": "exited with 130", "was killed by SIGINT". */
    public String describe() {
        if (bySignal()) {
            return "was killed by " + name(signal);
        }
        return exitCode < 0 ? "exited" : "exited with " + exitCode;
    }

    /** Adds {@code exitCode} and, when a signal ended the program, {@code signal} (its name) to {@code json}. */
    public JsonObjectBuilder addTo(JsonObjectBuilder json) {
        json.add("exitCode", exitCode);
        signalName().ifPresent(name -> json.add(SIGNAL_FIELD, name));
        return json;
    }

    /**
     * Reads {@code exitCode} and {@code signal} of a server's answer; empty when it has no numeric {@code exitCode}
     * (the program still runs). A {@code signal} this class cannot name is read from the exit code.
     */
    public static Optional<ProcessExit> fromJson(JsonObject json) {
        if (!(json.get("exitCode") instanceof JsonNumber code)) {
            return Optional.empty();
        }
        return Optional.of(of(code.intValue(), signalIn(json)));
    }

    /** The {@code signal} member of a server's answer (a signal's name), present only when a signal ended the program. */
    public static Optional<String> signalIn(JsonObject json) {
        return json.get(SIGNAL_FIELD) instanceof JsonString name ? Optional.of(name.getString()) : Optional.empty();
    }

    /**
     * The end a server described with {@code exitCode} and {@code signal} (a name, present only after a signal). A
     * name this class does not know is read from the exit code; one that disagrees with the code is not believed:
     * the code is what every client has always read.
     */
    public static ProcessExit of(int exitCode, Optional<String> signalName) {
        if (signalName.isPresent()) {
            int signal = number(signalName.get()).orElse(exitCode - 128);
            if (signal > 0 && signal <= MAX_SIGNAL && exitCode == 128 + signal) {
                return killedBy(signal);
            }
        }
        return exited(exitCode);
    }

    /** The name of signal {@code signal} ({@code SIGRTMIN+n} for a real-time one, {@code SIGn} for 32 and 33). */
    public static String name(int signal) {
        if (signal > 0 && signal < NAMES.length) {
            return NAMES[signal];
        }
        return signal >= SIGRTMIN ? "SIGRTMIN+" + (signal - SIGRTMIN) : "SIG" + signal;
    }

    /** The number of the signal {@link #name} gives {@code name}. */
    static Optional<Integer> number(String name) {
        for (int signal = 1; signal <= MAX_SIGNAL; signal++) {
            if (name(signal).equals(name)) {
                return Optional.of(signal);
            }
        }
        return Optional.empty();
    }
}
