package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.vt.keys.TmuxKeyNames;

/**
 * A {@code --key} value of {@code write}, as the key press it sends. tmux's names ({@code C-c}, {@code M-x},
 * {@code S-Tab}, {@code BSpace}, {@code Up}, {@code PPage}) are turned into ours here, as MCP's
 * {@code terminal_send} takes them, because a script written for {@code tmux send-keys} spells keys that way and
 * {@code pty/write} (socket-pty's contract) knows only our names. An empty name is a usage error here, where the
 * command line is known, rather than a refusal of the whole write by the SDK.
 */
final class KeyArgument {
    private KeyArgument() {
    }

    /**
     * The key press for {@code name}.
     *
     * @throws UsageException when {@code name} is empty
     */
    static Action action(String name) {
        if (name.isEmpty()) {
            throw new UsageException("--key needs a key name (Enter, Ctrl+C, ArrowUp, ...), got an empty one");
        }
        return Action.key(TmuxKeyNames.toKeyName(name));
    }
}
