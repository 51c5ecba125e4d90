package dev.ptyctl.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * An A/B of two or more builds of the emulator in one JVM: each vt jar is loaded by a class loader of its own (so
 * each has its own classes, profiles and compiled code), and one workload's 4 MiB is fed to a fresh 120×40 terminal
 * with 1,000 lines of scrollback in 64 KiB writes, by each build in turn, pass after pass; the feeding thread's CPU
 * time per pass gives MiB per CPU-second. Fresh JVMs alternating A and B on this shared two-core host spread by ±30 %
 * per JVM (whole JVMs run at about 100 or about 165 MiB/s on TUI, passes flip between the two: the host core's other
 * hyperthread busy or not, see {@link CoreShare}), which hides the 3–5 % an emulator change is worth; passes
 * interleaved within one JVM meet the same load and the same state of the machine, so the ratio of the builds' medians holds within about 1 % (A/A: 162.4 against 160.9). Swap the order of the jars
 * between runs, and read the ratio, not the absolute speed: a JVM with three builds in it ran nearly always at the
 * slower speed (docs/benchmarks.md, "Eighth session").
 *
 * <p>Usage: {@code java -XX:+UseSerialGC -cp bench/target/bench.jar dev.ptyctl.bench.VtJarPairRunner WORKLOAD SECONDS
 * A.jar B.jar...} (the first 4 s warm-up, then 1.5 s for the compiler threads to finish). Prints one line: each jar's
 * passes, median and 90th percentile, and the median's ratio to the first jar's.
 */
public final class VtJarPairRunner {
    private static final int COLS = 120;
    private static final int ROWS = 40;
    private static final int SCROLLBACK = 1000;
    private static final int WRITE = 64 * 1024;
    private static final long WARM_UP_NANOS = 4_000_000_000L;
    private static final long COMPILER_PAUSE_MILLIS = 1500;

    private VtJarPairRunner() {
    }

    public static void main(String[] args) throws Throwable {
        SerialCollector.require("VtJarPairRunner");
        if (args.length < 4) {
            usage("give a workload, the seconds to run and at least two vt jars");
        }
        Workload workload;
        try {
            workload = Workload.valueOf(args[0]);
        } catch (IllegalArgumentException e) {
            workload = usage("no workload " + args[0] + "; one of " + Arrays.toString(Workload.values()));
        }
        double seconds;
        try {
            seconds = Double.parseDouble(args[1]);
        } catch (NumberFormatException e) {
            seconds = usage("not a number of seconds: " + args[1]);
        }
        List<Path> jars = Arrays.stream(args, 2, args.length).map(Path::of).toList();
        List<Build> builds = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                usage("no such jar: " + jar);
            }
            builds.add(new Build(jar));
        }
        byte[] bytes = workload.bytes();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        boolean measuring = false;
        while (System.nanoTime() < end) {
            if (!measuring && System.nanoTime() - start > WARM_UP_NANOS) {
                Thread.sleep(COMPILER_PAUSE_MILLIS);
                measuring = true;
            }
            for (Build build : builds) {
                Object terminal = build.create.invokeExact(COLS, ROWS, SCROLLBACK);
                long cpu = threads.getCurrentThreadCpuTime();
                for (int off = 0; off < bytes.length; off += WRITE) {
                    build.feed.invokeExact(terminal, bytes, off, Math.min(WRITE, bytes.length - off));
                }
                cpu = threads.getCurrentThreadCpuTime() - cpu;
                if (measuring) {
                    build.rates.add(bytes.length / 1048576.0 / (cpu / 1e9));
                }
            }
        }
        if (!measuring || builds.getFirst().rates.isEmpty()) {
            usage("nothing measured: run longer than " + (WARM_UP_NANOS / 1e9 + COMPILER_PAUSE_MILLIS / 1e3) + " s");
        }
        builds.forEach(build -> Collections.sort(build.rates)); // once: the median and p90 below read them sorted
        StringBuilder line = new StringBuilder(workload.name());
        double first = median(builds.getFirst().rates);
        for (Build build : builds) {
            List<Double> r = build.rates;
            line.append(String.format(Locale.ROOT, " | %s: %d passes, median %.1f, p90 %.1f MiB/CPU-s, %.3f",
                    build.jar.getFileName(), r.size(), median(r), r.get((int) (r.size() * 0.9)), median(r) / first));
        }
        System.out.println(line);
    }

    /** The median of rates already sorted. */
    private static double median(List<Double> sorted) {
        return sorted.get(sorted.size() / 2);
    }

    private static <T> T usage(String problem) {
        System.err.println("VtJarPairRunner: " + problem + "\nusage: java -XX:+UseSerialGC -cp bench.jar "
                + VtJarPairRunner.class.getName() + " WORKLOAD SECONDS A.jar B.jar...");
        System.exit(2);
        return null;
    }

    /** One build of the emulator: its {@code Terminal} constructor and {@code feed}, from its own class loader. */
    private static final class Build {
        final Path jar;
        final MethodHandle create;
        final MethodHandle feed;
        final List<Double> rates = new ArrayList<>();

        Build(Path jar) throws ReflectiveOperationException, java.io.IOException {
            this.jar = jar;
            // The platform loader as parent: the bench jar's own copy of vt must not be found first.
            ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> terminal = loader.loadClass("dev.ptyctl.vt.Terminal");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            create = lookup.findConstructor(terminal, MethodType.methodType(void.class, int.class, int.class, int.class))
                    .asType(MethodType.methodType(Object.class, int.class, int.class, int.class));
            feed = lookup.findVirtual(terminal, "feed", MethodType.methodType(void.class, byte[].class, int.class,
                    int.class)).asType(MethodType.methodType(void.class, Object.class, byte[].class, int.class, int.class));
        }
    }
}
