/**
 * The fault suite: a real {@code ptyctl server} (in this JVM, so its heap, threads and descriptors can be read) and
 * real {@code ptyctl serve} processes, driven by seeded clients that disconnect, resend, fuzz, stall and kill. Every
 * test has a bounded size for each build and a full size ({@code -Dfault.full=true}); each writes its figures into
 * {@code target/fault-report.md}, which {@code docs/reliability.md} quotes. Assertions are about behaviour (bytes,
 * counts, statuses), never about time.
 */
package dev.ptyctl.fault;
