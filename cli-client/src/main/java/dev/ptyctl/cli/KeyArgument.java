package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.vt.keys.KeyEncoder;
import dev.ptyctl.vt.keys.TmuxKeyNames;
import dev.ptyctl.vt.keys.UnknownKeyException;
import java.util.List;

/**
 * A {@code --key} value of {@code write}, as the key press it sends. tmux's names ({@code C-c}, {@code M-x},
 * {@code S-Tab}, {@code BSpace}, {@code Up}, {@code PPage}) are turned into ours here, as MCP's
 * {@code terminal_send} takes them, because a script written for {@code tmux send-keys} spells keys that way and
 * {@code pty/write} (socket-pty's contract) knows only our names. A name that is no key (empty, {@code Entr}) is a
 * usage error here, where the command line is known, with the nearest valid name: the server's refusal of the whole
 * write exited 4, as if the server had failed, where a script's mistyped key is a mistake on its command line (2).
 */
final class KeyArgument {
    private KeyArgument() {
    }

    /**
     * The key press for {@code name}.
     *
     * @throws UsageException when {@code name} is not a key
     */
    static Action action(String name) {
        if (name.isEmpty()) {
            throw new UsageException("--key needs a key name (Enter, Ctrl+C, ArrowUp, ...), got an empty one");
        }
        String key = TmuxKeyNames.toKeyName(name);
        try {
            KeyEncoder.encode(key, false);
        } catch (UnknownKeyException e) {
            // the encoder's reason or nearest name, said of the option as given
            throw new UsageException("--key " + ShellWords.quoted(name) + " is not a key name" + e.detail()
                    + "; see 'ptyctl write --help' for the names");
        }
        return Action.key(key);
    }

    /**
     * What {@code write} sends: its words ({@link #ofWord}; with {@code literal}, {@code -l} as tmux's
     * {@code send-keys -l}, every word typed as it is, key names too) or its {@code --text}, {@code --key} and
     * {@code --paste} options (already actions), one of the two.
     *
     * @throws UsageException when neither is given, or both (the order of words and options together is not known),
     *                        or {@code literal} comes without words
     */
    static List<Action> ofCommandLine(List<String> words, boolean literal, List<Action> options) {
        boolean hasWords = words != null && !words.isEmpty();
        if (literal && !hasWords) {
            throw new UsageException("-l (--literal) types the words given as they are, and none was given "
                    + "(ptyctl write -l Enter types the word Enter)");
        }
        if (hasWords && !options.isEmpty()) {
            throw new UsageException("give what to send either as words (ptyctl write 'ls -l' Enter) or with --text, "
                    + "--key and --paste, not both: the order of the two together is not known");
        }
        if (!hasWords && options.isEmpty()) {
            throw new UsageException("nothing to send: give keys and text as words, as tmux's send-keys takes them "
                    + "(ptyctl write 'ls -l' Enter), or with --text, --key and --paste");
        }
        if (!hasWords) {
            return options;
        }
        return literal ? words.stream().map(Action::text).toList() : words.stream().map(KeyArgument::ofWord).toList();
    }

    /**
     * A word of {@code write WORD...}, as tmux's {@code send-keys} takes one: a key when it names one (ours or tmux's:
     * {@code Enter}, {@code C-c}, {@code Up}), else text typed as it is ({@code 'make test'}, {@code q}). So
     * {@code ptyctl write 'make test' Enter} types the line and presses Enter, as {@code tmux send-keys 'make test'
     * Enter} does; to type a key's name as text ({@code Enter}, {@code Up}), give it with {@code --text}, or every word with {@code -l}.
     */
    static Action ofWord(String word) {
        if (word.codePointCount(0, word.length()) <= 1) {
            return Action.text(word); // a character is itself: typed, whether or not the encoder has it as a key
        }
        String key = TmuxKeyNames.toKeyName(word);
        return KeyEncoder.isKey(key) ? Action.key(key) : Action.text(word);
    }
}
