package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.ScreenFormat;
import dev.ptyctl.client.Selection;
import dev.ptyctl.client.Status;
import dev.ptyctl.client.WaitMatch;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.client.internal.PromptWaitParams;
import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcErrorCode;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * What {@code read}, {@code write}, {@code wait} (and {@code wait --prompt}), {@code status}, {@code resize} and
 * {@code kill} do once connected: the request, the output and the exit code. picocli-free, so that the picocli
 * commands and {@link FastPath} run the very same code.
 */
final class ClientVerbs {
    private ClientVerbs() {
    }

    /** Prints the screen text exactly as {@code pty/read} returns it, or the raw result with {@code json}. */
    static int read(RpcClient client, Selection selection, boolean json, PrintWriter out) throws IOException {
        if (json) {
            print(out, client.readResult(selection));
        } else {
            out.print(client.read(selection).text());
            out.flush();
        }
        return ExitCode.OK;
    }

    /**
     * Prints the whole terminal as escape sequences ({@code pty/read}'s {@code format: "vt"}), as they are: no newline
     * is added, so a saved copy redraws exactly. With {@code json} the raw result.
     */
    static int readVt(RpcClient client, boolean json, PrintWriter out) throws IOException {
        if (json) {
            print(out, client.screenResult(ScreenFormat.VT));
        } else {
            out.print(client.screen(ScreenFormat.VT));
            out.flush();
        }
        return ExitCode.OK;
    }

    /** Sends the actions as one {@code pty/write}; prints nothing, or the raw result with {@code json}. */
    static int write(RpcClient client, List<Action> actions, boolean json, PrintWriter out) throws IOException {
        if (json) {
            print(out, client.call(RpcMethod.WRITE, Action.writeParams(actions)));
        } else {
            client.write(actions);
        }
        return ExitCode.OK;
    }

    /** Resizes the terminal (the size already checked); prints nothing, or the raw result with {@code json}. */
    static int resize(RpcClient client, int cols, int rows, boolean json, PrintWriter out) throws IOException {
        if (json) {
            print(out, client.call(RpcMethod.RESIZE, JsonSupport.objectBuilder().add("cols", cols).add("rows", rows)
                    .build()));
        } else {
            client.resize(cols, rows);
        }
        return ExitCode.OK;
    }

    /** Ends the hosted program; prints nothing, or the raw result with {@code json}. */
    static int kill(RpcClient client, boolean json, PrintWriter out) throws IOException {
        if (json) {
            print(out, client.call(RpcMethod.KILL, JsonObject.EMPTY_JSON_OBJECT));
        } else {
            client.kill();
        }
        return ExitCode.OK;
    }

    /**
     * Prints {@code running pid=P} or {@code exited code=C pid=P}, or the raw result with {@code json}. Exit 0, or
     * with {@code running} 1 once the program has exited ({@code status --running}): scripts from before the option
     * rely on 0 whatever the state, reading the line.
     */
    static int status(RpcClient client, boolean json, boolean running, PrintWriter out) throws IOException {
        Status status;
        if (json) {
            JsonObject result = client.call(RpcMethod.STATUS, JsonObject.EMPTY_JSON_OBJECT);
            print(out, result);
            status = Status.fromJson(result);
        } else {
            status = client.status();
            out.println(describe(status));
            out.flush();
        }
        return running && !status.running() ? ExitCode.NOT_MATCHED : ExitCode.OK;
    }

