package dev.ptyctl.service.metrics;

import dev.ptyctl.protocol.RpcMethod;
import io.helidon.metrics.api.Counter;
import io.helidon.metrics.api.FunctionalCounter;
import io.helidon.metrics.api.Gauge;
import io.helidon.metrics.api.MeterRegistry;
import io.helidon.metrics.api.Metrics;
import io.helidon.metrics.api.Tag;
import io.helidon.metrics.api.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;

/**
 * The server's meters, one set per process on Helidon's global registry (the one {@code /observe/metrics} serves),
 * named after Prometheus conventions: {@code ptyctl_terminals{state}}, {@code ptyctl_clients},
 * {@code ptyctl_output_bytes_total}, {@code ptyctl_input_bytes_total}, {@code ptyctl_ws_frames_total{direction}},
 * {@code ptyctl_replays_total}, {@code ptyctl_resets_total}, {@code ptyctl_backlog_pauses_total},
 * {@code ptyctl_inputs_deduplicated_total}, {@code ptyctl_rpc_calls_total{method,outcome}},
 * {@code ptyctl_mcp_tool_calls_total{tool,outcome}}, {@code ptyctl_thread_cpu_nanoseconds_total{role}}
 * ({@link ThreadCpu}) and the histogram {@code ptyctl_spawn_seconds}.
 *
 * <p>Why counters are {@code LongAdder}s read by Helidon's functional counters: the output path (one add per chunk
 * read from a PTY, one per frame sent) then costs a few nanoseconds and touches no shared cache line under
 * contention; Helidon sums them when scraped. Labelled counts whose labels are open-ended (JSON-RPC methods, MCP
 * tools) use ordinary counters, made on first use: calls are rare next to output. Gauges sum over every
 * {@link Source} watched, so several servers in one process (tests) each count.
 */
