package dev.ptyctl.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The in-process runners' guard: they must run under the serial collector, the one the server and the JMH bench use.
 * G1, the JVM's default, put the emulator at about 1.5x the CPU per MiB of the serial collector (its write barriers),
 * so numbers from such a run compare with nothing.
 */
final class SerialCollector {
    private SerialCollector() {
    }

    /** Exits with status 2 and says why unless this JVM runs the serial collector. */
    static void require(String runner) {
        if (ManagementFactory.getGarbageCollectorMXBeans().stream().noneMatch(gc -> gc.getName().equals("Copy"))) {
            System.err.println(runner + ": run it with java -XX:+UseSerialGC, the collector of the server and of the JMH"
                    + " bench (this JVM uses " + String.join(", ", ManagementFactory.getGarbageCollectorMXBeans()
                    .stream().map(GarbageCollectorMXBean::getName).toList()) + ")");
            System.exit(2);
        }
    }
}
