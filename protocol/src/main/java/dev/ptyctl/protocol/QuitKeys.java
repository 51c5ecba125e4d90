package dev.ptyctl.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The keys that end a well-known interactive program, by its name (the foreground program's name the server reports,
 * {@code /proc/PID/comm}: {@code less}, {@code vim}, {@code python3}), for the advice on a busy shell
 * ({@link BusyShellAdvice}) and on a command that waits for input ({@link WaitingForInputAdvice}): naming the exact
 * key saves a client the guess (a {@code q} typed into {@code python3} is a NameError, into {@code vim} a recording).
 * Only programs whose quit key does not depend on their configuration or state are listed; any other gets the
 * advice's generic wording.
 */
public final class QuitKeys {
    /** One step of a way to quit: a key, or text typed as is. Each front door spells it its own way. */
    public sealed interface Step permits Key, Ctrl, Text {
    }

    /** A key by its protocol name ({@code Escape}, {@code Enter}). */
    public record Key(String name) implements Step {
        public Key {
            Objects.requireNonNull(name, "name");
        }
    }

    /** Ctrl with a letter ({@code 'd'} for Ctrl-D). */
    public record Ctrl(char letter) implements Step {
        public Ctrl {
            if (letter < 'a' || letter > 'z') {
                throw new IllegalArgumentException("Ctrl takes a letter a-z, got '" + letter + "'");
            }
        }
    }

    /** Text typed as is ({@code q}, {@code :q}). */
    public record Text(String text) implements Step {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * How to end one program: the keys in order, and {@code note}, what else to know with its leading space
     * ({@code " (:q! discards changes)"}), or "".
     */
    public record Quit(List<Step> steps, String note) {
        public Quit {
            steps = List.copyOf(steps);
            Objects.requireNonNull(note, "note");
        }
    }

    private static final Quit Q = new Quit(List.of(new Text("q")), "");
    private static final Quit CTRL_D = new Quit(List.of(new Ctrl('d')), "");
    private static final Quit VIM = new Quit(List.of(new Key("Escape"), new Text(":q"), new Key("Enter")),
            " (:q! instead of :q discards unsaved changes)");
    private static final Map<String, Quit> BY_PROGRAM = Map.ofEntries(
            Map.entry("less", Q), Map.entry("more", Q), Map.entry("most", Q), Map.entry("man", Q),
            Map.entry("top", Q), Map.entry("htop", Q),
            Map.entry("vim", VIM), Map.entry("vi", VIM), Map.entry("nvim", VIM), Map.entry("view", VIM),
            Map.entry("nano", new Quit(List.of(new Ctrl('x')), " (it asks whether to save unsaved changes)")),
            Map.entry("emacs", new Quit(List.of(new Ctrl('x'), new Ctrl('c')), "")),
            // REPLs end at end of input, whatever their own quit command is called (exit(), .exit, :quit, \q)
            Map.entry("python", CTRL_D), Map.entry("python3", CTRL_D), Map.entry("node", CTRL_D),
            Map.entry("irb", CTRL_D), Map.entry("ghci", CTRL_D), Map.entry("sqlite3", CTRL_D),
            Map.entry("psql", CTRL_D), Map.entry("lua", CTRL_D),
            Map.entry("watch", new Quit(List.of(new Ctrl('c')), "")),
            Map.entry("ssh", new Quit(List.of(new Text("exit"), new Key("Enter")),
                    " at the remote shell's prompt")));

    private QuitKeys() {
    }

    /**
     * How to end {@code program} (a program name, as {@code less}; a versioned name as {@code python3.12} counts as
     * {@code python3}), or empty for a program not in the table.
     */
    public static Optional<Quit> of(String program) {
        Objects.requireNonNull(program, "program");
        Quit quit = BY_PROGRAM.get(program);
        return Optional.ofNullable(quit != null ? quit
                : BY_PROGRAM.get(program.replaceFirst("(?<=\\d)\\.\\d+$", "")));
    }
}