    /**
     * Waits on the server; exit 0 when matched, 1 when the timeout came first, 5 when the program ended first (with a
     * line on stderr). With several {@code --match} it prints which matched (its 0-based index) and with
     * {@code --group N} what group N of it captured, a line each; quiet on stdout otherwise. {@code json} prints the
     * whole result instead, either way.
     */
    static int waitFor(RpcClient client, WaitOptions options, WaitRequest request, boolean json, PrintWriter out,
            PrintWriter err) throws IOException {
        JsonObject answer = client.call(RpcMethod.WAIT, request.toJson(), client.replyTimeoutFor(request));
        WaitResult result = WaitResult.fromJson(answer);
        if (json) {
            print(out, answer);
        }
        if (result.matched()) {
            if (!json) {
                printFound(options, result, out);
            }
            return ExitCode.OK;
        }
        // A server before the exited member ends a wait early, unmatched, only when the program has ended (SPEC §4):
        // said so on stderr, but its exit status stays 1, as it was, since the server did not say.
        boolean ended = result.exited().isPresent() || result.waitedMs() < options.timeoutMs();
        err.println("ptyctl: " + options.missDescription(ended, result.exited())
                + (ended ? "" : options.continuation(result.continueAt())));
        err.flush();
        return result.exited().isPresent() ? ExitCode.PROGRAM_EXITED : ExitCode.NOT_MATCHED;
    }

    private static void printFound(WaitOptions options, WaitResult result, PrintWriter out) throws RpcException {
        if (!options.printsIndex() && options.group() == null && options.since() == null) {
            return;
        }
        WaitMatch found = result.found().orElseThrow(() -> new RpcException(RpcErrorCode.INTERNAL_ERROR.code(),
                "the server did not say what matched (it is older than pty/wait's found; upgrade it)", null));
        if (options.printsIndex()) {
            out.println(found.index());
        }
        if (options.group() != null) {
            // a group that took no part, or that the text that matched lacks: an empty line, still one line
            String group = options.group() <= found.groups().size() ? found.group(options.group()) : null;
            out.println(group == null ? "" : group);
        }
        if (options.since() != null) {
            // last, so the index and group lines are where they are without --since
            out.println(result.nextSince().orElseThrow(() -> new RpcException(RpcErrorCode.INTERNAL_ERROR.code(),
                    "the server did not say where the output goes on (it is older than pty/wait's since with a "
                            + "text; upgrade it)", null)));
        }
        out.flush();
    }

    /**
     * {@code wait --prompt}: {@code pty/wait {prompt: true}}; 0 at the prompt, 1 when the timeout came first or the
     * shell exited (said on stderr), 4 (the server's refusal) without shell integration. Quiet on stdout unless
     * {@code json}, which prints the whole result either way.
     */
    static int waitForPrompt(RpcClient client, WaitRequest request, boolean json, PrintWriter out, PrintWriter err)
            throws IOException {
        JsonObject result;
        try {
            result = client.call(RpcMethod.WAIT, PromptWaitParams.of(-1, request.timeout()),
                    client.replyTimeoutFor(request));
        } catch (RpcException e) {
            if (e.code() != RpcErrorCode.INVALID_PARAMS.code()) {
                throw e;
            }
            // the request is built here and its timeout checked: invalid params means no prompts can be seen
            return Failures.noShellIntegration(e, "wait --prompt", "wait with 'ptyctl wait --match TEXT' "
                    + "(or --idle MS) instead", err);
        }
        if (json) {
            print(out, result);
        }
        if (result.getBoolean("matched")) {
            return ExitCode.OK;
        }
        Status status = client.status();
        err.println("ptyctl: " + (status.running() ? "the shell did not come to its prompt within "
                + request.timeout().toMillis() + " ms" : "the shell has exited (" + describe(status) + ")"));
        err.flush();
        return status.running() ? ExitCode.NOT_MATCHED : ExitCode.PROGRAM_EXITED;
    }

    static String describe(Status status) {
        if (status.running()) {
            return "running pid=" + status.pid();
        }
        String code = status.exitCode().isPresent() ? Integer.toString(status.exitCode().getAsInt()) : "unknown";
        // exit 130 and a SIGINT both give code 130: the signal is named only when one ended the program
        return "exited code=" + code + status.signal().map(name -> " signal=" + name).orElse("") + " pid="
                + status.pid();
    }

    /** One line of JSON. */
    static void print(PrintWriter out, JsonObject result) {
        out.println(result);
        out.flush();
    }
}
