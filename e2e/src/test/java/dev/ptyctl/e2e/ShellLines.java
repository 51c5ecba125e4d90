package dev.ptyctl.e2e;

/** Command lines that do the same thing in bash, zsh and fish, for tests run against each. */
public final class ShellLines {
    private ShellLines() {
    }

    /**
     * A line that reads a name into {@code n} with the shell's own line editor, which takes the terminal out of
     * canonical mode and waits for keys, as a REPL does.
     */
    public static String readsAName(String shell) {
        return switch (shell) {
            case "zsh" -> "vared -p 'name> ' -c n";
            case "fish" -> "read -P 'name> ' n";
            default -> "read -e -p 'name> ' n";
        };
    }
}
