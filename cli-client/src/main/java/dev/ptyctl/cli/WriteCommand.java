package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.RpcClient;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptyctl write}: types text and presses keys in the order given on the command line, in one
 * {@code pty/write}. A repeating exclusive group keeps that order: picocli adds one group instance
 * per occurrence.
 */
@Command(name = "write", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Type text and press keys, in the order given, in one write.",
                "Examples: ptyctl write 'ls -l' Enter           (as tmux send-keys: a word that names a key is that "
                        + "key, any other is typed)",
                "          ptyctl write --text 'ls -l' --key Enter",
                "          ptyctl write C-c",
                "--paste sends text the way a terminal sends a paste: line breaks as Enter, inside bracketed-paste "
                        + "markers while the program asks for them, so a shell takes several lines as one command "
                        + "(needs a ptyctl server or serve).",
                "Keys: Enter Tab Shift+Tab Backspace Escape Space ArrowUp/Down/Left/Right Home End Insert "
                        + "Delete PageUp PageDown F1-F12, and Ctrl+, Alt+, Shift+ combinations such as "
                        + "Ctrl+C or Ctrl+Alt+Delete; tmux's names (C-c, M-x, S-Tab, BSpace, Up, PPage) work too.",
                "Prints nothing; with --json the result {\"written\":N,\"outputSeq\":S}."})
final class WriteCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "0..*")
    private List<ActionOption> actions;

    @Parameters(paramLabel = "WORD", arity = "0..*", description = "Keys and text as tmux's send-keys takes them: "
            + "a word that names a key (Enter, C-c, Up, Escape) presses it, any other is typed as it is.")
    private List<String> words;

    @Option(names = {"-l", "--literal"}, description = "Type every word as it is, key names too (tmux's send-keys -l): "
            + "ptyctl write -l Enter types the word Enter.")
    private boolean literal;

    /** One {@code --text}, {@code --key} or {@code --paste}. */
    static final class ActionOption {
        @Option(names = "--text", paramLabel = "T", required = true, description = "Text to type as is.")
        private String text;

        @Option(names = "--key", paramLabel = "K", required = true, description = "A key to press, by name.")
        private String key;

        @Option(names = "--paste", paramLabel = "T", required = true, description = "Text to paste.")
        private String paste;

        Action toAction() {
            return text != null ? Action.text(text) : key != null ? KeyArgument.action(key) : Action.paste(paste);
        }
    }

    @Mixin
    private TargetOptions target;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() throws Exception {
        List<Action> ordered = KeyArgument.ofCommandLine(words, literal, actions == null ? List.of()
                : actions.stream().map(ActionOption::toAction).toList());
        try (RpcClient client = target.connect()) {
            return ClientVerbs.write(client, ordered, json.enabled(), spec.commandLine().getOut());
        }
    }
}
