package dev.ptyctl.bench.server;

import dev.ptyctl.bench.Workload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.List;

/**
 * One workload of the emulator bench as a file to {@code cat} (the same file {@code bench/run} writes to
 * {@code bench/target/workloads}), named {@code copies} times on cat's command line so that start-up costs (a
 * fork, a tmux server, a REST call) are small beside the streaming, plus what a PTY with default settings turns
 * it into: {@code onlcr} makes every LF a CR LF, so the reader sees a little more than the file.
 *
 * @param workload       which stream
 * @param file           the file
 * @param copies         how many times cat reads it in one run
 * @param fileBytes      bytes cat writes in one run (the figure MiB/s is computed from)
 * @param ptyBytes       bytes a reader of the PTY receives in one run
 * @param ptySha256      SHA-256 of those bytes
 */
record CatWorkload(Workload workload, Path file, int copies, long fileBytes, long ptyBytes, byte[] ptySha256) {

    /** The workload's file in {@code dir}, written from the fixed seed when missing. */
    static CatWorkload prepare(Workload workload, Path dir, int copies) throws IOException {
        Path file = dir.resolve(workload.name() + ".bin");
        byte[] bytes = workload.writeTo(dir);
        ByteArrayOutputStream pty = new ByteArrayOutputStream(bytes.length + bytes.length / 16);
        for (byte b : bytes) {
            if (b == '\n') {
                pty.write('\r');
            }
            pty.write(b);
        }
        byte[] once = pty.toByteArray();
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (int i = 0; i < copies; i++) {
            sha.update(once);
        }
        return new CatWorkload(workload, file.toAbsolutePath(), copies, (long) bytes.length * copies,
                (long) once.length * copies, sha.digest());
    }

    /** CPU milliseconds per MiB of {@link #fileBytes} for {@code ticks} clock ticks (1/100 s, or a fraction) of CPU. */
    double msPerMib(double ticks) {
        return ticks * 10.0 / mib();
    }

    /** MiB of {@link #fileBytes}: what per-MiB figures divide by. */
    double mib() {
        return fileBytes / (1024.0 * 1024.0);
    }

    /** {@code cat}'s arguments: the file, {@link #copies} times. */
    List<String> catArgs() {
        return Collections.nCopies(copies, file.toString());
    }

    /** The shell command line {@code cat FILE FILE ...}. */
    String catCommand() {
        return "cat" + (" " + file).repeat(copies);
    }

    String name() {
        return workload.name();
    }
}
