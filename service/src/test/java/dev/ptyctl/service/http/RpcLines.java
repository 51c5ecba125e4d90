package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A minimal JSON-RPC client for a terminal's endpoint: one request line, one response line. */
final class RpcLines implements AutoCloseable {
    /** Upper bound for one request; a healthy terminal answers in milliseconds. */
    private static final int READ_TIMEOUT_MILLIS = 30_000;
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;
    private int nextId = 1;

    private RpcLines(Socket socket) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    static RpcLines connect(int port) throws IOException {
        return new RpcLines(new Socket(InetAddress.getLoopbackAddress(), port));
    }

    /** Sends {@code method} with {@code params} (a JSON object text) and returns the whole response. */
    JsonObject call(String method, String params) throws IOException {
        int id = nextId++;
        return send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params
                + "}");
    }

    /** Sends one line as it is (a newline is added) and returns the response. */
    JsonObject send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        String response = in.readLine();
        if (response == null) {
            throw new IOException("the endpoint closed the connection");
        }
        return JsonSupport.parseObject(response);
    }

    /** Like {@link #call} but returns the result, failing on an error response. */
    JsonObject result(String method, String params) throws IOException {
        JsonObject response = call(method, params);
        if (!response.containsKey("result")) {
            throw new AssertionError(method + " failed: " + response);
        }
        return response.getJsonObject("result");
    }

    /** Types {@code text} and Enter. */
    void type(String text) throws IOException {
        result("pty/write",
                "{\"action\":[{\"text\":" + JsonSupport.PROVIDER.createValue(text) + "},{\"key\":\"Enter\"}]}");
    }

    /** Waits until {@code match} is on screen; fails with the screen when it does not appear. */
    String waitFor(String match) throws IOException {
        return waitFor(match, false);
    }

    /** Waits until {@code match} (a regular expression when {@code regex}) is on screen. */
    String waitFor(String match, boolean regex) throws IOException {
        JsonObject result = result("pty/wait", "{\"match\":" + JsonSupport.PROVIDER.createValue(match)
                + ",\"regex\":" + regex
                + ",\"timeout\":20000}");
        if (!result.getBoolean("matched")) {
            throw new AssertionError("\"" + match + "\" did not appear; screen:\n" + result.getString("screen"));
        }
        return result.getString("screen");
    }

    /** Blocks until the program has exited: {@code pty/wait} wakes on the exit itself. */
    void awaitExit() throws IOException {
        JsonObject status = result("pty/status", "{}");
        for (int i = 0; i < 10 && status.getBoolean("running"); i++) {
            result("pty/wait", "{\"match\":\"\\u0000no such text\",\"timeout\":10000}");
            status = result("pty/status", "{}");
        }
        if (status.getBoolean("running")) {
            throw new AssertionError("the program did not exit");
        }
    }

    /** Types a command that starts {@code sleep 600} in the background and returns the job's pid. */
    long startBackgroundJob(String prefix) throws IOException {
        type(prefix + "sleep 600 & echo job=$!");
        String screen = waitFor("job=[0-9]+", true);
        return Long.parseLong(screen.substring(screen.lastIndexOf("job=") + 4).lines().findFirst().orElseThrow()
                .strip());
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
