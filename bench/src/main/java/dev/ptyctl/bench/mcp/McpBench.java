package dev.ptyctl.bench.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Per-call cost of {@code ptyctl mcp} over stdio, measured with the MCP SDK's own client from another process, and
 * tmux's two commands in the same run:
 * <ul>
 *   <li>{@code terminal_read} and {@code terminal_send} (one {@code x} into {@code cat}): the round trip of a tool
 *       call, client to answer;</li>
 *   <li>{@code terminal_run} of {@code true} in the session's shell: type it, wait for the shell's next prompt,
 *       answer the exit code and output;</li>
 *   <li>tmux: {@code tmux send-keys -t S x} and {@code tmux capture-pane -p -t S}, each a process, and the pair;</li>
 *   <li>the adapter's CPU time per call (user + system of its process, from {@code /proc}), so the load of the
 *       machine does not hide what a call costs.</li>
 * </ul>
 * Arguments: {@code --ptyctl PATH} (the launcher), {@code --samples N}, {@code --warmup N}.
 */
public final class McpBench {
    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private McpBench() {
    }

    public static void main(String[] args) throws Exception {
        String ptyctl = "./ptyctl";
        int samples = 300;
        int warmup = 100;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--ptyctl" -> ptyctl = args[i + 1];
                case "--samples" -> samples = Integer.parseInt(args[i + 1]);
                case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(ptyctl).args("mcp")
                .build(), McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> { });
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(120)).build();
        client.initialize();
        long pid = adapterPid();
        try {
            String cat = (String) structured(client.callTool(new McpSchema.CallToolRequest("terminal_create",
                    Map.of("command", List.of("cat"))))).get("terminalId");
            call(client, "terminal_run", Map.of("command", "true")); // the session's shell, started and at its prompt
            List<String> rows = new ArrayList<>();
            rows.add(measure("terminal_read (cat)", samples, warmup, pid,
                    () -> call(client, "terminal_read", Map.of("terminalId", cat))));
            rows.add(measure("terminal_send `x` (cat)", samples, warmup, pid,
                    () -> call(client, "terminal_send", Map.of("terminalId", cat, "input", List.of(Map.of("text", "x"))))));
            rows.add(measure("terminal_run `true` (session shell, bash)", samples, warmup, pid,
                    () -> call(client, "terminal_run", Map.of("command", "true"))));
            // zsh's hooks run in the shell itself; bash's PS0 hook costs it two forks per command
            String zsh = (String) structured(client.callTool(new McpSchema.CallToolRequest("terminal_create",
                    Map.of("command", List.of("zsh"))))).get("terminalId");
            rows.add(measure("terminal_run `true` (zsh)", samples, warmup, pid,
                    () -> call(client, "terminal_run", Map.of("command", "true", "terminalId", zsh))));
            String tmux = "ptyctl-mcp-bench-" + ProcessHandle.current().pid();
            run("tmux", "-L", tmux, "new-session", "-d", "-s", "b", "-x", "120", "-y", "40", "cat");
            try {
                rows.add(measure("tmux send-keys `x`", samples, warmup, -1,
                        () -> run("tmux", "-L", tmux, "send-keys", "-t", "b", "x")));
                rows.add(measure("tmux capture-pane -p", samples, warmup, -1,
                        () -> run("tmux", "-L", tmux, "capture-pane", "-p", "-t", "b")));
                rows.add(measure("tmux send-keys + capture-pane", samples, warmup, -1, () -> {
                    run("tmux", "-L", tmux, "send-keys", "-t", "b", "x");
                    run("tmux", "-L", tmux, "capture-pane", "-p", "-t", "b");
                }));
            } finally {
                run("tmux", "-L", tmux, "kill-server");
            }
            System.out.println("| operation | p50 ms | p99 ms | adapter CPU ms/call |");
            System.out.println("| --- | --- | --- | --- |");
            rows.forEach(System.out::println);
        } finally {
            client.closeGracefully();
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    private static String measure(String name, int samples, int warmup, long pid, Step step) throws Exception {
        for (int i = 0; i < warmup; i++) {
            step.run();
        }
        long cpuBefore = pid > 0 ? cpuTicks(pid) : 0;
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            step.run();
            nanos.add(System.nanoTime() - start);
        }
        String cpu = pid > 0 ? String.format(Locale.ROOT, "%.2f",
                (cpuTicks(pid) - cpuBefore) * 1000.0 / CLOCK_TICKS_PER_SECOND / samples) : "–";
        Collections.sort(nanos);
        return String.format(Locale.ROOT, "| %s | %.2f | %.2f | %s |", name, nanos.get(samples / 2) / 1e6,
                nanos.get((int) Math.ceil(samples * 0.99) - 1) / 1e6, cpu);
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, args));
        if (Boolean.TRUE.equals(result.isError())) {
            throw new IllegalStateException(tool + " failed: " + result.content());
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
    }

    /** The adapter's JVM: the launcher execs java, so it is this process's child running ptyctl.jar mcp. */
    private static long adapterPid() {
        return ProcessHandle.current().children().filter(h -> h.info().commandLine().orElse("").contains(" mcp"))
                .mapToLong(ProcessHandle::pid).findFirst().orElse(-1);
    }

    /** utime + stime of the process, in clock ticks. */
    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
