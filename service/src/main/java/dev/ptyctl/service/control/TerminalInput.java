package dev.ptyctl.service.control;

import dev.ptyctl.service.pty.TerminalSession;
import dev.ptyctl.service.shell.PromptTracker;
import dev.ptyctl.vt.keys.KeyEncoder;
import dev.ptyctl.vt.keys.PasteEncoder;
import dev.ptyctl.vt.keys.TmuxKeyNames;
import dev.ptyctl.vt.keys.UnknownKeyException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Input for a terminal as a list of actions applied in order: text typed as it is, keys by name (arrows honour
 * application cursor mode) and pastes (bracketed when the program turned mode 2004 on, {@link PasteEncoder}).
 * Everything is encoded before anything is written, so a bad key name writes nothing, and the whole input goes to the
 * PTY in one write. The one encoder of JSON-RPC's {@code pty/write} and MCP's {@code terminal_send}, each with the
 * names and paste rules of its own contract ({@link Dialect}).
 */
public final class TerminalInput {
    /** What an action holds: text, a key name, pasted text, or (JSON-RPC's {@code bytes}) bytes as base64. */
    public enum Kind { TEXT, KEY, PASTE, BYTES }

    /** The key names and paste rules a protocol promises. */
    public enum Dialect {
        /** JSON-RPC's {@code pty/write}: our key names only ({@link KeyEncoder}), a paste as it is given. */
        JSON_RPC,
        /**
         * MCP's {@code terminal_send}: tmux's key names too ({@link TmuxKeyNames}), and ESC dropped from a paste, so
         * what a model pastes can never end the bracket early or reach the program as a key.
         */
        MCP
    }

    /** One action: its kind and its string (the text, the key name, the pasted text, the bytes' base64, checked). */
    public record Action(Kind kind, String value) {
    }

    /**
     * What was written.
     *
     * @param written bytes written to the PTY
     * @param seq     the output seq when they were written: anything the program prints in answer comes after it
     * @param bracketedPaste whether a paste among them was bracketed (the program had mode 2004 on): a shell then
     *                reads several lines as one edit; without, it reads them one by one, a prompt after each
     */
    public record Sent(int written, long seq, boolean bracketedPaste) {
    }

    /** A key name that is neither ours nor tmux's; the message names it and lists the valid forms. */
    public static final class UnknownKey extends Exception {
        private static final long serialVersionUID = 1L;

        UnknownKey(String message) {
            super(message);
        }
    }

    private TerminalInput() {
    }

    /**
     * Encodes and writes {@code actions}, in MCP's dialect; a paste of several lines to a shell at its prompt first
     * waits for its line editor's bracketed paste ({@link PasteReadiness}).
     *
     * @param prompts the shell's prompt marks, or null without shell integration
     * @throws UnknownKey                               for a key name no form knows (nothing is written)
     * @throws dev.ptyctl.service.pty.SessionExitedException when the program has exited
     */
    public static Sent send(TerminalSession session, PromptTracker prompts, List<Action> actions)
            throws UnknownKey, IOException, InterruptedException {
        return send(session, prompts, actions, System.nanoTime() + PasteReadiness.GRACE.toNanos());
    }

    /**
     * {@link #send(TerminalSession, PromptTracker, List)} for a caller with a deadline ({@link System#nanoTime()}):
     * the wait for bracketed paste ends by then at the latest, and the input is written then as it is.
     */
    public static Sent send(TerminalSession session, PromptTracker prompts, List<Action> actions, long deadlineNanos)
            throws UnknownKey, IOException, InterruptedException {
        PasteReadiness.await(session, prompts, actions, deadlineNanos);
        try {
            return write(session, actions, Dialect.MCP);
        } catch (UnknownKeyException e) {
            throw new UnknownKey(e.getMessage() + "; " + TmuxKeyNames.VALID_FORMS);
        }
    }

    /**
     * Encodes {@code actions} in {@code dialect} with the terminal's current modes and writes them as one write (no
     * wait for bracketed paste: the caller's, with {@link PasteReadiness}).
     *
     * @throws UnknownKeyException for a key name the dialect does not know (nothing is written)
     */
    public static Sent write(TerminalSession session, List<Action> actions, Dialect dialect)
            throws IOException, InterruptedException {
        boolean[] modes = modes(session, actions);
        byte[] bytes = encode(actions, dialect, modes);
        long seq = session.write(bytes);
        boolean pasted = actions.stream().anyMatch(a -> a.kind() == Kind.PASTE);
        return new Sent(bytes.length, seq, pasted && modes[1]);
    }

    /**
     * Application cursor keys and bracketed paste, as {@code actions} need them: read under the session lock only
     * when a key or a paste needs them (plain text, the commonest input, needs neither and takes no lock).
     */
    private static boolean[] modes(TerminalSession session, List<Action> actions) {
        boolean plainText = actions.stream().allMatch(a -> a.kind() == Kind.TEXT || a.kind() == Kind.BYTES);
        return plainText ? new boolean[2]
                : session.inspect(t -> new boolean[] {t.applicationCursorKeys(), t.bracketedPaste()});
    }

    private static byte[] encode(List<Action> actions, Dialect dialect, boolean[] modes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Action action : actions) {
            out.writeBytes(switch (action.kind()) {
                case TEXT -> action.value().getBytes(StandardCharsets.UTF_8);
                case KEY -> key(action.value(), modes[0], dialect);
                case PASTE -> PasteEncoder.encode(dialect == Dialect.MCP ? action.value().replace("\u001b", "")
                        : action.value(), modes[1]);
                case BYTES -> Base64.getDecoder().decode(action.value());
            });
        }
        return out.toByteArray();
    }

    /**
     * A key's bytes in {@code dialect}.
     *
     * @throws UnknownKeyException for a name the dialect does not know
     */
    public static byte[] key(String name, boolean applicationCursorKeys, Dialect dialect) {
        return dialect == Dialect.MCP ? TmuxKeyNames.encode(name, applicationCursorKeys)
                : KeyEncoder.encode(name, applicationCursorKeys);
    }
}
