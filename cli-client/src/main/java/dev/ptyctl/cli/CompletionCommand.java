package dev.ptyctl.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ptyctl completion}: prints a bash completion script for every command and option (zsh runs it too). */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a shell completion script for ptyctl (bash, and zsh through bashcompinit).",
                "bash:  source <(ptyctl completion)     (or save it in ~/.local/share/bash-completion/completions/"
                        + "ptyctl)",
                "Completes 'ptyctl' and the path the launcher was run by (source <(./ptyctl completion) completes "
                        + "./ptyctl too).",
                "zsh:   autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit; "
                        + "source <(ptyctl completion)"})
final class CompletionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    /** The launcher sets this to the path it was run by ({@code ./ptyctl}), so that path completes too. */
    static final String INVOKED_AS_PROPERTY = "ptyctl.invokedAs";

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
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
