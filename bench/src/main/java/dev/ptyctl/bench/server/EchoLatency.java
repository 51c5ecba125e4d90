package dev.ptyctl.bench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Echo latency on loopback: how long from sending a keystroke until its echo is back, through each interface.
 * Every terminal runs {@code stty raw -echo; printf R; exec cat}: cat writes back exactly what it reads, at once,
 * and the {@code R} says the terminal is raw before the first sample. Each sample is sent only after the previous
 * one came back; the first {@code warmup} are not counted.
 */
final class EchoLatency {
    static final String ECHO_PROGRAM = "stty raw -echo; printf R; exec cat";
    private static final long SAMPLE_TIMEOUT_MS = 10_000;

    private EchoLatency() {
    }

    /**
     * The kernel's floor: {@code pty-drain --echo} writes a byte to the master of a raw PTY running cat and reads
     * it back, in C, with nothing between. Empty when only the python fallback exists.
     */
    static Optional<Samples> barePty(Path drainBinary, int samples, int warmup) throws Exception {
        if (!Files.isExecutable(drainBinary)) {
            return Optional.empty();
        }
        Process p = new ProcessBuilder(drainBinary.toString(), "--echo", Integer.toString(warmup + samples))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        if (p.waitFor() != 0 || lines.size() != warmup + samples) {
            throw new IOException("pty-drain --echo failed after " + lines.size() + " samples");
        }
        Samples result = new Samples();
        lines.subList(warmup, lines.size()).forEach(line -> result.add(Long.parseLong(line)));
        return Optional.of(result);
    }

    /** WebSocket {@code input} frame sent → the binary output frame with its echo received. */
    static Samples webSocket(PtyctlServerProcess server, HttpClient http, int samples, int warmup) throws Exception {
        PtyctlServerProcess.Created terminal = server.create("bench-echo-ws", "/bin/sh",
                List.of("-c", ECHO_PROGRAM), 120, 40);
        TerminalSocketClient client = TerminalSocketClient.connect(server, terminal.terminalId());
        try {
            if (client.nextFrameArrival(SAMPLE_TIMEOUT_MS) == null) {
                throw new IOException("the echo terminal never printed its ready mark");
            }
            Samples result = new Samples();
            for (int i = 0; i < warmup + samples; i++) {
                long start = System.nanoTime();
                client.input(i + 1, "x");
                Long arrived = client.nextFrameArrival(SAMPLE_TIMEOUT_MS);
                if (arrived == null) {
                    throw new IOException("no echo within " + SAMPLE_TIMEOUT_MS + " ms (sample " + i + ")");
                }
                if (i >= warmup) {
                    result.add(arrived - start);
                }
            }
            return result;
        } finally {
            client.abort();
            server.delete(terminal.terminalId());
        }
    }

    /**
     * JSON-RPC {@code pty/write} of a unique mark and a line end, then {@code pty/wait} for the mark, one request
     * after the other as an agent does: from sending the write until the wait's {@code matched: true}.
     */
    static Samples jsonRpc(PtyctlServerProcess server, int samples, int warmup) throws Exception {
        PtyctlServerProcess.Created terminal = server.create("bench-echo-rpc", "/bin/sh",
                List.of("-c", ECHO_PROGRAM), 120, 40);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), terminal.rpcPort())) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            call(out, in, 0, "pty/auth", "{\"token\":" + Json.quote(server.token()) + "}");
            expect(call(out, in, 0, "pty/wait", "{\"match\":\"R\",\"timeout\":10000}"), "\"matched\":true");
            Samples result = new Samples();
            for (int i = 1; i <= warmup + samples; i++) {
                String mark = "<" + i + ">";
                long start = System.nanoTime();
                call(out, in, 2 * i, "pty/write", "{\"action\":{\"text\":" + Json.quote(mark + "\r\n") + "}}");
                String waited = call(out, in, 2 * i + 1, "pty/wait",
                        "{\"match\":" + Json.quote(mark) + ",\"timeout\":" + SAMPLE_TIMEOUT_MS + "}");
                long elapsed = System.nanoTime() - start;
                expect(waited, "\"matched\":true");
                if (i > warmup) {
                    result.add(elapsed);
                }
            }
            return result;
        } finally {
            server.delete(terminal.terminalId());
        }
    }

    private static String call(OutputStream out, BufferedReader in, long id, String method, String params)
            throws IOException {
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params
                + "}\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        String line = in.readLine();
        if (line == null || line.contains("\"error\"")) {
            throw new IOException(method + " failed: " + line);
        }
        return line;
    }

    private static void expect(String response, String part) throws IOException {
        if (!response.replace(" ", "").contains(part)) {
            throw new IOException("expected " + part + " in " + response);
        }
    }

    /**
     * tmux: {@code send-keys} of a unique mark and a line end, then {@code capture-pane -p} until the mark is on
     * the pane, each a tmux client process as a script driving tmux runs them.
     */
    static Samples tmux(Tmux tmux, int samples, int warmup) throws Exception {
        String socket = tmux.startSession(ECHO_PROGRAM);
        try {
            awaitPane(tmux, socket, "R");
            Samples result = new Samples();
            for (int i = 1; i <= warmup + samples; i++) {
                String mark = "<" + i + ">";
                long start = System.nanoTime();
                tmux.tmux(socket, "send-keys", "-t", Tmux.SESSION, mark, "C-m", "C-j");
                awaitPane(tmux, socket, mark);
                if (i > warmup) {
                    result.add(System.nanoTime() - start);
                }
            }
            return result;
        } finally {
            tmux.killServer(socket);
        }
    }

    private static void awaitPane(Tmux tmux, String socket, String text) throws Exception {
        long deadline = System.nanoTime() + SAMPLE_TIMEOUT_MS * 1_000_000;
        while (!tmux.tmux(socket, "capture-pane", "-p", "-t", Tmux.SESSION).contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new IOException("tmux never showed " + text);
            }
        }
    }
}
