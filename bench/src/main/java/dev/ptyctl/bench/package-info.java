/**
 * Throughput benchmarks of the emulator (JMH) on four workloads, run side by side with xterm.js headless on the
 * same bytes so the report is a ratio measured in one run, not a number compared across machines or days.
 */
package dev.ptyctl.bench;
