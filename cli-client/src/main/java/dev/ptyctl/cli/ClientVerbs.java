package dev.ptyctl.cli;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.RpcException;
import dev.ptyctl.client.Selection;
import dev.ptyctl.client.Status;
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
     * Waits on the server; exit 0 when matched, 1 (with a line on stderr) when not. Quiet on stdout unless
     * {@code json}, which prints the whole result either way.
     */
    static int waitFor(RpcClient client, WaitOptions options, WaitRequest request, boolean json, PrintWriter out,
            PrintWriter err) throws IOException {
        boolean matched;
        long waitedMs;
        if (json) {
            JsonObject result = client.call(RpcMethod.WAIT, request.toJson(), client.replyTimeoutFor(request));
            print(out, result);
            matched = result.get("matched") == JsonValue.TRUE;
            waitedMs = result.get("waitedMs") instanceof JsonNumber n ? n.longValue() : options.timeoutMs();
        } else {
            WaitResult result = client.waitFor(request);
            matched = result.matched();
            waitedMs = result.waitedMs();
        }
        if (!matched) {
            err.println("ptyctl: " + options.missDescription(waitedMs));
            err.flush();
        }
        return matched ? ExitCode.OK : ExitCode.NOT_MATCHED;
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
        return ExitCode.NOT_MATCHED;
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
