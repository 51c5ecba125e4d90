package dev.ptyctl.mcp.tools;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.control.TerminalInput;
import dev.ptyctl.service.pty.SessionExitedException;
import dev.ptyctl.service.terminals.HostedTerminal;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code terminal_send}: types text, presses keys and pastes, in order. */
public final class TerminalSendTool extends SchemaTool {

    public TerminalSendTool() {
        super("terminal_send", "Type into a terminal", Access.INTERACT, true, """
                Type into a terminal: a list of steps applied in order, each {"text": "..."} (typed as is), \
                {"key": "Enter"} (a key: Enter, Tab, Escape, Backspace, ArrowUp..., Ctrl+C, Alt+X, F1-F12; tmux \
                names C-c, M-x, S-Tab, BSpace, Up, PPage work too) or {"paste": "..."} (pasted: bracketed when the \
                program asked for it, newlines as Enter). Nothing is pressed for you: end a command with \
                {"key": "Enter"}. The result's `seq` is the output offset before the input: pass it as `sinceSeq` \
                to terminal_wait to see only the answer. For shell commands prefer terminal_run. \
                Example: {"terminalId": "...", "input": [{"text": "print(6*7)"}, {"key": "Enter"}]}.""", """
                {"type": "object", "properties": {
                  %s,
                  "input": {"type": "array", "minItems": 1, "items": {"type": "object", "properties": {
                    "text": {"type": "string"}, "key": {"type": "string"}, "paste": {"type": "string"}},
                    "minProperties": 1, "maxProperties": 1}}
                }, "required": ["terminalId", "input"]}""".formatted(TERMINAL_ID), """
                {"type": "object", "properties": {"written": {"type": "integer"}, "seq": {"type": "integer"}},
                 "required": ["written", "seq"]}""");
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call, Arguments args)
            throws ToolError, IOException, InterruptedException {
        String id = args.string("terminalId");
        List<TerminalInput.Action> actions = actions(args.raw("input"));
        HostedTerminal terminal = call.liveTerminal(id);
        boolean toProgram = TypedEcho.goesToProgram(terminal);
        TerminalInput.Sent sent;
        try {
            sent = TerminalInput.send(terminal.session(), terminal.prompts().orElse(null), actions);
        } catch (TerminalInput.UnknownKey e) {
            throw new ToolError(e.getMessage() + ". Nothing was sent." + characterHint(actions));
        } catch (SessionExitedException e) {
            call.liveTerminal(id); // reports the exit code
            throw new ToolError("Terminal " + id + " has exited; it takes no more input.");
        }
        call.session().sent(id, TypedEcho.typed(toProgram, sent.seq(), actions));
        return new ToolResult().put("written", sent.written()).put("seq", sent.seq())
                .withText("Sent " + sent.written() + (sent.written() == 1 ? " byte to " : " bytes to ") + id + ". To see the answer: terminal_wait with "
                        + "sinceSeq " + sent.seq() + ", or terminal_read.");
    }

    /**
     * A key given as one character ({"key": "q"}, what a model writes to quit less) is not a key name (docs/protocol-jsonrpc.md, "Key names"):
     * the error says how to type it, so the next call is right.
     */
    private static String characterHint(List<TerminalInput.Action> actions) {
        return actions.stream().filter(a -> a.kind() == TerminalInput.Kind.KEY)
                .map(TerminalInput.Action::value).filter(v -> v.codePointCount(0, v.length()) == 1).findFirst()
                .map(c -> " To type the character " + c + ", send {\"text\": " + JsonSupport.PROVIDER.createValue(c)
                        + "}.").orElse("");
    }

    static List<TerminalInput.Action> actions(Object input) throws ToolError {
        if (!(input instanceof List<?> list) || list.isEmpty()) {
            throw new ToolError("input must be a non-empty array of steps such as [{\"text\": \"ls\"}, "
                    + "{\"key\": \"Enter\"}].");
        }
        List<TerminalInput.Action> actions = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof Map<?, ?> step) || step.size() != 1) {
                throw new ToolError("input[" + i + "] must be an object with exactly one of text, key or paste, "
                        + "got " + Arguments.describe(list.get(i)) + (list.get(i) instanceof Map<?, ?> m
                        ? " with " + m.keySet() : "") + ".");
            }
            Map.Entry<?, ?> only = step.entrySet().iterator().next();
            TerminalInput.Kind kind = switch (String.valueOf(only.getKey())) {
                case "text" -> TerminalInput.Kind.TEXT;
                case "key" -> TerminalInput.Kind.KEY;
                case "paste" -> TerminalInput.Kind.PASTE;
                default -> throw new ToolError("input[" + i + "] has " + only.getKey()
                        + "; each step is {\"text\": ...}, {\"key\": ...} or {\"paste\": ...}.");
            };
            if (!(only.getValue() instanceof String value)) {
                throw new ToolError("input[" + i + "]." + only.getKey() + " must be a string.");
            }
            actions.add(new TerminalInput.Action(kind, value));
        }
        return actions;
    }
}
