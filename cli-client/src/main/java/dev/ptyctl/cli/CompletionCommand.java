package dev.ptyctl.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl completion [bash|zsh|fish]}: prints a completion script for every command and option: picocli's for
 * bash (zsh runs it too), {@link FishCompletion}'s for fish.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a shell completion script for ptyctl (bash; zsh through bashcompinit; fish).",
                "bash:  source <(ptyctl completion)     (or save it in ~/.local/share/bash-completion/completions/"
                        + "ptyctl)",
                "Completes 'ptyctl' and the path the launcher was run by (source <(./ptyctl completion) completes "
                        + "./ptyctl too).",
                "zsh:   autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit; "
                        + "source <(ptyctl completion)",
                "fish:  ptyctl completion fish | source     (or save it as ~/.config/fish/completions/ptyctl.fish); "
                        + "it also completes the server's terminal ids (from 'ptyctl ls')"})
final class CompletionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    /** The launcher sets this to the path it was run by ({@code ./ptyctl}), so that path completes too. */
    static final String INVOKED_AS_PROPERTY = "ptyctl.invokedAs";

    @Parameters(paramLabel = "SHELL", arity = "0..1", defaultValue = "bash", completionCandidates = Shells.class,
            description = "bash (the default), zsh (the same script) or fish.")
    private String shell;

    /** The shells there is a script for: what a TAB offers after {@code ptyctl completion}, in every shell. */
    static final class Shells implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("bash", "zsh", "fish").iterator();
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        switch (shell) {
            case "bash", "zsh" -> {
            }
            case "fish" -> {
                out.print(FishCompletion.script(spec.root()));
                out.flush();
                return ExitCode.OK;
            }
            default -> throw new UsageException("completion is for bash, zsh or fish, got " + shell);
        }
        out.print(AutoComplete.bash("ptyctl", spec.root().commandLine()));
        String invokedAs = System.getProperty(INVOKED_AS_PROPERTY, "");
        if (!invokedAs.isBlank() && !invokedAs.equals("ptyctl")) {
            // Also under the path as typed: zsh's bashcompinit and older bash look a compspec up by that path.
            out.println("complete -F _complete_ptyctl -o default " + ShellWords.quoted(invokedAs));
        }
        out.flush();
        return ExitCode.OK;
    }
}
