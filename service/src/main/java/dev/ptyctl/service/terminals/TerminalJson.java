package dev.ptyctl.service.terminals;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.service.shell.LiveTitle;
import dev.ptyctl.service.shell.PromptTracker;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Optional;

/**
 * The JSON description of a terminal that {@code POST/GET /v1/terminals} answer with and {@code terminal.created}
 * carries (SPEC §5.1). Size, running state, exit code and output offset are read in one snapshot of the session,
 * so they agree with each other.
 */
public final class TerminalJson {
    private TerminalJson() {
    }

    /**
     * Everything about {@code terminal} that a client may need.
     *
     * @param clients how many WebSocket clients are attached (the socket endpoint counts them)
     */
    public static JsonObject describe(HostedTerminal terminal, int clients) {
        TerminalSpec spec = terminal.spec();
        JsonObjectBuilder json = JsonSupport.objectBuilder()
                .add("terminalId", terminal.terminalId())
                .add("sessionId", terminal.sessionId());
        terminal.session().snapshot((screen, progress) -> {
            json.add("pid", terminal.session().pid())
                    .add("running", progress.running());
            if (progress.exit().isPresent()) {
                progress.exit().get().addTo(json); // exitCode, and signal when a signal ended it
            } else {
                json.addNull("exitCode");
            }
            return json.add("cols", screen.cols())
                    .add("rows", screen.rows())
                    .add("nextOutputSeq", progress.outputSeq());
        });
        title(json, terminal.liveTitle());
        terminal.prompts().ifPresent(prompts -> json.add("prompt", promptJson(prompts)));
        JsonArrayBuilder args = JsonSupport.arrayBuilder();
        spec.args().forEach(args::add);
        return json.add("cwd", spec.cwd().toString())
                .add("shell", spec.shell())
                .add("args", args)
                .add("background", spec.background())
                .add("createdAt", terminal.createdAt().toString())
                .add("clients", clients)
                .add("websocketPath", terminal.websocketPath())
                .add("rpc", JsonSupport.objectBuilder().add("host", terminal.rpcHost())
                        .add("port", terminal.rpcPort()))
                .build();
    }

    /**
     * What shell integration knows (SPEC §5.9): {@code state} (unknown, at_prompt, running, exited); the command
     * running now ({@code runningCommand}: its line and where its output starts); {@code lastCommand}, the last one
     * that finished, with its exit code and output range (seq offsets), and {@code endedShell: true} when the shell
     * exited during it (its exit code is then the shell's); and {@code recentCommands}, the last finished ones, oldest
     * first. A command line is there when the shell reported it (ptyctl's scripts do).
     */
    private static JsonObjectBuilder promptJson(PromptTracker prompts) {
        JsonObjectBuilder json = JsonSupport.objectBuilder()
                .add("state", prompts.state().name().toLowerCase(java.util.Locale.ROOT));
        prompts.runningCommand().ifPresent(command -> json.add("runningCommand", commandJson(command)));
        List<PromptTracker.CommandSummary> recent = prompts.recentCommands();
        if (!recent.isEmpty()) {
            json.add("lastCommand", commandJson(recent.getLast()));
            JsonArrayBuilder list = JsonSupport.arrayBuilder();
            recent.forEach(command -> list.add(commandJson(command)));
            json.add("recentCommands", list);
        }
        return json;
    }

    private static JsonObjectBuilder commandJson(PromptTracker.CommandSummary command) {
        JsonObjectBuilder json = JsonSupport.objectBuilder();
        command.commandLine().ifPresent(line -> json.add("commandLine", line));
        json.add("outputStartSeq", command.outputStartSeq());
        if (command.running()) {
            return json;
        }
        json.add("outputEndSeq", command.outputEndSeq());
        if (command.exitCode().isPresent()) {
            json.add("exitCode", command.exitCode().getAsInt());
        } else {
            json.addNull("exitCode");
        }
        if (command.endedShell()) {
            json.add("endedShell", true);
        }
        return json;
    }

    /**
     * {@code liveTitle} and {@code terminalActivity} (SPEC §5.8), each left out when absent; in a
     * {@code terminal.title} event their absence says the title was removed.
     */
    static JsonObjectBuilder title(JsonObjectBuilder json, Optional<LiveTitle> title) {
        title.ifPresent(live -> {
            json.add("liveTitle", live.title());
            live.activity().ifPresent(activity -> json.add("terminalActivity", activity.wireName()));
        });
        return json;
    }

    /** {@code terminalId} and {@code sessionId}, the start of every event's data. */
    static JsonObjectBuilder identity(HostedTerminal terminal) {
        return JsonSupport.objectBuilder()
                .add("terminalId", terminal.terminalId())
                .add("sessionId", terminal.sessionId());
    }
}
