package dev.ptyctl.bench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's ceiling: a program that forks {@code cat} on a new 120×40 PTY and does nothing but read the master
 * until end of file ({@code bench/server/pty-drain.c}, compiled with gcc at bench time by {@code bench/server-run};
 * without gcc, a python3 reader of the same shape, which is slower and says so in the table).
 */
final class BareDrain implements CatContender {
    private static final String PYTHON_DRAIN = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execvp(sys.argv[1], sys.argv[1:])
            n = 0
            while True:
                try:
                    b = os.read(fd, 65536)
                except OSError:
                    break
                if not b:
                    break
                n += len(b)
            os.waitpid(pid, 0)
            print(n)
            """;

    private final List<String> command;
    private final String name;

    private BareDrain(List<String> command, String name) {
        this.command = command;
        this.name = name;
    }

    /** The compiled drain when {@code binary} exists, else the python3 fallback. */
    static BareDrain find(Path binary) {
        if (Files.isExecutable(binary)) {
            return new BareDrain(List.of(binary.toString()), "bare PTY drain (C)");
        }
        return new BareDrain(List.of("python3", "-c", PYTHON_DRAIN), "bare PTY drain (python3: no gcc)");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long run(CatWorkload workload) throws Exception {
        List<String> full = new ArrayList<>(command);
        full.add("cat");
        full.addAll(workload.catArgs());
        long start = System.nanoTime();
        Process p = new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        int code = p.waitFor();
        long elapsed = System.nanoTime() - start;
        if (code != 0 || !out.equals(Long.toString(workload.ptyBytes()))) {
            throw new IOException(name + " read " + out + " bytes (exit " + code + "), expected "
                    + workload.ptyBytes());
        }
        return elapsed;
    }
}
