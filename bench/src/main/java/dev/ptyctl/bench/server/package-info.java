/**
 * The whole-process server bench (issue 4, item 9): {@code ptyctl server} started as a separate process and measured
 * from the outside, side by side in one run with tmux and a bare PTY drain: end-to-end {@code cat} throughput through
 * PTY, emulator, output log and one protocol-2 WebSocket client; echo latency over the WebSocket and JSON-RPC; heap
 * and idle CPU with 500 idle terminals. {@code bench/server-run} builds and runs it; docs/benchmarks.md has results.
 */
package dev.ptyctl.bench.server;