public final class ServerMetrics {
    private static final String PREFIX = "ptyctl.";
    /** Spawn latency buckets: a plain program starts in milliseconds, a shell with start-up files in tens. */
    private static final Duration[] SPAWN_BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500)};
    private static final Set<String> RPC_METHODS = Set.of(RpcMethod.READ, RpcMethod.WRITE, RpcMethod.WAIT,
            RpcMethod.STATUS, RpcMethod.RESIZE, RpcMethod.KILL, RpcMethod.AUTH);
    private static final ServerMetrics PROCESS = new ServerMetrics(Metrics.globalRegistry());

    /** What a running server reports for the gauges. */
    public interface Source {
        /** Terminals whose program runs. */
        long runningTerminals();

        /** Terminals whose program has exited and that are still kept. */
        long exitedTerminals();

        /** WebSocket clients attached to terminals. */
        long clients();
    }

    private final MeterRegistry registry;
    private final List<Source> sources = new CopyOnWriteArrayList<>();
    private final LongAdder outputBytes = new LongAdder();
    private final LongAdder inputBytes = new LongAdder();
    private final LongAdder framesIn = new LongAdder();
    private final LongAdder framesOut = new LongAdder();
    private final LongAdder replays = new LongAdder();
    private final LongAdder resets = new LongAdder();
    private final LongAdder backlogPauses = new LongAdder();
    private final LongAdder inputsDeduplicated = new LongAdder();
    private final Timer spawns;

    private ServerMetrics(MeterRegistry registry) {
        this.registry = registry;
        counter("output.bytes", "Bytes read from the programs' terminals", outputBytes);
        counter("input.bytes", "Bytes written to the programs' terminals (typed, pasted, keys)", inputBytes);
        counter("ws.frames", "WebSocket frames of the terminal protocol", framesIn, Tag.create("direction", "in"));
        counter("ws.frames", "WebSocket frames of the terminal protocol", framesOut, Tag.create("direction", "out"));
        counter("replays", "Reconnects answered by replaying the missed output", replays);
        counter("resets", "Reset frames: a client caught up with a redraw instead of the bytes", resets);
        counter("backlog.pauses", "Times a WebSocket client fell more than clientBacklogBytes behind",
                backlogPauses);
        counter("inputs.deduplicated", "Client frames received again after a reconnect and not applied twice",
                inputsDeduplicated);
        for (ThreadCpu.Role role : ThreadCpu.Role.values()) {
            registry.getOrCreate(FunctionalCounter.builder(PREFIX + "thread.cpu.nanoseconds", role, ThreadCpu::nanos)
                    .description("CPU time of the server's ended output-path threads, by role")
                    .tags(List.of(Tag.create("role", role.label()))));
        }
        ThreadCpu.enable();
        gauge("terminals", "Terminals by state", Source::runningTerminals, Tag.create("state", "running"));
        gauge("terminals", "Terminals by state", Source::exitedTerminals, Tag.create("state", "exited"));
        gauge("clients", "WebSocket clients attached to terminals", Source::clients);
        // No percentiles: Helidon's timers publish six by default, which its Prometheus formatter writes as
        // quantile samples inside the histogram's family (a summary's shape under TYPE histogram, which strict
        // parsers refuse); the buckets give any quantile over any window with histogram_quantile().
        spawns = registry.getOrCreate(Timer.builder(PREFIX + "spawn")
                .description("Time to start a terminal's program in its PTY").baseUnit(TimeUnit.SECONDS)
                .buckets(SPAWN_BUCKETS).percentiles(new double[0]));
    }

    /** The process's meters. */
    public static ServerMetrics get() {
        return PROCESS;
    }

    private void counter(String name, String description, LongAdder adder, Tag... tags) {
        registry.getOrCreate(FunctionalCounter.builder(PREFIX + name, adder, LongAdder::sum)
                .description(description).tags(List.of(tags)));
    }

    private void gauge(String name, String description, ToLongFunction<Source> value, Tag... tags) {
        registry.getOrCreate(Gauge.builder(PREFIX + name, sources, all -> sum(all, value))
                .description(description).tags(List.of(tags)));
    }

    private static double sum(List<Source> all, ToLongFunction<Source> value) {
        long total = 0;
        for (Source source : all) {
            total += value.applyAsLong(source);
        }
        return total;
    }

    /** Counts a running server's terminals and clients in the gauges until {@link #unwatch}. */
    public void watch(Source source) {
        sources.add(source);
    }

    /** Stops counting a server that stopped. */
    public void unwatch(Source source) {
        sources.remove(source);
    }

    /** A chunk of program output was read (an {@code OutputListener}: once per chunk, never per byte). */
    public void outputRead(byte[] data, int offset, int length, long outputSeqAfter) {
        outputBytes.add(length);
    }

    /** Bytes were written to a program's terminal. */
    public void inputWritten(int bytes) {
        inputBytes.add(bytes);
    }

    /** A terminal-protocol frame arrived from a WebSocket client. */
    public void frameIn() {
        framesIn.increment();
    }

    /** A terminal-protocol frame was sent to a WebSocket client. */
    public void frameOut() {
        framesOut.increment();
    }

    /** A reconnecting client was caught up from the output log. */
    public void replayed() {
        replays.increment();
    }

    /** A client was sent a reset frame. */
    public void reset() {
        resets.increment();
    }

    /** A client fell more than its backlog behind the newest output. */
    public void backlogPaused() {
        backlogPauses.increment();
    }

    /** A client frame was recognised as one already applied. */
    public void inputDeduplicated() {
        inputsDeduplicated.increment();
    }

    /** A terminal's program started; {@code nanos} is how long that took. */
    public void spawned(long nanos) {
        spawns.record(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * A JSON-RPC call was answered, by the terminal's socket or through the HTTP port.
     *
     * @param method  the method asked for (names outside the protocol count as {@code other}, so a client cannot
     *                grow the label set)
     * @param outcome {@code ok}, or the error's kind ({@code invalid_params}, {@code method_not_found}, ...)
     */
    public void rpcCall(String method, String outcome) {
        registry.getOrCreate(Counter.builder(PREFIX + "rpc.calls").description("JSON-RPC calls by method and outcome")
                .tags(List.of(Tag.create("method", RPC_METHODS.contains(method) ? method : "other"),
                        Tag.create("outcome", outcome)))).increment();
    }

    /**
     * An MCP tool call was answered (for the MCP adapter).
     *
     * @param tool    the tool's name, e.g. {@code terminal_run}
     * @param outcome {@code ok}, or a short word for the failure ({@code error})
     */
    public void mcpToolCall(String tool, String outcome) {
        registry.getOrCreate(Counter.builder(PREFIX + "mcp.tool.calls").description("MCP tool calls by tool and outcome")
                .tags(List.of(Tag.create("tool", tool), Tag.create("outcome", outcome)))).increment();
    }
}
