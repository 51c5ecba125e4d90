/**
 * What an operator sees at {@code /observe/metrics} (Prometheus text, through Helidon's metrics on Micrometer):
 * {@link dev.ptyctl.service.metrics.ServerMetrics} keeps the counts where they happen (a {@code LongAdder} add per
 * output chunk, per frame, per call: nothing measurable on the output path) and lets Helidon read them at scrape
 * time; gauges are read from the live servers. {@link dev.ptyctl.service.metrics.ThreadCpu} sums the CPU time of the
 * output path's threads by role as each ends (readers, screen threads, senders), which the server bench splits a
 * stream's CPU by. Also the API the MCP adapter reports its tool calls through.
 */
package dev.ptyctl.service.metrics;
