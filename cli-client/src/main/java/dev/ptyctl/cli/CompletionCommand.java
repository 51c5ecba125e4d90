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
                "zsh:   autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit; "
                        + "source <(ptyctl completion)"})
final class CompletionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash("ptyctl", spec.root().commandLine()));
        out.flush();
        return ExitCode.OK;
    }
}
