package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.vt.keys.KeyEncoder;
import dev.ptyctl.vt.keys.TmuxKeyNames;
import dev.ptyctl.vt.keys.UnknownKeyException;

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
}
